export * from './funders.schema';
export * from './funders.contract';
