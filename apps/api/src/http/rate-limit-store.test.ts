import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { rateLimits } from '../db/schema';
import { createTestApp, type TestApp } from '../test/app';
import { nextIp, uniq } from '../test/http';
import { hit, pruneRateLimits } from './rate-limit-store';

/**
 * A second instance on the first one's database: on PostgreSQL an app of its own with its own
 * pool; on PGlite, which one process owns, a second app on the same embedded database.
 */
async function secondInstance(first: TestApp, env: Record<string, string>) {
  const { raw } = first.database;
  if ('url' in raw) {
    const t = await createTestApp({ env, databaseUrl: raw.url });
    return { app: t.app, close: () => t.close() };
  }
  const app = await buildApp({
    config: first.config,
    database: first.database,
    mail: { send: async () => {} },
    storage: first.storage,
  });
  await app.ready();
  return { app, close: () => app.close() };
}

// One app, with the job queue, and a second instance on its database.
const env = { AUTH_RATE_LIMIT: '3' };
let a: TestApp;
let b: { app: FastifyInstance; close(): Promise<void> };
beforeAll(async () => {
  a = await createTestApp({ env, jobs: true });
  b = await secondInstance(a, env);
});
afterAll(async () => {
  await b?.close();
  await a?.close();
});

describe('rate limits across instances', () => {
  const post = (app: FastifyInstance, url: string, payload: object, ip: string) =>
    app.inject({ method: 'POST', url: `/api/auth/${url}`, payload, remoteAddress: ip });
  const login = (app: FastifyInstance, ip: string) =>
    post(app, 'jwt/login', { username: 'x@example.test', password: 'nope' }, ip);

  it('allow a client the limit once between two instances, not once on each', async () => {
    const ip = nextIp();
    const codes: number[] = [];
    for (const app of [a.app, b.app, a.app, b.app, a.app]) {
      codes.push((await login(app, ip)).statusCode);
    }
    expect(codes).toEqual([400, 400, 400, 429, 429]);
    const limited = await login(b.app, ip);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(60);
  });

  it('hold for forgot-password and reset-password too', async () => {
    const ip = nextIp();
    const forgot = (app: FastifyInstance) =>
      post(app, 'forgot-password', { email: 'x@example.test' }, ip);
    // Half the login limit, rounded down: one a minute.
    expect((await forgot(a.app)).statusCode).toBe(202);
    expect((await forgot(b.app)).statusCode).toBe(429);

    const reset = (app: FastifyInstance) =>
      post(app, 'reset-password', { token: 'x', password: 'lang-genoeg' }, ip);
    const codes: number[] = [];
    for (const app of [b.app, a.app, b.app, a.app]) codes.push((await reset(app)).statusCode);
    expect(codes).toEqual([400, 400, 400, 429]);
  });

  it('count each route apart for the same client', async () => {
    const ip = nextIp();
    for (let i = 0; i < 4; i++) await login(a.app, ip);
    expect((await login(b.app, ip)).statusCode).toBe(429);
    const reset = await post(b.app, 'reset-password', { token: 'x', password: 'lang-genoeg' }, ip);
    expect(reset.statusCode).toBe(400);
  });
});

describe('the counters', () => {
  it('count hits in a window and start over once it has passed', async () => {
    const key = `key-${uniq()}`;
    expect(await hit(a.database.db, key, 60_000)).toMatchObject({ current: 1 });
    const second = await hit(a.database.db, key, 60_000);
    expect(second.current).toBe(2);
    expect(second.ttl).toBeGreaterThan(0);
    expect(second.ttl).toBeLessThanOrEqual(60_000);

    await a.database.db.execute(
      sql`update rate_limits set reset_at = now() - interval '1 second' where key = ${key}`,
    );
    const fresh = await hit(a.database.db, key, 30_000);
    expect(fresh.current).toBe(1);
    expect(fresh.ttl).toBeGreaterThan(29_000);
  });

  it('are pruned once their window has passed, and only then', async () => {
    const [passed, running] = [`passed-${uniq()}`, `running-${uniq()}`];
    await a.database.db.insert(rateLimits).values([
      { key: passed, count: 5, resetAt: sql`now() - interval '1 minute'` },
      { key: running, count: 5, resetAt: sql`now() + interval '1 minute'` },
    ]);
    await pruneRateLimits(a.database.db);
    const keys = (await a.database.db.select({ key: rateLimits.key }).from(rateLimits)).map(
      (row) => row.key,
    );
    expect(keys).toContain(running);
    expect(keys).not.toContain(passed);
  });
});

describe('an app with the job queue', () => {
  it('prunes the counters hourly, on whichever instance comes first', async () => {
    expect(a.app.jobs).not.toBeNull();
    const schedules = (await a.database.db.execute(
      sql`select name, cron, timezone from pgboss.schedule where name = 'rate-limits-prune'`,
    )) as { rows: unknown[] };
    expect(schedules.rows).toEqual([
      { name: 'rate-limits-prune', cron: '17 * * * *', timezone: 'UTC' },
    ]);
  });
});
