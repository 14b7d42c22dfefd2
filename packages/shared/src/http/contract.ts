import type { z } from 'zod';

export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

/**
 * One endpoint, defined once and used by the API (route registration, validation, OpenAPI)
 * and by the web client (`callApi`). Paths use Fastify's `:param` syntax and exclude `/api`.
 */
export interface Endpoint<
  Params extends z.ZodType = z.ZodType,
  Query extends z.ZodType = z.ZodType,
  Body extends z.ZodType = z.ZodType,
  Response extends z.ZodType = z.ZodType,
> {
  method: HttpMethod;
  path: string;
  summary: string;
  /** Anonymous callers allowed; otherwise a valid token is required (deny by default). */
  public?: boolean;
  /** Request body encoding; JSON unless stated. */
  bodyType?: 'json' | 'form' | 'multipart';
  params?: Params;
  query?: Query;
  body?: Body;
  response: Response;
  /** Success status: 200 unless stated (204 for deletes, 202 for fire-and-forget). */
  status?: 200 | 202 | 204 | 302;
}

export function endpoint<
  Params extends z.ZodType = z.ZodType,
  Query extends z.ZodType = z.ZodType,
  Body extends z.ZodType = z.ZodType,
  Response extends z.ZodType = z.ZodType,
>(def: Endpoint<Params, Query, Body, Response>): Endpoint<Params, Query, Body, Response> {
  return def;
}

export type ParamsOf<E> = E extends Endpoint<infer P> ? z.input<P> : never;
export type QueryOf<E> = E extends Endpoint<z.ZodType, infer Q> ? z.input<Q> : never;
export type BodyOf<E> = E extends Endpoint<z.ZodType, z.ZodType, infer B> ? z.input<B> : never;
export type ResponseOf<E> =
  E extends Endpoint<z.ZodType, z.ZodType, z.ZodType, infer R> ? z.output<R> : never;

/** Fills `:param` placeholders; throws on a missing value so a bad call never hits the network. */
export function buildPath(path: string, params: Record<string, string | number> = {}): string {
  return path.replace(/:([a-zA-Z_]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Missing path parameter ${name}`);
    return encodeURIComponent(String(value));
  });
}
