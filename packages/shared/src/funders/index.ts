export * from './funders.schema';
export * from './funders.contract';
export * from './client';
export * from './open-data.schema';
