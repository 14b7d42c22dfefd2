import type { RoutesOf } from '../http/route';
import type { usersContract } from './users.contract';

/** Where each endpoint lives; the contract adds the schemas. */
export const routeTable = {
  list: { method: 'GET', path: '/users', public: true },
  get: { method: 'GET', path: '/user/:id', public: true },
  invite: { method: 'POST', path: '/user', bodyType: 'multipart' },
  update: { method: 'PATCH', path: '/user/:id' },
  remove: { method: 'DELETE', path: '/user/:id', status: 204 },
  uploadPicture: { method: 'POST', path: '/user/:id/profile-picture', bodyType: 'multipart' },
  removePicture: { method: 'DELETE', path: '/user/:id/profile-picture', status: 204 },
  unsubscribeReminders: { method: 'POST', path: '/reminders/unsubscribe', public: true },
} as const;

/** The routes typed by the contract, for clients that do not load the schemas. */
export const usersRoutes = routeTable as RoutesOf<typeof usersContract>;
