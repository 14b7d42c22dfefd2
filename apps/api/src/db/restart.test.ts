import { inArray, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  findPgBin,
  PG_BIN_LOCATIONS,
  startCluster,
  type Cluster,
} from '../../../../scripts/pg-cluster.mjs';
import { createTestApp, type TestApp } from '../test/app';
import { createUser, type CreatedUser } from '../test/factories';
import { uniq } from '../test/http';
import { DEFAULT_POOL_SIZE } from './client';
import { funders } from './schema';

// Restarting the server other test files share would break them, so these tests bring their
// own; they need PostgreSQL's binaries, not TEST_DATABASE_URL.
const pgBin = findPgBin();
if (!pgBin) {
  console.warn(
    `[restart.test] skipped: no PostgreSQL binaries (looked for ${PG_BIN_LOCATIONS}); ` +
      'install them with `apt-get install postgresql`',
  );
}

interface Outcome {
  status: number;
  startedAt: number;
  endedAt: number;
  body: { id?: number; detail?: unknown; code?: unknown };
  retryAfter: string | string[] | number | undefined;
}

const aString: unknown = expect.any(String);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.skipIf(!pgBin)('the API when PostgreSQL drops its connections', () => {
  let cluster: Cluster | undefined;
  let t: TestApp | undefined;
  let admin: CreatedUser;
  beforeAll(async () => {
    cluster = await startCluster();
    t = await createTestApp({ databaseUrl: cluster.url });
    admin = await createUser(t, { role: 'administrator', password: null });
  });
  afterAll(async () => {
    // The cluster goes first, so that a close that hangs (a pool waiting for lost connections)
    // cannot keep it alive.
    cluster?.stop();
    await t?.close();
  });

  async function postFunder(): Promise<Outcome> {
    const startedAt = Date.now();
    const res = await t!.app.inject({
      method: 'POST',
      url: '/api/funder',
      headers: admin.headers,
      payload: { name: `Fonds ${uniq()}`, url: 'https://fonds.test' },
    });
    return {
      status: res.statusCode,
      startedAt,
      endedAt: Date.now(),
      body: res.json(),
      retryAfter: res.headers['retry-after'],
    };
  }

  function expectUnavailable(outcomes: Outcome[]) {
    expect(outcomes.filter((o) => o.status !== 200 && o.status !== 503)).toEqual([]);
    const unavailable = outcomes.filter((o) => o.status === 503);
    expect(unavailable.length).toBeGreaterThan(0);
    for (const o of unavailable) {
      expect(o.body).toEqual({ detail: aString, code: 'SERVICE_UNAVAILABLE' });
      expect(o.retryAfter).toMatch(/^\d+$/);
    }
  }

  it('answers 503 during a restart, serves again within 5 s, and keeps acknowledged writes', async () => {
    const outcomes: Outcome[] = [];
    let running = true;
    const writer = async () => {
      while (running) outcomes.push(await postFunder());
    };
    const until = async (done: () => boolean, ms: number) => {
      const deadline = Date.now() + ms;
      while (!done() && Date.now() < deadline) await sleep(20);
    };
    const writers = Array.from({ length: 4 }, writer);
    let backAt = Infinity;
    const servedAgain = () => outcomes.some((o) => o.startedAt >= backAt && o.status === 200);
    try {
      await until(() => outcomes.filter((o) => o.status === 200).length >= 20, 10_000);
      await cluster!.restart();
      backAt = Date.now();
      await until(servedAgain, 5_000);
    } finally {
      running = false;
      await Promise.all(writers);
    }

    expectUnavailable(outcomes);
    const firstServed = outcomes.find((o) => o.startedAt >= backAt && o.status === 200);
    expect(firstServed, 'no write succeeded within 5 s of the restart').toBeDefined();
    expect(firstServed!.endedAt - backAt).toBeLessThan(5_000);

    const acknowledged = outcomes.filter((o) => o.status === 200).map((o) => o.body.id!);
    const stored = await t!.database.db
      .select({ id: funders.id })
      .from(funders)
      .where(inArray(funders.id, acknowledged));
    expect(stored.map((row) => row.id).sort((a, b) => a - b)).toEqual(
      [...acknowledged].sort((a, b) => a - b),
    );
    expect((await t!.app.inject({ url: '/api/health' })).statusCode).toBe(200);
  });

  it('does not run out of connections when they are lost in the middle of a transaction', async () => {
    const db = t!.database.db;
    const transactions = () =>
      Promise.allSettled(
        Array.from({ length: DEFAULT_POOL_SIZE }, () =>
          db.transaction((tx) => tx.execute(sql`select pg_sleep(0.05)`)),
        ),
      );
    const dba = new pg.Client({ connectionString: cluster!.url });
    await dba.connect();
    let lost = 0;
    try {
      // Rounds until more connections were lost than the pool holds (a busy machine reads some
      // goodbyes in time, so a round may lose fewer than the pool's).
      for (let round = 0; round < 10 && lost <= DEFAULT_POOL_SIZE; round++) {
        await transactions(); // fills the pool with idle connections
        await dba.query(
          `select pg_terminate_backend(pid) from pg_stat_activity
           where datname = current_database() and pid <> pg_backend_pid()`,
        );
        // Blocking the event loop lets the servers' goodbyes arrive unread, so the transactions
        // take those dead connections from the pool and lose them on their first statement.
        const until = Date.now() + 200;
        while (Date.now() < until);
        lost += (await transactions()).filter((r) => r.status === 'rejected').length;
      }
      const next = await Promise.race([postFunder(), sleep(5_000).then(() => null)]);
      expect(next?.status, 'no answer within 5 s').toBe(200);
    } finally {
      await dba.end();
    }
    expect(lost, 'more connections lost than the pool holds').toBeGreaterThan(DEFAULT_POOL_SIZE);
  });
});
