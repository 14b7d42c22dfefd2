import type { RoutesOf } from '../http/route';
import type { fundersContract } from './funders.contract';

/** Where each endpoint lives; the contract adds the schemas. */
export const routeTable = {
  list: { method: 'GET', path: '/funders', public: true },
  create: { method: 'POST', path: '/funder' },
  get: { method: 'GET', path: '/funder/:id', public: true },
  update: { method: 'PATCH', path: '/funder/:id' },
  remove: { method: 'DELETE', path: '/funder/:id', status: 204 },
  uploadLogo: { method: 'POST', path: '/funder/:id/logo', bodyType: 'multipart' },
  removeLogo: { method: 'DELETE', path: '/funder/:id/logo', status: 204 },
  openDataJson: { method: 'GET', path: '/funder/:id/360giving.json', public: true },
  openDataCsv: { method: 'GET', path: '/funder/:id/360giving.csv', public: true },
} as const;

/** The routes typed by the contract, for clients that do not load the schemas. */
export const fundersRoutes = routeTable as RoutesOf<typeof fundersContract>;
