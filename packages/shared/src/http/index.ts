export * from './contract';
export * from './errors';
export * from './schema';
export * from './client';
