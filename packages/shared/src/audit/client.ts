/** What a browser needs without the schemas: routes and constants, free of zod. */
export * from './audit.constants';
export { auditRoutes } from './audit.routes';
