/** What a browser needs without the schemas: routes and constants, free of zod. */
export * from './grants.constants';
export { grantsRoutes } from './grants.routes';
