/**
 * A process killed with SIGKILL in the middle of a sync (its call to the bank answered only after
 * it died): the next sync, by another process, imports every booked transaction exactly once,
 * and the daily budget counts the dead process's call too, as the bank does. On PostgreSQL both
 * processes share the database; on PGlite the next one opens the data directory the dead one
 * left behind.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { count, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../../db/client';
import { bankAccounts, bankLinks, payments, users } from '../../../db/schema';
import { createTestApp } from '../../../test/app';
import { clientOf, startProviderSandbox, type ProviderSandbox } from '../../../test/bank-sandbox';
import { pgliteTemplateBlob } from '../../../test/template';
import { syncAccount } from './bank-sync';
import { keepLinkedAccounts } from './linked-accounts';
import { callsToday } from './sync-budget';

const apiRoot = path.resolve(import.meta.dirname, '../../../..');
const silent = { info() {}, warn() {} };
const onPostgres = process.env.TEST_DB === 'postgres' && !!process.env.TEST_DATABASE_URL;

/** Where the processes find the database: the same PostgreSQL, or the same data directory. */
type Place = { url: string; dataDir: 'memory://' } | { dataDir: string };

const databases: Array<{ kind: string; run: boolean }> = [
  { kind: 'PGlite', run: true },
  { kind: 'PostgreSQL', run: onPostgres },
];

