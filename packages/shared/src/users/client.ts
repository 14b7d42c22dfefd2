/** What a browser needs without the schemas: routes and constants, free of zod. */
export * from './users.constants';
export { usersRoutes } from './users.routes';
