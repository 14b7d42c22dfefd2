import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ErrorBody, FieldError } from '@helder/shared/http';
import { AppError, isUniqueViolation } from './errors';

const FASTIFY_CODES: Record<string, { status: number; code: ErrorBody['code'] }> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, code: 'UNSUPPORTED_MEDIA_TYPE' },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, code: 'PAYLOAD_TOO_LARGE' },
  FST_REQ_FILE_TOO_LARGE: { status: 413, code: 'PAYLOAD_TOO_LARGE' },
  FST_FILES_LIMIT: { status: 413, code: 'PAYLOAD_TOO_LARGE' },
  FST_INVALID_MULTIPART_CONTENT_TYPE: { status: 415, code: 'UNSUPPORTED_MEDIA_TYPE' },
};

// Node's socket errors on the way to a server.
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
// PostgreSQL going away or not back yet (admin_shutdown, crash_shutdown, cannot_connect_now,
// too_many_connections) and class 08, connection exceptions: the query was fine.
const UNAVAILABLE_SQLSTATE = /^(57P0[123]|53300|08[0-9A-Z]{3})$/;
// node-postgres reports a lost connection without a code, by these messages only.
const CONNECTION_LOST =
  /^(Connection terminated|Client has encountered a connection error|Client was closed|timeout exceeded when trying to connect)/;

/**
 * Whether a failure means "the database (or another service) cannot be reached right now"
 * rather than a bug. Drizzle wraps the driver's error in `cause`, and a connection to a host
 * with several addresses fails with an AggregateError of one error per address.
 */
function isUnavailable(e: unknown): boolean {
  for (let err = e; typeof err === 'object' && err !== null; err = (err as Error).cause) {
    const { code, message, errors } = err as {
      code?: unknown;
      message?: unknown;
      errors?: unknown;
    };
    if (typeof code === 'string' && (NETWORK_CODES.has(code) || UNAVAILABLE_SQLSTATE.test(code))) {
      return true;
    }
    if (typeof message === 'string' && CONNECTION_LOST.test(message)) return true;
    if (Array.isArray(errors) && errors.some(isUnavailable)) return true;
  }
  return false;
}

/** Seconds a client should wait before retrying after a 503. */
const RETRY_AFTER_SECONDS = 5;

export function installErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      const body: ErrorBody = { detail: error.message, code: error.code };
      if (error.errors) body.errors = error.errors;
      return reply.status(error.status).send(body);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      // fastify-type-provider-zod 7: `keyword` is the zod issue code, `message` its text.
      const errors: FieldError[] = error.validation.map((v) => ({
        field: v.instancePath.replace(/^\//, '').replaceAll('/', '.'),
        code: v.keyword,
        message: v.message ?? 'Invalid value',
      }));
      return reply.status(422).send({
        detail: 'Validation failed',
        code: 'VALIDATION_ERROR',
        errors,
      } satisfies ErrorBody);
    }
    if (error.statusCode === 429) {
      return reply.status(429).send({ detail: 'Too many requests', code: 'RATE_LIMITED' });
    }
    const known = error.code ? FASTIFY_CODES[error.code] : undefined;
    if (known) return reply.status(known.status).send({ detail: error.message, code: known.code });
    if (isUniqueViolation(error)) {
      return reply.status(409).send({ detail: 'Already exists', code: 'CONFLICT' });
    }
    if (isUnavailable(error)) {
      request.log.warn({ err: error }, 'service unavailable');
      return reply
        .status(503)
        .header('retry-after', String(RETRY_AFTER_SECONDS))
        .send({
          detail: 'The service is temporarily unavailable; try again shortly',
          code: 'SERVICE_UNAVAILABLE',
        } satisfies ErrorBody);
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      // Malformed JSON, bad headers, empty bodies: the client's fault, never a 500.
      return reply.status(400).send({ detail: error.message, code: 'BAD_REQUEST' });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply
      .status(500)
      .send({ detail: 'internal error', code: 'INTERNAL_ERROR', request_id: request.id });
  });
}
