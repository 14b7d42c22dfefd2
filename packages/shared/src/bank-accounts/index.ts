export * from './bank-accounts.schema';
export * from './bank-accounts.contract';
export * from './client';
