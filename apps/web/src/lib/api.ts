/**
 * The one generic HTTP client of the SPA. Every call goes through a route of @helder/shared,
 * typed by its endpoint contract (params, query, body, answer):
 *
 *   const user = await callApi(usersRoutes.get, { params: { id: 3 } });
 *   await callApi(authRoutes.login, { body: { username, password } });
 *
 * - base `/api`; `:param` placeholders filled by `buildPath`;
 * - only non-empty query values are sent (undefined, null and '' are left out);
 * - body: JSON, form-encoded (`bodyType: 'form'`) or FormData (`bodyType: 'multipart'`, or pass a
 *   FormData yourself);
 * - the bearer token comes from the session (wired in by features/auth/session.ts through
 *   `configureApi` in api-config.ts, so this module does not depend on a feature);
 * - a 2xx response is the contract's answer; 204 gives `undefined`. The client does not parse it
 *   with the schema: the server already checks every answer against the same contract, and the
 *   schemas would put zod on every first load (docs/decisions/0016). Tests and the dev server do
 *   check (`checkResponse`, lib/response-check.ts);
 * - anything else throws an `ApiError` with the server's `{ detail, code, errors }`.
 */
import type {
  BodyOf,
  Endpoint,
  FieldError,
  ParamsOf,
  QueryOf,
  ResponseOf,
} from '@helder/shared/http';
import {
  buildPath,
  ERROR_CODES,
  PAGE_SIZE,
  type ErrorCode,
  type RouteTo,
} from '@helder/shared/http/client';
import type { z } from 'zod';
import { apiConfig as config } from './api-config';
import { ApiError } from './api-error';

export const API_BASE = '/api';

export { ApiError, isApiError, type ApiErrorCode } from './api-error';
export { configureApi } from './api-config';
export type { ResponseOf } from '@helder/shared/http';

type Scalar = string | number | boolean | null | undefined;
export type QueryValue = Scalar | readonly Scalar[];

/** `unknown` means "the contract declares none": then the key may not be passed. */
type Slot<Key extends string, T> = unknown extends T
  ? { [K in Key]?: undefined }
  : undefined extends T
    ? { [K in Key]?: T }
    : Record<never, never> extends T
      ? { [K in Key]?: T }
      : { [K in Key]: T };

type CallInput<E extends Endpoint> = Slot<'params', ParamsOf<E>> &
  Slot<'query', QueryOf<E>> &
  (unknown extends BodyOf<E> ? { body?: FormData } : { body: BodyOf<E> | FormData }) & {
    signal?: AbortSignal;
  };

/**
 * What an endpoint's params, query and body are once parsed: the exact values the web holds (ids
 * as numbers), where `ParamsOf`/`QueryOf`/`BodyOf` also admit the lenient wire forms.
 */
export type ParsedParamsOf<E> = E extends Endpoint<infer P> ? z.output<P> : never;
export type ParsedQueryOf<E> = E extends Endpoint<z.ZodType, infer Q> ? z.output<Q> : never;
export type ParsedBodyOf<E> =
  E extends Endpoint<z.ZodType, z.ZodType, infer B> ? z.output<B> : never;

/** Endpoints whose input is entirely optional may be called without the second argument. */
type CallArgs<E extends Endpoint> =
  Record<never, never> extends CallInput<E> ? [input?: CallInput<E>] : [input: CallInput<E>];

function isEmpty(value: Scalar): value is null | undefined | '' {
  return value === undefined || value === null || value === '';
}

/**
 * The offset of the next page of a list read PAGE_SIZE rows at a time from offset 0, for an
 * infinite query's `getNextPageParam`; undefined after a page with fewer rows, the last one.
 */
export const nextOffset = (lastRows: readonly unknown[], pages: readonly unknown[]) =>
  lastRows.length < PAGE_SIZE ? undefined : pages.length * PAGE_SIZE;

/**
 * The rows of a list's loaded pages, each id once (the first): offsets shift when rows are added
 * or removed between two page reads, so a row can come again on the next page.
 */
export function uniqueById<T extends { id: number }>(rows: readonly T[]): T[] {
  const seen = new Set<number>();
  return rows.filter((row) => {
    if (seen.has(row.id)) return false;
    seen.add(row.id);
    return true;
  });
}

