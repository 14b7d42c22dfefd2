/** What a browser needs without the schemas: routes and constants, free of zod. */
export * from './overview.constants';
export { overviewRoutes } from './overview.routes';
