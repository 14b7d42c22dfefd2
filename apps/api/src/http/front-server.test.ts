import Fastify, { type FastifyServerOptions } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { FrontServer } from './front-server';

const closing: Array<() => Promise<void>> = [];
afterEach(async () => {
  await Promise.all(closing.splice(0).map((close) => close()));
});

describe('FrontServer', () => {
  it('offers each request to its first handler and gives Fastify what that leaves', async () => {
    const front = new FrontServer();
    const app = Fastify({ serverFactory: front.factory });
    closing.push(() => app.close());
    const seen: string[] = [];
    app.addHook('onRequest', (request, _reply, done) => {
      seen.push(request.url);
      done();
    });
    app.get('/*', async (request) => ({ answeredBy: 'fastify', url: request.url }));
    front.first = (req, res) => {
      if (req.url !== '/voor') return false;
      res.end('voor');
      return true;
    };
    const base = await app.listen({ port: 0, host: '127.0.0.1' });

    expect(await (await fetch(`${base}/voor`)).text()).toBe('voor');
    expect(await (await fetch(`${base}/achter`)).json()).toEqual({
      answeredBy: 'fastify',
      url: '/achter',
    });
    expect(seen).toEqual(['/achter']);
  });

  it('sets up its server as Fastify sets up a server of its own', async () => {
    const settings = (options: FastifyServerOptions) => {
      const { server } = Fastify(options);
      return {
        keepAliveTimeout: server.keepAliveTimeout,
        requestTimeout: server.requestTimeout,
        timeout: server.timeout,
        maxRequestsPerSocket: server.maxRequestsPerSocket,
      };
    };
    const chosen = {
      keepAliveTimeout: 5_000,
      requestTimeout: 30_000,
      connectionTimeout: 60_000,
      maxRequestsPerSocket: 100,
    };
    for (const options of [{}, chosen]) {
      const own = settings(options);
      expect(settings({ ...options, serverFactory: new FrontServer().factory })).toEqual(own);
    }
    expect(settings({}).keepAliveTimeout).toBe(72_000);
  });
});
