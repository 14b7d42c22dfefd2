export * from './regulations.schema';
export * from './regulations.contract';
