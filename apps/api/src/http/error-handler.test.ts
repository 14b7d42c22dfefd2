import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { installErrorHandler } from './error-handler';

/** What the handler answers when a route throws `error`. */
async function answerTo(error: unknown) {
  const app = Fastify();
  installErrorHandler(app);
  app.get('/', () => {
    throw error;
  });
  const res = await app.inject({ url: '/' });
  await app.close();
  return res;
}

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });
// How drizzle reports a failed query: its own error, the driver's in `cause`.
const wrapped = (cause: Error) => new Error('Failed query: select 1', { cause });

describe('the error handler when the database cannot be reached', () => {
  it.each([
    ['a refused connection', withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED')],
    ['a reset connection', wrapped(withCode('read ECONNRESET', 'ECONNRESET'))],
    ['admin_shutdown', wrapped(withCode('terminating connection', '57P01'))],
    ['crash_shutdown', withCode('terminating connection', '57P02')],
    ['cannot_connect_now', withCode('the database system is starting up', '57P03')],
    ['a connection exception', wrapped(withCode('connection failure', '08006'))],
    ['a lost connection', wrapped(new Error('Connection terminated unexpectedly'))],
    ['a broken client', wrapped(new Error('Client has encountered a connection error'))],
    [
      'every address refused',
      new AggregateError([withCode('connect ECONNREFUSED ::1:5432', 'ECONNREFUSED')]),
    ],
  ])('answers %s with 503, Retry-After and the error body', async (_name, error) => {
    const res = await answerTo(error);
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toMatch(/^\d+$/);
    expect(Object.keys(res.json<object>()).sort()).toEqual(['code', 'detail']);
    expect(res.json()).toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
  });

  it('still answers other database errors with 500', async () => {
    const res = await answerTo(wrapped(withCode('relation "x" does not exist', '42P01')));
    expect(res.statusCode).toBe(500);
    expect(res.json()).toMatchObject({ code: 'INTERNAL_ERROR' });
  });
});
