export * from './activities.schema';
export * from './activities.contract';
