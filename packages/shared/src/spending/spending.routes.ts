import type { RoutesOf } from '../http/route';
import type { spendingContract } from './spending.contract';

/** Where each endpoint lives; the contract adds the schemas. */
export const routeTable = {
  initiative: { method: 'GET', path: '/initiative/:initiativeId/spending', public: true },
  regulation: {
    method: 'GET',
    path: '/funder/:funderId/regulation/:regulationId/spending',
    public: true,
  },
} as const;

/** The routes typed by the contract, for clients that do not load the schemas. */
export const spendingRoutes = routeTable as RoutesOf<typeof spendingContract>;
