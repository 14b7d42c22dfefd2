/** What a browser needs without the schemas: routes and constants, free of zod. */
export * from './verantwoording.constants';
export { verantwoordingRoutes } from './verantwoording.routes';
