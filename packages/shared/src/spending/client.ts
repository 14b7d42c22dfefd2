/** What a browser needs without the schemas: routes and constants, free of zod. */
export * from './spending.constants';
export { spendingRoutes } from './spending.routes';
