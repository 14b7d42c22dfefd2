import type { z } from 'zod';
import type { Route } from './route';

/**
 * One endpoint, defined once: its route (route.ts) and schemas. The API registers, validates and
 * documents it; the web client calls its route and takes its types from here. Paths use Fastify's
 * `:param` syntax and exclude `/api`.
 */
export interface Endpoint<
  Params extends z.ZodType = z.ZodType,
  Query extends z.ZodType = z.ZodType,
  Body extends z.ZodType = z.ZodType,
  Response extends z.ZodType = z.ZodType,
> extends Route {
  summary: string;
  params?: Params;
  query?: Query;
  body?: Body;
  response: Response;
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
