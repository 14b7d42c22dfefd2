import type { RoutesOf } from '../http/route';
import type { regulationsContract } from './regulations.contract';

/** Where each endpoint lives; the contract adds the schemas. */
export const routeTable = {
  list: { method: 'GET', path: '/funder/:funderId/regulations', public: true },
  create: { method: 'POST', path: '/funder/:funderId/regulation' },
  get: { method: 'GET', path: '/funder/:funderId/regulation/:regulationId', public: true },
  update: { method: 'PATCH', path: '/funder/:funderId/regulation/:regulationId' },
  remove: { method: 'DELETE', path: '/funder/:funderId/regulation/:regulationId', status: 204 },
  setOfficers: { method: 'PATCH', path: '/funder/:funderId/regulation/:regulationId/officers' },
} as const;

/** The routes typed by the contract, for clients that do not load the schemas. */
export const regulationsRoutes = routeTable as RoutesOf<typeof regulationsContract>;
