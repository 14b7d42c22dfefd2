export * from './auth.schema';
export * from './auth.contract';
export * from './client';
