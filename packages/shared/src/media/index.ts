export * from './media.schema';
export * from './media.contract';
export * from './client';
