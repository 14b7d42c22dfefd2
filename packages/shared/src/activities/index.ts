export * from './activities.schema';
export * from './activities.contract';
export * from './client';
