import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { Endpoint } from '@helder/shared/http';
import type { Ctx } from './context';
import { unauthenticated } from './errors';
import { assertSafeText } from './text-guard';
import { discardUploads, readMultipart, type Upload } from './uploads';

type Out<T> = NonNullable<T> extends z.ZodType ? z.output<NonNullable<T>> : undefined;

interface HandlerInput<E extends Endpoint> {
  params: Out<E['params']>;
  query: Out<E['query']>;
  body: Out<E['body']>;
  /**
   * Files of a multipart request, size-checked temporary files that are removed once the
   * handler settles; their type is sniffed by the service.
   */
  files: Upload[];
  ctx: Ctx;
  request: FastifyRequest;
  reply: FastifyReply;
}

export type Handler<E extends Endpoint> = (
  input: HandlerInput<E>,
) => Promise<z.output<E['response']>>;

/** Per-route extras beyond the contract. */
export interface RouteOptions {
  /**
   * Rate limit per client IP (@fastify/rate-limit): `max` requests per `timeWindow` ms → 429
   * with Retry-After. `perUser` counts per logged-in user instead, wherever they come from.
   */
  rateLimit?: { max: number; timeWindow: number; perUser?: boolean };
  /** Files a multipart body may carry (413 beyond); none unless the route takes uploads. */
  maxFiles?: number;
  /** Bytes per file (413 beyond); MAX_UPLOAD_BYTES unless the route takes larger files. */
  maxFileBytes?: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every registered contract, so a test can assert that no contract lacks its route. */
    endpoints: Set<Endpoint>;
  }
}

/**
 * The route's @fastify/rate-limit settings; its hook runs after the app's auth hook. The counters
 * of every route share one table (http/rate-limit-store.ts): the group, which the plugin appends
 * to the client's key, keeps each route's apart.
 */
function rateLimitConfig(
  endpoint: Endpoint,
  { perUser, ...limit }: NonNullable<RouteOptions['rateLimit']>,
) {
  const own = { ...limit, groupId: ` ${endpoint.method} ${endpoint.path}` };
  if (!perUser) return own;
  return {
    ...own,
    keyGenerator: (request: FastifyRequest) =>
      request.actor ? `user:${request.actor.id}` : `ip:${request.ip}`,
  };
}

/**
 * Registers one contract endpoint: validation and serialization from its zod schemas, login
 * required unless the contract says `public`, files collected for multipart bodies.
 */
export function registerEndpoint<E extends Endpoint>(
  app: FastifyInstance,
  endpoint: E,
  handler: Handler<E>,
  options: RouteOptions = {},
) {
  const status = endpoint.status ?? 200;
  app.endpoints.add(endpoint);

  app.withTypeProvider<ZodTypeProvider>().route({
    method: endpoint.method,
    url: endpoint.path,
    config: {
      ...(options.rateLimit ? { rateLimit: rateLimitConfig(endpoint, options.rateLimit) } : {}),
      publicRead: endpoint.public === true && endpoint.method === 'GET',
    },
    schema: {
      summary: endpoint.summary,
      tags: [endpoint.path.split('/')[1] ?? 'api'],
      ...(endpoint.public ? {} : { security: [{ bearer: [] }] }),
      ...(endpoint.params ? { params: endpoint.params } : {}),
      ...(endpoint.query ? { querystring: endpoint.query } : {}),
      ...(endpoint.body ? { body: endpoint.body } : {}),
      response: { [status]: endpoint.response },
    },
    preValidation: async (request) => {
      if (!endpoint.public && !request.actor) throw unauthenticated();
      if (endpoint.bodyType === 'multipart' && request.isMultipart()) {
        const { fields, files } = await readMultipart(
          request,
          options.maxFiles ?? 0,
          options.maxFileBytes,
        );
        request.body = fields;
        request.uploads = files;
        // The app-wide text check ran before the body was read.
        assertSafeText(request);
      }
    },
    // Uploads go once the handler is done with them, or when the request fails before it runs;
    // a client that hangs up meanwhile does not pull them from under a running handler.
    onError: async (request) => discardUploads(request),
    handler: async (request, reply) => {
      try {
        const result = await handler({
          params: request.params as Out<E['params']>,
          query: request.query as Out<E['query']>,
          body: request.body as Out<E['body']>,
          files: request.uploads ?? [],
          ctx: request.ctx,
          request,
          reply,
        });
        reply.status(status);
        return status === 204 ? reply.send() : result;
      } finally {
        await discardUploads(request);
      }
    },
  });
}
