import { emptyResponse } from '../http';
import { endpoint } from '../http';
import { routeTable } from './receipts.routes';
import {
  inboxQuery,
  inboxResponse,
  matchBody,
  matchedSchema,
  matchesBody,
  matchesResponse,
  paymentFromReceiptBody,
  receiptParams,
} from './receipts.schema';

/** The receipt inbox: drop many receipts, match them to payments (docs/api-rules.md §22). */
export const receiptsContract = {
  add: endpoint({
    ...routeTable.add,
    summary:
      'Drop receipts (multipart field "files", repeatable; pdf, png or jpeg) in the inbox of an initiative, or your own',
    query: inboxQuery,
    response: inboxResponse,
  }),
  list: endpoint({
    ...routeTable.list,
    summary:
      'Your unmatched receipts of an initiative (or your own), each with its reading and the payments it may belong to',
    query: inboxQuery,
    response: inboxResponse,
  }),
  matchAll: endpoint({
    ...routeTable.matchAll,
    summary: 'Attach receipts to payments, all or none',
    body: matchesBody,
    response: matchesResponse,
  }),
  match: endpoint({
    ...routeTable.match,
    summary: 'Attach one receipt to a payment',
    params: receiptParams,
    body: matchBody,
    response: matchedSchema,
  }),
  createPayment: endpoint({
    ...routeTable.createPayment,
    summary: 'Record a manual expense from a receipt and attach the receipt to it',
    params: receiptParams,
    body: paymentFromReceiptBody,
    response: matchedSchema,
  }),
  remove: endpoint({
    ...routeTable.remove,
    summary: 'Remove an unmatched receipt and its files',
    params: receiptParams,
    response: emptyResponse,
  }),
};
