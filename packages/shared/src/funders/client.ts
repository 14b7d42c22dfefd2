/** What a browser needs without the schemas: routes and constants, free of zod. */
export * from './funders.constants';
export { fundersRoutes } from './funders.routes';
