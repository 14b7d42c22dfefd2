/** What a browser needs without the schemas: routes and constants, free of zod. */
export * from './receipts.constants';
export { receiptsRoutes } from './receipts.routes';
