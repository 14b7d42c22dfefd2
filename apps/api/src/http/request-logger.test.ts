import { Writable } from 'node:stream';
import Fastify from 'fastify';
import pino from 'pino';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { lazyChildLogger } from './request-logger';

/** A Fastify app logging through pino at `level` into `lines`, as server.ts and app.ts set it up. */
function appLoggingAt(level: string) {
  const lines: Record<string, unknown>[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
      done();
    },
  });
  const log = pino({ level }, sink);
  const app = Fastify({
    loggerInstance: log,
    childLoggerFactory: lazyChildLogger,
    genReqId: () => 'request-1',
  });
  app.get('/quiet', async () => ({ ok: true }));
  app.get('/notes', async (request) => {
    request.log.info('an info line');
    request.log.warn({ detail: 42 }, 'a warning');
    request.log.child({ step: 'inner' }).error('from a child');
    return { ok: true };
  });
  app.get('/chatty', { logLevel: 'debug' }, async (request) => {
    request.log.debug('a debug line');
    return { ok: true };
  });
  closing.push(() => app.close());
  return { app, log, lines };
}

const closing: Array<() => Promise<void>> = [];
afterEach(async () => {
  await Promise.all(closing.splice(0).map((close) => close()));
  vi.restoreAllMocks();
});

/** What a request to `url` writes at `level`: each line, and each as [message, request id]. */
async function logOf(level: string, url: string) {
  const { app, lines } = appLoggingAt(level);
  await app.inject({ url });
  return { lines, said: lines.map((l) => [l.msg, l.reqId]) };
}

describe('the request logger', () => {
  it('writes what its level lets through, bound to the request id', async () => {
    const { lines, said } = await logOf('warn', '/notes');
    expect(said).toEqual([
      ['a warning', 'request-1'],
      ['from a child', 'request-1'],
    ]);
    expect(lines[0]).toMatchObject({ detail: 42, level: 40 });
    expect(lines[1]).toMatchObject({ step: 'inner', level: 50 });
  });

  it('keeps Fastify’s request lines at info', async () => {
    const { lines, said } = await logOf('info', '/quiet');
    expect(said).toEqual([
      ['incoming request', 'request-1'],
      ['request completed', 'request-1'],
    ]);
    expect(lines[1]).toMatchObject({ res: { statusCode: 200 } });
  });

  it('makes no pino child for a request that writes nothing', async () => {
    const { app, log, lines } = appLoggingAt('warn');
    const child = vi.spyOn(log, 'child');
    await app.inject({ url: '/quiet' });
    expect(child).not.toHaveBeenCalled();
    expect(lines).toEqual([]);
    await app.inject({ url: '/notes' });
    expect(child).toHaveBeenCalled();
  });

  it('honours a route’s own level', async () => {
    const { said } = await logOf('warn', '/chatty');
    expect(said).toEqual([
      ['incoming request', 'request-1'],
      ['a debug line', 'request-1'],
      ['request completed', 'request-1'],
    ]);
  });

  it('reports the level it writes at', async () => {
    const log = pino({ level: 'warn' });
    const child = lazyChildLogger(log, { reqId: 'r' }, {}) as unknown as pino.Logger;
    expect(child.level).toBe('warn');
    expect(child.isLevelEnabled('info')).toBe(false);
    expect(child.isLevelEnabled('error')).toBe(true);
  });
});
