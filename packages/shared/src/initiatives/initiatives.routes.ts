import type { RoutesOf } from '../http/route';
import type { initiativesContract } from './initiatives.contract';

/** Where each endpoint lives; the contract adds the schemas. */
export const routeTable = {
  list: { method: 'GET', path: '/initiatives', public: true },
  create: {
    method: 'POST',
    path: '/funder/:funderId/regulation/:regulationId/grant/:grantId/initiative',
  },
  get: { method: 'GET', path: '/initiative/:id', public: true },
  update: { method: 'PATCH', path: '/initiative/:id' },
  remove: { method: 'DELETE', path: '/initiative/:id', status: 204 },
  setOwners: { method: 'PATCH', path: '/initiative/:id/owners' },
  uploadPicture: { method: 'POST', path: '/initiative/:id/profile-picture', bodyType: 'multipart' },
  removePicture: { method: 'DELETE', path: '/initiative/:id/profile-picture', status: 204 },
} as const;

/** The routes typed by the contract, for clients that do not load the schemas. */
export const initiativesRoutes = routeTable as RoutesOf<typeof initiativesContract>;
