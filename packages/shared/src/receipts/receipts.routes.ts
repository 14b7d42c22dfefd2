import type { RoutesOf } from '../http/route';
import type { receiptsContract } from './receipts.contract';

/** Where each endpoint of the receipt inbox lives (docs/api-rules.md §22). */
export const routeTable = {
  add: { method: 'POST', path: '/receipts/inbox', bodyType: 'multipart' },
  list: { method: 'GET', path: '/receipts/inbox' },
  matchAll: { method: 'POST', path: '/receipts/inbox/matches' },
  match: { method: 'POST', path: '/receipts/inbox/:receiptId/match' },
  createPayment: { method: 'POST', path: '/receipts/inbox/:receiptId/payment' },
  remove: { method: 'DELETE', path: '/receipts/inbox/:receiptId', status: 204 },
} as const;

/** The routes typed by the contract, for clients that do not load the schemas. */
export const receiptsRoutes = routeTable as RoutesOf<typeof receiptsContract>;
