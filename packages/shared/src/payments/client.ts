/** What a browser needs without the schemas: routes and constants, free of zod. */
export * from './payments.constants';
export { paymentsRoutes } from './payments.routes';
export { counterpartySide, maskAccountNumbers, SHIELDED_NAME, shieldName } from './privacy';
