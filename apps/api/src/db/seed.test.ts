import { count } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app';
import { users } from './schema';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, demoAccountsTable, seedDemo } from './seed';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const login = (username: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/jwt/login',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ username, password: DEMO_PASSWORD }).toString(),
  });

it('creates the demo accounts once, all usable with the demo password', async () => {
  const input = {
    db: t.database.db,
    log: pino({ enabled: false }),
    config: t.config,
    storage: t.storage,
  };
  expect(await seedDemo(input)).toBe(true);
  expect(await seedDemo(input)).toBe(false);
  const [row] = await t.database.db.select({ n: count() }).from(users);
  expect(row!.n).toBe(DEMO_ACCOUNTS.length);

  expect((await login('super@helder.demo')).statusCode).toBe(200);
  expect((await login('beheer@helder.demo')).statusCode).toBe(200);
  expect((await login('thijs@helder.demo')).statusCode).toBe(400); // the inactive one

  const table = demoAccountsTable();
  for (const account of DEMO_ACCOUNTS) expect(table).toContain(account.email);
  expect(table).toContain(DEMO_PASSWORD);
});
