export * from './users';
export * from './audit';
export * from './sponsors';
export * from './initiatives';
export * from './payments';
export * from './bank-accounts';
export * from './rate-limits';
export * from './receipts';
