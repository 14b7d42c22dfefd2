export * from './verantwoording.schema';
export * from './verantwoording.contract';
export * from './client';