export function buildQuery(query: Record<string, QueryValue> | undefined): string {
  if (!query) return '';
  const search = new URLSearchParams();
  for (const [key, raw] of Object.entries(query)) {
    const values: readonly Scalar[] = Array.isArray(raw) ? raw : [raw as Scalar];
    for (const value of values) {
      if (!isEmpty(value)) search.append(key, String(value));
    }
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

function appendFormValue(form: FormData | URLSearchParams, key: string, value: unknown): void {
  if (value === undefined || value === null) return;
  if (Array.isArray(value)) {
    for (const item of value) appendFormValue(form, key, item);
    return;
  }
  if (typeof Blob !== 'undefined' && value instanceof Blob) {
    if (form instanceof FormData) form.append(key, value);
    return;
  }
  const text =
    typeof value === 'string'
      ? value
      : typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint'
        ? String(value)
        : JSON.stringify(value);
  form.append(key, text);
}

function encodeBody(
  route: RouteTo<Endpoint>,
  body: unknown,
): { body: BodyInit | undefined; contentType?: string } {
  if (body === undefined) return { body: undefined };
  if (body instanceof FormData) return { body };
  const entries = Object.entries(body as Record<string, unknown>);
  if (route.bodyType === 'multipart') {
    const form = new FormData();
    for (const [key, value] of entries) appendFormValue(form, key, value);
    return { body: form };
  }
  if (route.bodyType === 'form') {
    const form = new URLSearchParams();
    for (const [key, value] of entries) appendFormValue(form, key, value);
    return { body: form, contentType: 'application/x-www-form-urlencoded' };
  }
  return { body: JSON.stringify(body), contentType: 'application/json' };
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

const serverCodes: ReadonlySet<string> = new Set(ERROR_CODES);
const isErrorCode = (code: string): code is ErrorCode => serverCodes.has(code);

const isFieldError = (value: unknown): value is FieldError =>
  typeof value === 'object' &&
  value !== null &&
  ['field', 'code', 'message'].every(
    (key) => typeof (value as Record<string, unknown>)[key] === 'string',
  );

/** The server's error body (docs/api-rules.md §2), or nothing when the body is not one. */
function errorBody(data: unknown): { detail: string; code: string; errors: FieldError[] } | null {
  if (typeof data !== 'object' || data === null) return null;
  const { detail, code, errors } = data as Record<string, unknown>;
  if (typeof detail !== 'string' || typeof code !== 'string') return null;
  if (errors === undefined) return { detail, code, errors: [] };
  return Array.isArray(errors) && errors.every(isFieldError) ? { detail, code, errors } : null;
}

async function toApiError(response: Response): Promise<ApiError> {
  const body = errorBody(await readJson(response).catch(() => undefined));
  if (body) {
    // A code this web does not know yet reads as a plain HTTP failure; the detail still shows.
    const { detail, code, errors } = body;
    return new ApiError(response.status, isErrorCode(code) ? code : 'HTTP_ERROR', detail, errors);
  }
  return new ApiError(response.status, 'HTTP_ERROR', response.statusText || 'Request failed');
}

export async function callApi<E extends Endpoint>(
  route: RouteTo<E>,
  ...[input]: CallArgs<E>
): Promise<ResponseOf<E>> {
  const { params, query, body, signal } = (input ?? {}) as {
    params?: Record<string, string | number>;
    query?: Record<string, QueryValue>;
    body?: unknown;
    signal?: AbortSignal;
  };

  const url = `${API_BASE}${buildPath(route.path, params)}${buildQuery(query)}`;
  const encoded = encodeBody(route, body);
  const headers = new Headers({ Accept: 'application/json' });
  if (encoded.contentType) headers.set('Content-Type', encoded.contentType);
  const token = config.getToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);

  let response: Response;
  try {
    response = await fetch(url, {
      method: route.method,
      headers,
      body: encoded.body ?? null,
      ...(signal ? { signal } : {}),
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(
      0,
      'NETWORK_ERROR',
      error instanceof Error ? error.message : 'Network error',
    );
  }

  return settle(route, response, Boolean(token));
}

/** A response as the contract's answer, or the ApiError it stands for. */
export async function settle<E extends Endpoint>(
  route: RouteTo<E>,
  response: Response,
  sentToken: boolean,
): Promise<ResponseOf<E>> {
  if (!response.ok) {
    if (response.status === 401 && sentToken) config.onUnauthorized();
    throw await toApiError(response);
  }
  if (response.status === 204) return undefined as ResponseOf<E>;

  // A 202/200 with an empty body answers an endpoint whose response is `{}`.
  const data = (await readJson(response)) ?? {};
  return config.checkResponse(route, data, response.status) as ResponseOf<E>;
}
