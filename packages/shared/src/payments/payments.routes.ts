import type { RoutesOf } from '../http/route';
import type { paymentsContract } from './payments.contract';

/** Where each endpoint lives; the contract adds the schemas. */
export const routeTable = {
  create: { method: 'POST', path: '/payment' },
  get: { method: 'GET', path: '/payment/:paymentId', public: true },
  update: { method: 'PATCH', path: '/payment/:paymentId' },
  remove: { method: 'DELETE', path: '/payment/:paymentId', status: 204 },
  linkInitiative: { method: 'PATCH', path: '/payment/:paymentId/initiative' },
  linkActivity: { method: 'PATCH', path: '/payment/:paymentId/activity' },
  bulkLink: { method: 'POST', path: '/payments/links' },
  addAttachments: {
    method: 'POST',
    path: '/payment/:paymentId/attachments',
    bodyType: 'multipart',
  },
  removeAttachment: {
    method: 'DELETE',
    path: '/payment/:paymentId/attachment/:attachmentId',
    status: 204,
  },
  review: { method: 'PUT', path: '/payment/:paymentId/review' },
  reopen: { method: 'DELETE', path: '/payment/:paymentId/review' },
  reviewSummary: { method: 'GET', path: '/payments/initiative/:initiativeId/review' },
  initiative: { method: 'GET', path: '/payments/initiative/:initiativeId', public: true },
  activity: {
    method: 'GET',
    path: '/payments/initiative/:initiativeId/activity/:activityId',
    public: true,
  },
  initiativeExport: {
    method: 'GET',
    path: '/payments/initiative/:initiativeId/export',
    public: true,
  },
  activityExport: {
    method: 'GET',
    path: '/payments/initiative/:initiativeId/activity/:activityId/export',
    public: true,
  },
  user: { method: 'GET', path: '/payments/user/:userId' },
  linkableInitiatives: { method: 'GET', path: '/auth/entity-access/linkable-initiatives' },
  linkableActivities: {
    method: 'GET',
    path: '/auth/entity-access/initiative/:initiativeId/linkable-activities',
  },
} as const;

/** The routes typed by the contract, for clients that do not load the schemas. */
export const paymentsRoutes = routeTable as RoutesOf<typeof paymentsContract>;
