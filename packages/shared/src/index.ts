export * from './http';
export * from './money';
export * from './permissions';
