export * from './initiatives.schema';
export * from './initiatives.contract';
export * from './client';
