export * from './users.schema';
export * from './users.contract';
export * from './client';
