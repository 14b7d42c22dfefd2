/** What a browser needs of the wire rules without the schemas: free of zod. */
export * from './constants';
export * from './route';
