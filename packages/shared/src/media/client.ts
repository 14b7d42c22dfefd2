/** What a browser needs without the schemas: routes and constants, free of zod. */
export { mediaRoutes } from './media.routes';
