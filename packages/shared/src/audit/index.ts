export * from './audit.schema';
export * from './audit.contract';
export * from './client';
