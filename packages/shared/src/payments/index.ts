export * from './payments.schema';
