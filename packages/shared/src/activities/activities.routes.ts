import type { RoutesOf } from '../http/route';
import type { activitiesContract } from './activities.contract';

const base = '/initiative/:initiativeId/activity';

/** Where each endpoint lives; the contract adds the schemas. */
export const routeTable = {
  create: { method: 'POST', path: base },
  get: { method: 'GET', path: `${base}/:activityId`, public: true },
  update: { method: 'PATCH', path: `${base}/:activityId` },
  remove: { method: 'DELETE', path: `${base}/:activityId`, status: 204 },
  setOwners: { method: 'PATCH', path: `${base}/:activityId/owners` },
  uploadPicture: {
    method: 'POST',
    path: `${base}/:activityId/profile-picture`,
    bodyType: 'multipart',
  },
  removePicture: { method: 'DELETE', path: `${base}/:activityId/profile-picture`, status: 204 },
} as const;

/** The routes typed by the contract, for clients that do not load the schemas. */
export const activitiesRoutes = routeTable as RoutesOf<typeof activitiesContract>;
