/** What a browser needs without the schemas: routes and constants, free of zod. */
export * from './regulations.constants';
export { regulationsRoutes } from './regulations.routes';
