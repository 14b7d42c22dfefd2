import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app';
import { capturedLog, eventually, gate, jobRow, untilState } from '../test/jobs';
import { startJobs, type Jobs, type JobsOptions } from './queue';

// The test database: embedded PGlite by default, where pg-boss runs through the adapter of
// connection.ts on the app's one session; PostgreSQL with TEST_DB=postgres.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const running: Jobs[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((jobs) => jobs.stop()));
});

let schemas = 0;
/** A queue in a schema of its own on the file's database, quick to poll; stopped after the test. */
async function startQueue(options: Partial<JobsOptions> = {}) {
  const { logger, lines } = capturedLog();
  const schema = `jobs_test_${++schemas}`;
  const jobs = await startJobs({
    database: t.database,
    log: logger,
    schema,
    intervals: { poll: 0.5, cron: 1, maintenance: 1 },
    graceSeconds: 1,
    ...options,
  });
  running.push(jobs);
  return { jobs, lines, schema };
}

const anId: unknown = expect.any(String);

describe('the job queue', () => {
  it('creates its tables on first start and runs a job sent once, once, with its data', async () => {
    const { jobs, schema } = await startQueue();
    const runs: unknown[] = [];
    await jobs.work('greet', async (data, job) => void runs.push({ data, ...job }));
    const data = { n: 1, nested: { list: [1, 2] }, text: 'één' };
    const id = await jobs.send('greet', data);
    expect(id).toEqual(anId);
    await untilState(t.database, schema, id!, 'completed');
    expect(runs).toEqual([{ data, id, retryCount: 0 }]);
  });

  it('starts a job sent here at once and drains a backlog without a poll between jobs', async () => {
    // Polling once a minute: every job done within `untilState`'s 20 s was started by a nudge.
    const { jobs, schema } = await startQueue({ intervals: { poll: 60, cron: 1, maintenance: 1 } });
    const runs: number[] = [];
    await jobs.work<{ n: number }>('nudged', async ({ n }) => void runs.push(n));
    const ids = [];
    for (const n of [1, 2, 3]) ids.push(await jobs.send('nudged', { n }));
    for (const id of ids) await untilState(t.database, schema, id!, 'completed');
    expect(runs).toEqual([1, 2, 3]);
  });

  it('starts twice at once on one database: its schema is created once, under its advisory lock, and the database stays usable', async () => {
    const schema = 'jobs_test_twice';
    const { logger } = capturedLog();
    const both = await Promise.all(
      [1, 2].map(() => startJobs({ database: t.database, log: logger, schema })),
    );
    running.push(...both);
    const versions = (await t.database.db.execute(
      sql`select count(*)::int as n from ${sql.identifier(schema)}.version`,
    )) as { rows: Array<{ n: number }> };
    expect(versions.rows).toEqual([{ n: 1 }]);
    // The losing start's failed schema statements were rolled back: nothing was left aborted.
    await expect(t.database.db.execute(sql`select 1`)).resolves.toBeDefined();
    const [first, second] = both;
    const ran: string[] = [];
    await first!.work('shared', async (_data, job) => void ran.push(job.id));
    const id = await second!.send('shared', {});
    await eventually(() => expect(ran).toEqual([id]));
  });

  it('retries a failing job, logging each failure with the job id and queue, and carries on', async () => {
    const { jobs, lines, schema } = await startQueue();
    const tries: Array<[string, number]> = [];
    await jobs.work<{ name: string }>('flaky', async ({ name }, job) => {
      tries.push([name, job.retryCount]);
      const fails = name === 'doomed' || (name === 'flaky' && job.retryCount === 0);
      if (fails) throw new Error(`${name}: the bank said no`);
    });
    const flaky = await jobs.send('flaky', { name: 'flaky' }, { retryLimit: 1 });
    await untilState(t.database, schema, flaky!, 'completed');
    const doomed = await jobs.send('flaky', { name: 'doomed' }, { retryLimit: 0 });
    await untilState(t.database, schema, doomed!, 'failed');
    const fine = await jobs.send('flaky', { name: 'fine' }, { retryLimit: 0 });
    await untilState(t.database, schema, fine!, 'completed');

    expect(tries).toEqual([
      ['flaky', 0],
      ['flaky', 1],
      ['doomed', 0],
      ['fine', 0],
    ]);
    const failures = lines.filter((line) => line.msg === 'job failed');
    expect(failures).toEqual([
      expect.objectContaining({ level: 50, queue: 'flaky', jobId: flaky, retryCount: 0 }),
      expect.objectContaining({ level: 50, queue: 'flaky', jobId: doomed, retryCount: 0 }),
    ]);
    expect(failures[1]!.err).toMatchObject({ message: 'doomed: the bank said no' });
  });

  it('with a singletonKey queues no second job while one is queued or active', async () => {
    const { jobs, schema } = await startQueue();
    const first = await jobs.send('sync', { n: 1 }, { singletonKey: 'account-1' });
    expect(first).toEqual(anId);
    expect(await jobs.send('sync', { n: 2 }, { singletonKey: 'account-1' })).toBeNull();
    const other = await jobs.send('sync', { n: 3 }, { singletonKey: 'account-2' });
    expect(other).toEqual(anId);

    const release = gate();
    const ran: number[] = [];
    await jobs.work<{ n: number }>('sync', async ({ n }) => {
      ran.push(n);
      if (n === 1) await release.opened;
    });
    await eventually(() => expect(ran).toContain(1));
    expect((await jobRow(t.database, schema, first!))?.state).toBe('active');
    expect(await jobs.send('sync', { n: 4 }, { singletonKey: 'account-1' })).toBeNull();

    release.open();
    await untilState(t.database, schema, first!, 'completed');
    const next = await jobs.send('sync', { n: 5 }, { singletonKey: 'account-1' });
    expect(next).toEqual(anId);
    await untilState(t.database, schema, next!, 'completed');
    expect(ran.sort()).toEqual([1, 3, 5]);
  });

  it('queues the data of a cron schedule when it is due', async () => {
    const { jobs } = await startQueue();
    const ran: unknown[] = [];
    await jobs.work('every-minute', async (data) => void ran.push(data));
    // Every minute: the minute now running is due at once.
    await jobs.schedule('every-minute', '* * * * *', { what: 'reminders' });
    await eventually(() => expect(ran).toEqual([{ what: 'reminders' }]));
  });

  it('waits while the app holds a transaction open, so that its statements never land in it', async () => {
    const { jobs, schema } = await startQueue();
    let id: Promise<string | null> | undefined;
    const rolledBack = t.database.db.transaction(async (tx) => {
      id = jobs.send('later', { n: 1 });
      // Many turns in which a send that did not wait would run inside this transaction.
      for (let i = 0; i < 20; i++) await tx.execute(sql`select 1`);
      throw new Error('rolled back');
    });
    await expect(rolledBack).rejects.toThrow('rolled back');
    const sent = await id!;
    expect(sent).toEqual(anId);
    expect(await jobRow(t.database, schema, sent!)).toEqual({ state: 'created', retryCount: 0 });
  });

  it('stops cleanly: a job that ends within the grace completes, one that outlasts it is failed to run again', async () => {
    const { jobs, schema } = await startQueue({ graceSeconds: 1 });
    const finishing = gate();
    const stuck = gate();
    const started: number[] = [];
    await jobs.work<{ n: number }>(
      'slow',
      async ({ n }) => {
        started.push(n);
        await (n === 1 ? finishing.opened : stuck.opened);
      },
      { concurrency: 2 },
    );
    const quick = await jobs.send('slow', { n: 1 });
    const slow = await jobs.send('slow', { n: 2 });
    await eventually(() => expect(started.sort()).toEqual([1, 2]));

    const stopped = jobs.stop();
    finishing.open();
    await stopped;
    await untilState(t.database, schema, quick!, 'completed');
    expect(await jobRow(t.database, schema, slow!)).toEqual({ state: 'retry', retryCount: 0 });
    stuck.open();
  });
});

describe('a job that ends after its database closed', () => {
  it('is logged as unsaved, and does not end the process', async () => {
    const own = await createTestApp();
    const { logger, lines } = capturedLog();
    const jobs = await startJobs({
      database: own.database,
      log: logger,
      intervals: { poll: 0.5 },
      graceSeconds: 1,
    });
    const stuck = gate();
    const started: string[] = [];
    await jobs.work('stuck', async (_data, job) => {
      started.push(job.id);
      await stuck.opened;
    });
    const id = await jobs.send('stuck', {});
    await eventually(() => expect(started).toEqual([id]));
    await jobs.stop();
    await own.close();

    // pg-boss saves the outcome without awaiting it: a rejection there would be unhandled.
    stuck.open();
    await eventually(() =>
      expect(lines).toContainEqual(
        expect.objectContaining({
          level: 40,
          msg: 'job outcome not saved: the job runs again once it expires',
          queue: 'stuck',
          jobIds: [id],
        }),
      ),
    );
  });
});
