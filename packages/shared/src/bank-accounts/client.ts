/** What a browser needs without the schemas: routes and constants, free of zod. */
export * from './bank-accounts.constants';
export { bankAccountsRoutes } from './bank-accounts.routes';
