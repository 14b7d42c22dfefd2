import type { RoutesOf } from '../http/route';
import type { auditContract } from './audit.contract';

/** Where each endpoint lives; the contract adds the schemas. */
export const routeTable = {
  list: { method: 'GET', path: '/audit' },
} as const;

/** The routes typed by the contract, for clients that do not load the schemas. */
export const auditRoutes = routeTable as RoutesOf<typeof auditContract>;
