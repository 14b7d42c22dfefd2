export * from './spending.schema';
export * from './spending.contract';
export * from './client';
