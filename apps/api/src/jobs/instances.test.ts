import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { sql, type SQL } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../db/client';
import { createTestApp, type TestApp } from '../test/app';
import { capturedLog, eventually, untilState } from '../test/jobs';
import { startJobs, type Jobs } from './queue';

// Several API instances on one PostgreSQL, each with its own pool: the file's test database
// serves as the first, a second pool on the same database as the second, a child process as a
// third that dies.
const base = process.env.TEST_DATABASE_URL;
const FAST = { poll: 0.5, cron: 1, maintenance: 1 };

describe.runIf(process.env.TEST_DB === 'postgres' && base)('instances sharing one queue', () => {
  let t: TestApp;
  let other: Database;
  let url: string;
  beforeAll(async () => {
    t = await createTestApp();
    url = (t.database.raw as { url: string }).url;
    other = await openDatabase({ url, dataDir: 'memory://' });
  });
  afterAll(async () => {
    await other?.close();
    await t?.close();
  });

  const running: Jobs[] = [];
  afterEach(async () => {
    await Promise.all(running.splice(0).map((jobs) => jobs.stop()));
  });

  async function twoInstances(schema: string) {
    const log = capturedLog().logger;
    const both = await Promise.all(
      [t.database, other].map((database) =>
        startJobs({ database, log, schema, intervals: FAST, graceSeconds: 1 }),
      ),
    );
    running.push(...both);
    return both as [Jobs, Jobs];
  }

  /** A single value the database answers. */
  async function ask<T>(query: SQL): Promise<T> {
    const result = (await t.database.db.execute(query)) as { rows: Array<{ value: T }> };
    return result.rows[0]!.value;
  }
  const pending = (schema: string) =>
    ask<number>(
      sql`select count(*)::int as value from ${sql.identifier(schema)}.job where state < 'completed'`,
    );

  it('runs a job sent once exactly once, whichever instance takes it', async () => {
    const schema = 'jobs_once';
    const [a, b] = await twoInstances(schema);
    const runs: string[] = [];
    for (const jobs of [a, b]) {
      await jobs.work('once', async (_data, job) => void runs.push(job.id), { concurrency: 2 });
    }
    const sent: string[] = [];
    for (let i = 0; i < 20; i++) sent.push((await (i % 2 ? a : b).send('once', { i }))!);
    await eventually(async () => expect(await pending(schema)).toBe(0));
    expect(runs.sort()).toEqual(sent.sort());
  });

  it(
    'runs a cron schedule that both instances set once per tick',
    { timeout: 60_000 },
    async () => {
      const schema = 'jobs_cron';
      const [a, b] = await twoInstances(schema);
      const second = sql`extract(second from now())::int`;
      // The observation below lasts a few seconds: it starts early in a minute, so it stays in it.
      await eventually(async () =>
        expect(await ask<number>(sql`select ${second} as value`)).toBeLessThan(45),
      );
      const minuteOf = sql`date_trunc('minute', now())::text`;
      const startMinute = await ask<string>(sql`select ${minuteOf} as value`);

      const runs: string[] = [];
      for (const jobs of [a, b])
        await jobs.work('tick', async (_data, job) => void runs.push(job.id));
      await Promise.all([a, b].map((jobs) => jobs.schedule('tick', '* * * * *', { what: 'sync' })));
      await eventually(() => expect(runs).toHaveLength(1));
      // Two more checks for due schedules, by either instance, and nothing left to run.
      const ranAt = await ask<string>(sql`select now()::text as value`);
      await eventually(async () => {
        const checked = await ask<boolean>(
          sql`select cron_on > ${ranAt}::timestamptz + interval '2 seconds' as value from ${sql.identifier(schema)}.version`,
        );
        expect(checked).toBe(true);
        expect(await pending(schema)).toBe(0);
      });
      const endMinute = await ask<string>(sql`select ${minuteOf} as value`);
      // Should the minute have turned all the same, its tick may have run too.
      expect(runs.length).toBeLessThanOrEqual(endMinute === startMinute ? 1 : 2);
    },
  );

  describe('when an instance is killed mid-job', () => {
    let child: ChildProcess | undefined;
    afterEach(() => void child?.kill('SIGKILL'));

    it('leaves the job to run again on another', { timeout: 90_000 }, async () => {
      const schema = 'jobs_killed';
      const { logger } = capturedLog();
      const survivor = await startJobs({ database: other, log: logger, schema, intervals: FAST });
      running.push(survivor);

      child = spawnWorker({ url, schema });
      const lines = createInterface({ input: child.stdout! })[Symbol.asyncIterator]();
      expect((await lines.next()).value).toBe('ready');
      const id = await survivor.send('crash', {}, { expireInSeconds: 2, retryLimit: 1 });
      expect((await lines.next()).value).toBe(`working ${id}`);
      const exited = new Promise((resolve) =>
        child!.once('exit', (_code, signal) => resolve(signal)),
      );
      child.kill('SIGKILL');
      expect(await exited).toBe('SIGKILL');

      const retries: number[] = [];
      await survivor.work('crash', async (_data, job) => void retries.push(job.retryCount));
      await untilState(t.database, schema, id!, 'completed');
      expect(retries).toEqual([1]);
    });
  });
});

const apiRoot = path.resolve(import.meta.dirname, '../..');

/** A process that works `crash` jobs and never finishes one, as a stand-in for an instance. */
function spawnWorker({ url, schema }: { url: string; schema: string }) {
  const module = (file: string) => JSON.stringify(path.join(apiRoot, 'src', file));
  const script = `
    const { openDatabase } = await import(${module('db/client.ts')});
    const { startJobs } = await import(${module('jobs/queue.ts')});
    const { default: pino } = await import('pino');
    const database = await openDatabase({ url: process.env.JOBS_URL, dataDir: 'memory://' });
    const jobs = await startJobs({
      database,
      log: pino({ level: 'silent' }),
      schema: process.env.JOBS_SCHEMA,
      intervals: { poll: 0.5 },
    });
    await jobs.work('crash', async (_data, job) => {
      process.stdout.write('working ' + job.id + '\\n');
      await new Promise(() => {});
    });
    process.stdout.write('ready\\n');
  `;
  return spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    cwd: apiRoot,
    env: { ...process.env, JOBS_URL: url, JOBS_SCHEMA: schema },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
}
