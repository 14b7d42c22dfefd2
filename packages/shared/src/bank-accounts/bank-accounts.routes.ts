import type { RoutesOf } from '../http/route';
import type { bankAccountsContract } from './bank-accounts.contract';

/** Where each endpoint lives; the contract adds the schemas. */
export const routeTable = {
  list: { method: 'GET', path: '/user/:userId/bank-accounts' },
  get: { method: 'GET', path: '/user/:userId/bank-account/:bankAccountId' },
  revoke: { method: 'PATCH', path: '/user/:userId/bank-account/:bankAccountId' },
  setUsers: { method: 'PATCH', path: '/user/:userId/bank-account/:bankAccountId/users' },
  remove: { method: 'DELETE', path: '/user/:userId/bank-account/:bankAccountId', status: 204 },
  preview: { method: 'POST', path: '/user/:userId/statement-imports', bodyType: 'multipart' },
  confirm: { method: 'POST', path: '/user/:userId/statement-import/:importId/confirm' },
  progress: { method: 'GET', path: '/user/:userId/statement-import/:importId' },
  cancel: { method: 'DELETE', path: '/user/:userId/statement-import/:importId', status: 204 },
  institutions: { method: 'GET', path: '/utils/gocardless/institutions', public: true },
  initiate: { method: 'GET', path: '/users/:userId/gocardless-initiate' },
  sync: { method: 'POST', path: '/user/:userId/bank-account/:bankAccountId/sync' },
} as const;

/** The routes typed by the contract, for clients that do not load the schemas. */
export const bankAccountsRoutes = routeTable as RoutesOf<typeof bankAccountsContract>;
