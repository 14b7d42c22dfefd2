import type { RoutesOf } from '../http/route';
import type { grantsContract } from './grants.contract';

const base = '/funder/:funderId/regulation/:regulationId';

/** Where each endpoint lives; the contract adds the schemas. */
export const routeTable = {
  list: { method: 'GET', path: `${base}/grants`, public: true },
  create: { method: 'POST', path: `${base}/grant` },
  get: { method: 'GET', path: `${base}/grant/:grantId`, public: true },
  update: { method: 'PATCH', path: `${base}/grant/:grantId` },
  remove: { method: 'DELETE', path: `${base}/grant/:grantId`, status: 204 },
  setOverseers: { method: 'PATCH', path: `${base}/grant/:grantId/overseers` },
} as const;

/** The routes typed by the contract, for clients that do not load the schemas. */
export const grantsRoutes = routeTable as RoutesOf<typeof grantsContract>;
