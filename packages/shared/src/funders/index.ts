export * from './funders.schema';
export * from './funders.contract';
export * from './client';
