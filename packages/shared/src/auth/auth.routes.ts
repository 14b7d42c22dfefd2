import type { RoutesOf } from '../http/route';
import type { authContract } from './auth.contract';

/** Where each endpoint lives; the contract adds the schemas. */
export const routeTable = {
  login: { method: 'POST', path: '/auth/jwt/login', public: true, bodyType: 'form' },
  forgotPassword: { method: 'POST', path: '/auth/forgot-password', public: true, status: 202 },
  resetPassword: { method: 'POST', path: '/auth/reset-password', public: true },
  actions: { method: 'GET', path: '/auth/entity-access/actions', public: true },
  editFields: { method: 'GET', path: '/auth/entity-access/edit-fields', public: true },
} as const;

/** The routes typed by the contract, for clients that do not load the schemas. */
export const authRoutes = routeTable as RoutesOf<typeof authContract>;
