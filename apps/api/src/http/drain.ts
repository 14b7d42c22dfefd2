import type { FastifyInstance, FastifyRequest } from 'fastify';

/** How long a shutdown waits for the handlers still running before it goes on regardless. */
const DRAIN_TIMEOUT_MS = 10_000;

/**
 * A shutdown waits for the handlers still running. A client that goes away does not stop its
 * handler, so Fastify's close can be done while a handler is still in its transaction; closing
 * the database then would lose that write half-way. A handler runs from `preHandler` to its
 * answer (`onSend`), which comes whether or not anyone is still listening.
 */
export function drainOnClose(app: FastifyInstance, timeoutMs = DRAIN_TIMEOUT_MS) {
  const running = new Set<FastifyRequest>();
  let drained: (() => void) | undefined;
  app.addHook('preHandler', (request, _reply, done) => {
    running.add(request);
    done();
  });
  app.addHook('onSend', (request, _reply, payload, done) => {
    if (running.delete(request) && running.size === 0) drained?.();
    done(null, payload);
  });
  app.addHook('onClose', async () => {
    if (running.size === 0) return;
    app.log.info({ running: running.size }, 'waiting for running requests');
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, timeoutMs);
      drained = () => {
        clearTimeout(timer);
        resolve();
      };
    });
  });
}