describe.each(['gocardless', 'enablebanking'] as const)('a sync killed mid-way (%s)', (name) => {
  let sandbox: ProviderSandbox;
  /** While set, the fake holds each transactions call until `release` and tells `reached`. */
  let hold: { reached: () => void; released: Promise<void> } | null = null;
  let release = () => {};
  beforeAll(async () => {
    sandbox = await startProviderSandbox(name, async (url) => {
      if (!hold || !/\/transactions/.test(url)) return;
      hold.reached();
      await hold.released;
    });
  });
  afterAll(async () => {
    release();
    await sandbox?.server.close();
  });

  let child: ChildProcess | undefined;
  let dir: string | undefined;
  afterEach(() => {
    release();
    child?.kill('SIGKILL');
    if (dir) rmSync(dir, { recursive: true, force: true });
    dir = undefined;
  });

  /** An account linked at the fake's first real bank, not yet synced. */
  async function linkedAccount(db: Database['db']) {
    const provider = sandbox.bank.provider;
    const banks = await provider.listInstitutions('NL');
    const bank = banks.find((b) => !/SANDBOX|Mock ASPSP/.test(b.id))!;
    const started = await provider.startLink({
      institutionId: bank.id,
      accessDays: 90,
      historyDays: 90,
      redirectUrl: 'https://helder.example/api/users/1/gocardless-callback',
      state: crypto.randomUUID(),
      language: 'nl',
      user: null,
    });
    const back = await sandbox.consent(started.url, 'allow');
    const { code } = provider.readCallback(Object.fromEntries(back.searchParams));
    const finished = await provider.finishLink({
      attemptId: started.attemptId,
      code,
      accessDays: 90,
      user: null,
    });
    const [user] = await db
      .insert(users)
      .values({ email: `${name}@example.test` })
      .returning();
    const [link] = await db
      .insert(bankLinks)
      .values({
        userId: user!.id,
        provider: provider.name,
        institutionId: bank.id,
        institutionName: bank.name,
        accessDays: 90,
        historyDays: 90,
        nonce: crypto.randomUUID(),
        attemptId: started.attemptId,
      })
      .returning();
    const kept = await keepLinkedAccounts(db, link!, finished, new Date());
    if (kept.outcome !== 'success') throw new Error(`link ended as ${kept.outcome}`);
    return kept.accountIds[0]!;
  }

  /** A process that syncs the account; it says 'ready' once its database is open. */
  function syncer(place: Place, accountId: number) {
    const module = (file: string) => JSON.stringify(path.join(apiRoot, 'src', file));
    const script = `
      const { openDatabase } = await import(${module('db/client.ts')});
      const { syncAccount } = await import(${module('features/bank-accounts/links/bank-sync.ts')});
      const { clientOf } = await import(${module('test/bank-sandbox.ts')});
      const database = await openDatabase(JSON.parse(process.env.SYNC_PLACE));
      const provider = clientOf(JSON.parse(process.env.SYNC_CLIENT));
      process.stdout.write('ready\\n');
      const log = { info() {}, warn() {} };
      await syncAccount({ db: database.db, provider, clock: () => new Date(), log },
        Number(process.env.SYNC_ACCOUNT), null);
      process.stdout.write('synced\\n');
    `;
    const { DATABASE_URL: _ignored, ...env } = process.env;
    return spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      cwd: apiRoot,
      env: {
        ...env,
        SYNC_PLACE: JSON.stringify(place),
        SYNC_CLIENT: JSON.stringify(sandbox.client),
        SYNC_ACCOUNT: String(accountId),
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
  }

  /** What the bank has booked on the account, as a sync takes it. */
  async function bookedAtBank(db: Database['db'], accountId: number) {
    const [row] = await db
      .select({ providerAccountId: bankAccounts.providerAccountId })
      .from(bankAccounts)
      .where(eq(bankAccounts.id, accountId));
    const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
    let booked = 0;
    let cursor: string | null = null;
    do {
      const page = await sandbox.bank.provider.listTransactions(row!.providerAccountId, {
        from: day(Date.now() - 90 * 86_400_000),
        to: day(Date.now()),
        cursor,
        user: null,
      });
      booked += page.transactions.filter(
        (r) => r.status === 'booked' && r.bookingDate && r.currency === 'EUR' && r.amountCents,
      ).length;
      cursor = page.nextCursor;
    } while (cursor !== null);
    return booked;
  }

  it.each(databases.filter((d) => d.run).map((d) => d.kind))(
    'imports each booking once after the kill, and counts the dead call (%s)',
    { timeout: 90_000 },
    async (kind) => {
      let database: Database;
      let place: Place;
      let closeApp = async () => {};
      if (kind === 'PostgreSQL') {
        const t = await createTestApp();
        database = t.database;
        place = { url: (t.database.raw as { url: string }).url, dataDir: 'memory://' };
        closeApp = () => t.close();
      } else {
        dir = mkdtempSync(path.join(tmpdir(), 'helder-sync-kill-'));
        const loadDataDir = pgliteTemplateBlob() ?? undefined;
        database = await openDatabase({ dataDir: dir, loadDataDir });
        place = { dataDir: dir };
      }
      const accountId = await linkedAccount(database.db);
      // PGlite's directory is one process's at a time: the dying one has it now.
      if (kind === 'PGlite') await database.close();

      let reached = () => {};
      const called = new Promise<void>((resolve) => (reached = resolve));
      const released = new Promise<void>((resolve) => (release = resolve));
      hold = { reached, released };
      child = syncer(place, accountId);
      const lines = createInterface({ input: child.stdout! })[Symbol.asyncIterator]();
      expect((await lines.next()).value).toBe('ready');
      await called;
      const exited = once(child, 'exit');
      child.kill('SIGKILL');
      expect((await exited)[1]).toBe('SIGKILL');
      hold = null;
      release();

      if (kind === 'PGlite') {
        database = await openDatabase({ dataDir: place.dataDir });
      }
      try {
        const db = database.db;
        // The next process, with a client of its own.
        const provider = clientOf(sandbox.client);
        const deps = { db, provider, clock: () => new Date(), log: silent };
        const first = await syncAccount(deps, accountId, null);
        expect(first.status).toBe('synced');
        const booked = await bookedAtBank(db, accountId);
        expect(booked).toBeGreaterThan(0);
        const held = async () =>
          (
            await db
              .select({ n: count() })
              .from(payments)
              .where(eq(payments.bankAccountId, accountId))
          )[0]!.n;
        expect(await held()).toBe(booked);
        // The dead process's call reached the bank: it counts, as the bank counts it.
        expect(await callsToday(db, accountId, new Date())).toBe(2);

        expect(await syncAccount(deps, accountId, null)).toEqual({ status: 'synced', added: 0 });
        expect(await held()).toBe(booked);
        expect(await callsToday(db, accountId, new Date())).toBe(3);
      } finally {
        if (kind === 'PGlite') await database.close();
        await closeApp();
      }
    },
  );
});
