export * from './overview.schema';
export * from './overview.contract';
export * from './client';
