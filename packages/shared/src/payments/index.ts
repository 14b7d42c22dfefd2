export * from './payments.schema';
export * from './payments.contract';
export * from './client';
export * from './suggestions.schema';
