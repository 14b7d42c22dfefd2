import type { FastifyReply } from 'fastify';
import type { LimitState } from './fake-limits';
import type { Agreement, DataScope } from './fake-state';

/**
 * The error bodies of the real service: `{summary, detail, status_code, type?}`, or a body keyed
 * by the field that failed validation.
 */

export interface ErrorAnswer {
  status: number;
  body: Record<string, unknown>;
}

function error(status: number, summary: string, detail: string, type?: string): ErrorAnswer {
  return { status, body: { summary, detail, ...(type ? { type } : {}), status_code: status } };
}

export const notFound = (): ErrorAnswer => error(404, 'Not found.', 'Not found.');

export const invalidToken = (): ErrorAnswer =>
  error(401, 'Invalid token', 'Token is invalid or expired');

export const noCredentials = (): ErrorAnswer =>
  error(
    401,
    'Authentication credentials were not provided.',
    'Authentication credentials were not provided.',
  );

export const authenticationFailed = (): ErrorAnswer =>
  error(401, 'Authentication failed', 'No active account found with the given credentials');

export const rateLimited = (limitText: string, seconds: number): ErrorAnswer =>
  error(
    429,
    'Rate limit exceeded',
    `The rate limit for this resource is ${limitText}. Please try again in ${seconds} seconds`,
  );

const UPDATE_FAILED: Record<DataScope, string> = {
  details: "Couldn't update account details",
  balances: "Couldn't update account balances",
  transactions: "Couldn't update account transactions",
};

export const bankRateLimited = (scope: DataScope): ErrorAnswer =>
  error(
    429,
    UPDATE_FAILED[scope],
    'Daily request limit set by the Institution has been exceeded.',
    'RateLimitError',
  );

export const accessRevoked = (scope: DataScope): ErrorAnswer =>
  error(
    401,
    UPDATE_FAILED[scope],
    'Access has expired or it has been revoked. To restore access reconnect the account.',
    'AccessExpiredError',
  );

export const accountSuspended = (): ErrorAnswer =>
  error(
    409,
    'Account suspended',
    'This account or its requisition was suspended due to numerous errors that occurred while accessing it.',
  );

export const accountProcessing = (): ErrorAnswer =>
  error(
    409,
    'Account is Processing',
    'Your account data is currently being processed. Please try again shortly.',
  );

export function agreementExpired(agreement: Agreement, endedAt: number): ErrorAnswer {
  return error(
    agreement.endedStatus,
    `End User Agreement (EUA) ${agreement.id} has expired`,
    `EUA was valid for ${agreement.access_valid_for_days} days and it expired at ` +
      `${new Date(endedAt).toISOString()}. The end user must connect the account once more ` +
      'with new EUA and Requisition',
  );
}

/** A validation error of one field, keyed by that field. */
export function fieldError(field: string, summary: string, detail = summary): ErrorAnswer {
  return { status: 400, body: { [field]: { summary, detail }, status_code: 400 } };
}

export const badRequest = (summary: string, detail: string): ErrorAnswer =>
  error(400, summary, detail);

export type Query = Record<string, string | string[] | undefined>;

/** The first value of a query parameter. */
export function one(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

export function sendError(reply: FastifyReply, answer: ErrorAnswer): FastifyReply {
  return reply.status(answer.status).send(answer.body);
}

export function limitHeaders(reply: FastifyReply, state: LimitState, prefix = ''): void {
  reply.header(`HTTP_X_RATELIMIT_${prefix}LIMIT`, String(state.limit));
  reply.header(`HTTP_X_RATELIMIT_${prefix}REMAINING`, String(state.remaining));
  reply.header(`HTTP_X_RATELIMIT_${prefix}RESET`, String(state.reset));
}
