/**
 * The HTTP server the app listens on: the one Fastify would make (its timeouts included), except
 * that each request is first offered to `first`, which may answer it before Fastify sees it. The
 * public cache answers its hits there (ADR 0014): a hit then costs no routing, no request and
 * reply objects and no hooks, which were most of its CPU time beyond the socket write.
 * `app.inject` never passes here, so tests of the cache through it exercise the Fastify path.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { FastifyServerFactory } from 'fastify';

/** Answers the request and says true, or leaves it untouched and says false. */
export type FirstHandler = (req: IncomingMessage, res: ServerResponse) => boolean;

export class FrontServer {
  first: FirstHandler | null = null;

  readonly factory: FastifyServerFactory = (handler, options) => {
    const server = createServer((req, res) => {
      // Once the server closes (it stops listening first), Fastify answers every request: 503 with
      // Connection: close, so that a busy keep-alive connection cannot hold the shutdown open.
      if (!server.listening || this.first?.(req, res) !== true) handler(req, res);
    });
    // As Fastify sets them on a server of its own (its defaults: 72 s keep-alive, no timeouts).
    server.keepAliveTimeout = Number(options.keepAliveTimeout);
    server.requestTimeout = Number(options.requestTimeout);
    server.setTimeout(Number(options.connectionTimeout));
    if (Number(options.maxRequestsPerSocket) > 0) {
      server.maxRequestsPerSocket = Number(options.maxRequestsPerSocket);
    }
    return server;
  };
}
