import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { count } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app';
import { users } from './schema';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, demoAccountsTable, demoPassword, seedDemo } from './seed';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const login = (app: TestApp, username: string, password: string) =>
  app.app.inject({
    method: 'POST',
    url: '/api/auth/jwt/login',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ username, password }).toString(),
  });

const seedInput = (app: TestApp, host: string) => ({
  db: app.database.db,
  log: pino({ enabled: false }),
  config: { ...app.config, host },
  storage: app.storage,
});

describe('demoPassword', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'helder-demo-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it.each(['127.0.0.1', '127.1.2.3', 'localhost', '::1', '[::1]'])(
    'is the published one on loopback (%s), and writes nothing',
    (host) => {
      expect(demoPassword({ host, dataDir: dir })).toBe(DEMO_PASSWORD);
      expect(() => statSync(path.join(dir, 'demo_password'))).toThrow();
    },
  );

  it.each(['0.0.0.0', '::', '192.168.1.20', 'helder.example.org'])(
    'is generated for the data dir beyond loopback (%s): never the published one, kept 0600',
    (host) => {
      const password = demoPassword({ host, dataDir: dir });
      expect(password).not.toBe(DEMO_PASSWORD);
      expect(password.length).toBeGreaterThanOrEqual(20);
      const file = path.join(dir, 'demo_password');
      expect(readFileSync(file, 'utf8')).toBe(password);
      expect(statSync(file).mode & 0o777).toBe(0o600);
      // A restart reads the same one back, so it prints the same.
      expect(demoPassword({ host: '0.0.0.0', dataDir: dir })).toBe(password);
    },
  );

  it('differs per data directory', () => {
    const other = mkdtempSync(path.join(tmpdir(), 'helder-demo-'));
    try {
      expect(demoPassword({ host: '0.0.0.0', dataDir: other })).not.toBe(
        demoPassword({ host: '0.0.0.0', dataDir: dir }),
      );
    } finally {
      rmSync(other, { recursive: true, force: true });
    }
  });
});

it('creates the demo accounts once on loopback, all usable with the published password', async () => {
  const input = seedInput(t, '127.0.0.1');
  expect(await seedDemo(input)).toBe(true);
  expect(await seedDemo(input)).toBe(false);
  const [row] = await t.database.db.select({ n: count() }).from(users);
  expect(row!.n).toBe(DEMO_ACCOUNTS.length);

  expect((await login(t, 'super@helder.demo', DEMO_PASSWORD)).statusCode).toBe(200);
  expect((await login(t, 'beheer@helder.demo', DEMO_PASSWORD)).statusCode).toBe(200);
  expect((await login(t, 'thijs@helder.demo', DEMO_PASSWORD)).statusCode).toBe(400); // inactive

  const table = demoAccountsTable(DEMO_PASSWORD);
  for (const account of DEMO_ACCOUNTS) expect(table).toContain(account.email);
  expect(table).toContain(DEMO_PASSWORD);
});

it('takes the published password away when the same data starts beyond loopback', async () => {
  const before = await login(t, 'super@helder.demo', DEMO_PASSWORD);
  const token = before.json<{ access_token: string }>().access_token;
  const input = seedInput(t, '0.0.0.0');
  const generated = demoPassword(input.config);

  expect(await seedDemo(input)).toBe(false);
  expect((await login(t, 'super@helder.demo', DEMO_PASSWORD)).statusCode).toBe(400);
  expect((await login(t, 'super@helder.demo', generated)).statusCode).toBe(200);
  expect((await login(t, 'beheer@helder.demo', generated)).statusCode).toBe(200);
  // A token from the published password's days stops working, as after any password change.
  const me = await t.app.inject({
    method: 'GET',
    url: '/api/auth/entity-access/actions?entity_class=User',
    headers: { authorization: `Bearer ${token}` },
  });
  expect(me.json<{ actions: string[] }>().actions).toEqual([]);

  // Another start beyond loopback keeps the same password.
  expect(await seedDemo(input)).toBe(false);
  expect((await login(t, 'super@helder.demo', generated)).statusCode).toBe(200);
  expect(demoAccountsTable(generated)).not.toContain(DEMO_PASSWORD);
});

it('never gives the published password to a fresh seed beyond loopback', async () => {
  const lan = await createTestApp();
  try {
    const input = seedInput(lan, '192.168.1.20');
    expect(await seedDemo(input)).toBe(true);
    expect((await login(lan, 'super@helder.demo', DEMO_PASSWORD)).statusCode).toBe(400);
    expect((await login(lan, 'super@helder.demo', demoPassword(input.config))).statusCode).toBe(
      200,
    );
  } finally {
    await lan.close();
  }
});
