/** What a browser needs without the schemas: routes and constants, free of zod. */
export * from './initiatives.constants';
export { initiativesRoutes } from './initiatives.routes';
