export * from './receipts.schema';
export * from './receipts.contract';
export * from './client';
