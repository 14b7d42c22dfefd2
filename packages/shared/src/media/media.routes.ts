import type { RoutesOf } from '../http/route';
import type { mediaContract } from './media.contract';

/** Where each endpoint lives; the contract adds the schemas. */
export const routeTable = {
  initiative: { method: 'GET', path: '/initiative/:initiativeId/media', public: true },
  activity: {
    method: 'GET',
    path: '/initiative/:initiativeId/activity/:activityId/media',
    public: true,
  },
  reading: { method: 'GET', path: '/media/:mediaId/reading' },
} as const;

/** The routes typed by the contract, for clients that do not load the schemas. */
export const mediaRoutes = routeTable as RoutesOf<typeof mediaContract>;
