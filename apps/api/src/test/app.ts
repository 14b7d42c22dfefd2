import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import pino from 'pino';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { loadConfig, type Config } from '../config/env';
import { openDatabase, type Database } from '../db/client';
import type { ConfiguredBank } from '../features/bank-accounts/providers/configured';
import { startJobs } from '../jobs/queue';
import type { Mailer, MailMessage } from '../lib/mail';
import { localStorage, type Storage } from '../lib/storage';
import { pgliteTemplateBlob, postgresTemplate } from './template';

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  config: Config;
  storage: Storage;
  /** Mail captured in-process; tests of mail over the wire use test/smtp.ts instead. */
  outbox: MailMessage[];
  /** SQL statements run since the last reset: for N+1 guards. */
  queries: string[];
  /** Moves the app's clock. */
  clock: { now: Date };
  close(): Promise<void>;
}

/**
 * A fresh app on its own database: in-memory PGlite by default, or a fresh schema-isolated
 * database on the PostgreSQL of `TEST_DATABASE_URL` when `TEST_DB=postgres`; under vitest both
 * start from the run's migrated template (test/global-setup.ts).
 */
export async function createTestApp(
  overrides: {
    mail?: Mailer;
    /** Settings over the test defaults; `undefined` unsets one (`PUBLIC_URL`). */
    env?: Record<string, string | undefined>;
    storage?: Storage;
    /** An existing PostgreSQL database to use as it is (neither created nor dropped). */
    databaseUrl?: string;
    /** Where the app logs, as server.ts gives it one; none by default. */
    logger?: FastifyBaseLogger;
    /** Runs the job queue on the app's database; only the files that use it pay for it. */
    jobs?: boolean;
    /** An open-banking provider (a client of a fake on its own server); none by default. */
    bank?: ConfiguredBank;
  } = {},
): Promise<TestApp> {
  const dir = mkdtempSync(path.join(tmpdir(), 'helder-test-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dir,
    SECRET_KEY: 'test-secret-key-that-is-long-enough-1234567890',
    PUBLIC_URL: 'http://helder.test',
    SEED_DEMO: 'false',
    LOG_LEVEL: 'silent',
    // Tests write behind the API's back and read at once; http/public-cache.test.ts turns it on.
    PUBLIC_CACHE_SECONDS: '0',
    ...overrides.env,
  });
  const queries: string[] = [];
  let dropDatabase = async () => {};
  let url = overrides.databaseUrl;
  if (!url && process.env.TEST_DB === 'postgres') {
    const base = process.env.TEST_DATABASE_URL;
    if (!base) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
    const name = `helder_t_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    const template = postgresTemplate();
    await admin.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
    await admin.end();
    const u = new URL(base);
    u.pathname = `/${name}`;
    url = u.toString();
    dropDatabase = async () => {
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    };
  }
  const database = await openDatabase({
    url,
    dataDir: 'memory://',
    loadDataDir: url ? undefined : (pgliteTemplateBlob() ?? undefined),
    onQuery: (sql) => queries.push(sql),
  });
  const outbox: MailMessage[] = [];
  const mail = overrides.mail ?? { send: async (m: MailMessage) => void outbox.push(m) };
  const storage = overrides.storage ?? localStorage(path.join(dir, 'files'));
  const clock = { now: new Date() };
  const jobs = overrides.jobs
    ? await startJobs({ database, log: overrides.logger ?? pino({ level: 'silent' }) })
    : undefined;
  const app = await buildApp({
    config,
    database,
    mail,
    storage,
    clock: () => clock.now,
    logger: overrides.logger,
    jobs,
    bank: overrides.bank,
  });
  await app.ready();
  return {
    app,
    database,
    config,
    storage,
    outbox,
    queries,
    clock,
    async close() {
      await app.close();
      await database.close();
      await dropDatabase();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
