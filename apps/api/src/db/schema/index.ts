export * from './users';
export * from './audit';
export * from './sponsors';
