import type { z } from 'zod';
import { ProviderError, type PresentUser, type ProviderErrorKind } from '../provider';

/** The part of a pino logger the client uses. */
export interface ProviderLog {
  info(details: Record<string, unknown>, message: string): void;
  warn(details: Record<string, unknown>, message: string): void;
}

interface RequestOptions<T> {
  query?: Record<string, string | undefined>;
  body?: unknown;
  /** Forwarded as PSU headers: only on calls a present user caused. */
  user?: PresentUser | null;
  schema: z.ZodType<T>;
}

type Call = <T>(method: string, path: string, options: RequestOptions<T>) => Promise<T>;

/** A ProviderError that keeps Enable Banking's `detail`, for callers that act on it. */
export class EnableBankingError extends ProviderError {
  constructor(
    kind: ProviderErrorKind,
    message: string,
    details: ProviderError['details'],
    readonly detail: unknown,
  ) {
    super(kind, message, details);
  }
}

/** Codes that mean the consent is over and the user must link again. */
const REAUTH_CODES = new Set([
  'EXPIRED_SESSION',
  'CLOSED_SESSION',
  'REVOKED_SESSION',
  'SESSION_DOES_NOT_EXIST',
  'ASPSP_PSU_ACTION_REQUIRED',
  'EXPIRED_AUTHORIZATION_CODE',
  'ALREADY_AUTHORIZED',
  'WRONG_AUTHORIZATION_CODE',
]);
/** The bank failed rather than our request: worth trying again later. */
const BANK_FAILURE_CODES = new Set(['ASPSP_ERROR', 'ASPSP_TIMEOUT']);
const CREDENTIAL_CODES = new Set([
  'UNAUTHORIZED_ACCESS',
  'ACCESS_DENIED',
  'AUTHORIZATION_NOT_PROVIDED',
  'UNAUTHORIZED_IP',
]);
/**
 * Banks refuse more than a few unattended calls per account in 24 hours and say nothing about
 * when that ends; asking again before a full day has passed only burns the next allowance.
 */
const RATE_LIMIT_PAUSE_MS = 24 * 60 * 60 * 1000;
const MAX_DETAIL_LENGTH = 300;

export function createRequest(options: {
  baseUrl: string;
  token: () => Promise<string>;
  timeoutMs: number;
  now: () => Date;
  log: ProviderLog | undefined;
}): Call {
  const base = options.baseUrl.replace(/\/+$/, '');
  return async (method, path, { query, body, user, schema }) => {
    const url = new URL(base + path);
    for (const [name, value] of Object.entries(query ?? {})) {
      if (value !== undefined) url.searchParams.set(name, value);
    }
    const headers: Record<string, string> = {
      authorization: `Bearer ${await options.token()}`,
      accept: 'application/json',
    };
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (user) {
      headers['psu-ip-address'] = headerSafe(user.ipAddress);
      headers['psu-user-agent'] = headerSafe(user.userAgent);
    }
    try {
      const answer = await send(url, method, headers, body, options.timeoutMs, options.now);
      return parse(schema, answer.status, answer.body);
    } catch (error) {
      const failure =
        error instanceof ProviderError
          ? error
          : new ProviderError('unavailable', 'Enable Banking failed unexpectedly');
      options.log?.warn(
        {
          method,
          path,
          kind: failure.kind,
          status: failure.details.status,
          code: failure.details.code,
        },
        failure.message,
      );
      throw failure;
    }
  };
}

async function send(
  url: URL,
  method: string,
  headers: Record<string, string>,
  body: unknown,
  timeoutMs: number,
  now: () => Date,
): Promise<{ status: number; body: string }> {
  try {
    const response = await fetch(url, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      redirect: 'error',
      signal: AbortSignal.timeout(timeoutMs),
    });
    const text = await response.text();
    if (!response.ok) throw errorFromResponse(response.status, text, now);
    return { status: response.status, body: text };
  } catch (error) {
    if (error instanceof ProviderError) throw error;
    if (error instanceof DOMException && error.name === 'TimeoutError') {
      throw new ProviderError(
        'unavailable',
        `Enable Banking did not answer within ${timeoutMs} ms`,
      );
    }
    const cause = (error as { cause?: { code?: unknown } }).cause?.code;
    throw new ProviderError(
      'unavailable',
      `Enable Banking could not be reached${typeof cause === 'string' ? ` (${cause})` : ''}`,
    );
  }
}

function parse<T>(schema: z.ZodType<T>, status: number, text: string): T {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new ProviderError('unavailable', 'Enable Banking answered with a body that is not JSON', {
      status,
    });
  }
  const result = schema.safeParse(json);
  if (!result.success) {
    const issue = result.error.issues[0];
    const where = issue ? issue.path.join('.') || 'the body' : 'the body';
    throw new ProviderError('unavailable', `Enable Banking answered an unexpected ${where}`, {
      status,
    });
  }
  return result.data;
}

/** Enable Banking's `{message, code, error?, detail?}` as one of our kinds. */
function errorFromResponse(status: number, text: string, now: () => Date): ProviderError {
  const body = readErrorBody(text);
  if (!body) {
    return new ProviderError('unavailable', `Enable Banking answered ${status} without JSON`, {
      status,
    });
  }
  const code = body.error ?? undefined;
  const message = describe(body, status);
  const details = code === undefined ? { status } : { status, code };
  const failure = (kind: ProviderErrorKind) =>
    new EnableBankingError(kind, message, details, body.detail);
  if (status === 429 || code === 'ASPSP_RATE_LIMIT_EXCEEDED') {
    return new EnableBankingError(
      'rate_limited',
      message,
      { ...details, retryAt: new Date(now().getTime() + RATE_LIMIT_PAUSE_MS) },
      body.detail,
    );
  }
  if (code !== undefined && REAUTH_CODES.has(code)) return failure('reauth_required');
  if ((code !== undefined && BANK_FAILURE_CODES.has(code)) || status === 408 || status >= 500) {
    return failure('unavailable');
  }
  if (status === 401 || status === 403 || (code !== undefined && CREDENTIAL_CODES.has(code))) {
    return failure('credentials_invalid');
  }
  if (status === 404) return failure('not_found');
  if (status >= 400 && status < 500) return failure('invalid_request');
  return failure('unavailable');
}

interface ErrorBody {
  message: string | null;
  error: string | null;
  detail: unknown;
}

function readErrorBody(text: string): ErrorBody | null {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof json !== 'object' || json === null) return null;
  const record = json as Record<string, unknown>;
  return {
    message: typeof record.message === 'string' ? record.message : null,
    error: typeof record.error === 'string' ? record.error : null,
    detail: record.detail ?? null,
  };
}

function describe(body: ErrorBody, status: number): string {
  let text = body.message ?? `Enable Banking answered ${status}`;
  if (body.error) text += ` (${body.error})`;
  if (body.detail !== null) {
    const detail = typeof body.detail === 'string' ? body.detail : JSON.stringify(body.detail);
    text += `: ${detail.slice(0, MAX_DETAIL_LENGTH)}`;
  }
  return text;
}

/** Header values must be printable ASCII; a browser's user agent may not be. */
function headerSafe(value: string): string {
  return value.replace(/[^\x20-\x7e]/g, '').trim();
}
