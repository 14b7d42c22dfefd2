export * from './grants.schema';
export * from './grants.contract';
export * from './client';
