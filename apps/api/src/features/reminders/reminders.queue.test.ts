import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../db/client';
import { startJobs, type Jobs } from '../../jobs/queue';
import type { MailMessage } from '../../lib/mail';
import { createTestApp, type TestApp } from '../../test/app';
import { createUser } from '../../test/factories';
import { createFunderTree } from '../../test/funder-factories';
import {
  addInitiativeOwner,
  createInitiative,
  createPayment,
} from '../../test/initiative-factories';
import { capturedLog, untilState } from '../../test/jobs';
import {
  REMINDERS_CRON,
  REMINDERS_QUEUE,
  scheduleReceiptReminders,
  type RemindersDeps,
} from './reminders.jobs';

// The reminders on the real job queue: PGlite by default, PostgreSQL with TEST_DB=postgres, where
// a second pool on the same database stands in for a second instance.
const FAST = { poll: 0.5, cron: 1, maintenance: 1 };
const NOW = new Date('2026-11-23T06:00:00Z');

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  t.clock.now = NOW;
});
afterAll(() => t?.close());

const running: Jobs[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((jobs) => jobs.stop()));
});

const sent: MailMessage[] = [];
const depsOn = (database: Database): RemindersDeps => ({
  db: database.db,
  mail: { send: async (m) => void sent.push(m) },
  clock: () => t.clock.now,
  log: pino({ enabled: false }),
  publicUrl: 'http://helder.test',
  secret: t.config.secretKey,
});

/** An instance's queue on `database`, working and scheduling the reminders as the app does. */
async function instance(database: Database, schema: string) {
  const jobs = await startJobs({
    database,
    log: capturedLog().logger,
    schema,
    intervals: FAST,
    graceSeconds: 1,
  });
  running.push(jobs);
  await scheduleReceiptReminders(jobs, depsOn(database));
  return jobs;
}

/** An owner with one expense older than 14 days without a receipt. */
async function remindedOwner() {
  const { grant } = await createFunderTree(t);
  const initiative = await createInitiative(t, grant.id);
  const owner = await createUser(t, { password: null });
  await addInitiativeOwner(t, initiative.id, owner.user.id);
  await createPayment(t, {
    initiativeId: initiative.id,
    amountCents: -1_000,
    bookingDate: new Date(NOW.getTime() - 20 * 86_400_000),
  });
  return owner.user.email;
}

describe('the reminders job', () => {
  it('is scheduled weekly, and mails once however many of its jobs run in a week', async () => {
    const schema = 'reminders_queue';
    const jobs = await instance(t.database, schema);
    const schedules = (await t.database.db.execute(
      sql`select name, cron, timezone from ${sql.identifier(schema)}.schedule`,
    )) as { rows: unknown[] };
    expect(schedules.rows).toEqual([{ name: REMINDERS_QUEUE, cron: '0 6 * * 1', timezone: 'UTC' }]);
    expect(REMINDERS_CRON).toBe('0 6 * * 1');

    const email = await remindedOwner();
    for (let run = 0; run < 2; run++) {
      const id = await jobs.send(REMINDERS_QUEUE, {});
      await untilState(t.database, schema, id!, 'completed');
    }
    expect(sent.filter((m) => m.to === email)).toHaveLength(1);
  });
});

const base = process.env.TEST_DATABASE_URL;
describe.runIf(process.env.TEST_DB === 'postgres' && base)('two instances', () => {
  let other: Database;
  beforeAll(async () => {
    other = await openDatabase({
      url: (t.database.raw as { url: string }).url,
      dataDir: 'memory://',
    });
  });
  afterAll(() => other?.close());

  it('mails each user once in a week when both run the job at the same time', async () => {
    const schema = 'reminders_instances';
    const [a, b] = await Promise.all([instance(t.database, schema), instance(other, schema)]);
    const emails = [await remindedOwner(), await remindedOwner(), await remindedOwner()];
    const ids = await Promise.all([a, b, a, b].map((jobs) => jobs.send(REMINDERS_QUEUE, {})));
    for (const id of ids) await untilState(t.database, schema, id!, 'completed');
    for (const email of emails) expect(sent.filter((m) => m.to === email)).toHaveLength(1);
  });
});
