import type { RoutesOf } from '../http/route';
import type { overviewContract } from './overview.contract';

const regulation = '/funder/:funderId/regulation/:regulationId';

/** Where each endpoint lives; the contract adds the schemas. */
export const routeTable = {
  regulation: { method: 'GET', path: `${regulation}/overview` },
  grant: { method: 'GET', path: `${regulation}/grant/:grantId/overview` },
} as const;

/** The routes typed by the contract, for clients that do not load the schemas. */
export const overviewRoutes = routeTable as RoutesOf<typeof overviewContract>;
