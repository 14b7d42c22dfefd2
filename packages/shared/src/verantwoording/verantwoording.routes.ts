import type { RoutesOf } from '../http/route';
import type { verantwoordingContract } from './verantwoording.contract';

/** Where each endpoint lives; the contract adds the schemas. */
export const routeTable = {
  initiative: {
    method: 'GET',
    path: '/initiative/:initiativeId/verantwoording',
    public: true,
  },
  activity: {
    method: 'GET',
    path: '/initiative/:initiativeId/activity/:activityId/verantwoording',
    public: true,
  },
} as const;

/** The routes typed by the contract, for clients that do not load the schemas. */
export const verantwoordingRoutes = routeTable as RoutesOf<typeof verantwoordingContract>;
