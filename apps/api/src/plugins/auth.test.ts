import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../db/schema';
import { createTestApp, type TestApp } from '../test/app';
import { createUser, type CreatedUser } from '../test/factories';
import { TOKEN_TTL_SECONDS } from '../lib/jwt';

/**
 * The token check's users kept in memory (ADR 0023), on for this file as in production. "Kept"
 * shows as a change made with triggers off (no NOTIFY) that the check does not see.
 */
let t: TestApp;
let admin: CreatedUser;
beforeAll(async () => {
  t = await createTestApp({ env: { PUBLIC_CACHE_SECONDS: '30' } });
  admin = await createUser(t, { role: 'administrator' });
});
afterAll(async () => t?.close());

/** Whether `caller`'s token is taken: one's own bank accounts need login (401 without it). */
async function loggedIn(caller: CreatedUser): Promise<boolean> {
  const url = `/api/user/${caller.user.id}/bank-accounts`;
  const res = await t.app.inject({ method: 'GET', url, headers: caller.headers });
  if (res.statusCode !== 200 && res.statusCode !== 401) throw new Error(res.body);
  return res.statusCode === 200;
}

/** PATCH /api/user/{id} as the administrator. */
async function patchUser(id: number, payload: object) {
  const res = await t.app.inject({
    method: 'PATCH',
    url: `/api/user/${id}`,
    payload,
    headers: admin.headers,
  });
  expect(res.statusCode).toBe(200);
}

async function eventually(check: () => Promise<boolean>) {
  for (let i = 0; i < 100; i++) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error('not within 2 s');
}

/** Deactivates `user` behind every server's back: no trigger fires, so nothing is told. */
async function deactivateUnnoticed(user: CreatedUser) {
  await t.database.db.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    await tx.update(users).set({ isActive: false }).where(eq(users.id, user.user.id));
  });
}

describe('the token check', () => {
  it('answers from memory until a write through the API empties it', async () => {
    const user = await createUser(t);
    await eventually(async () => {
      await t.database.db.update(users).set({ isActive: true }).where(eq(users.id, user.user.id));
      // The notification of that write may arrive between these reads: try again until not.
      if (!(await loggedIn(user))) return false;
      await deactivateUnnoticed(user);
      return loggedIn(user);
    });
    await patchUser(admin.user.id, { first_name: 'Beheer' });
    expect(await loggedIn(user)).toBe(false);
  });

  it("ends a user's tokens at once when an administrator deactivates them", async () => {
    const user = await createUser(t);
    expect(await loggedIn(user)).toBe(true);
    await patchUser(user.user.id, { is_active: false });
    expect(await loggedIn(user)).toBe(false);
  });

  it('ends them after a password change elsewhere, once PostgreSQL tells of it', async () => {
    const user = await createUser(t);
    expect(await loggedIn(user)).toBe(true);
    await t.database.db
      .update(users)
      .set({ tokenVersion: sql`${users.tokenVersion} + 1` })
      .where(eq(users.id, user.user.id));
    await eventually(async () => !(await loggedIn(user)));
  });
});

describe('the tokens it checked', () => {
  it('are still refused once they expire, and a forged one is never taken', async () => {
    const user = await createUser(t);
    expect(await loggedIn(user)).toBe(true);
    const started = t.clock.now;
    try {
      t.clock.now = new Date(started.getTime() + (TOKEN_TTL_SECONDS - 1) * 1000);
      expect(await loggedIn(user)).toBe(true);
      t.clock.now = new Date(started.getTime() + (TOKEN_TTL_SECONDS + 1) * 1000);
      expect(await loggedIn(user)).toBe(false);
    } finally {
      t.clock.now = started;
    }
    // The same claims with another signature are not the token kept.
    const { token } = user;
    const forged = `${token.slice(0, token.lastIndexOf('.'))}.${'A'.repeat(43)}`;
    expect(await loggedIn({ ...user, headers: { authorization: `Bearer ${forged}` } })).toBe(false);
  });
});
