export * from './regulations.schema';
export * from './regulations.contract';
export * from './client';
