import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { auditLog, users } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';
import { createUser, DEFAULT_PASSWORD } from '../../test/factories';
import { loginRequest, nextIp, postJson } from '../../test/http';
import { issuePasswordToken } from './auth.tokens';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});
beforeEach(() => {
  t.clock.now = new Date();
});

const aString: unknown = expect.any(String);

const login = (username: string, password: string) => loginRequest(t, { username, password });
const post = (url: string, payload: object, ip?: string) => postJson(t, url, payload, ip);

/** The reset link mailed to `email` (waits: the mail leaves after the 202). */
async function mailedToken(email: string, nth = 1): Promise<string> {
  const mail = await vi.waitFor(() => {
    const mails = t.outbox.filter((m) => m.to === email);
    expect(mails).toHaveLength(nth);
    return mails[nth - 1]!;
  });
  expect(mail.subject).toBe('Wachtwoord opnieuw instellen');
  const link = /http:\/\/helder\.test\/reset-password\?token=([\w-]+)/.exec(mail.text);
  expect(link, mail.text).not.toBeNull();
  expect(mail.html).toContain(link![0]);
  return decodeURIComponent(link![1]!);
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

describe('POST /api/auth/forgot-password', () => {
  it('answers 202 {} and mails a link to an active user', async () => {
    const { user } = await createUser(t, { email: 'piet.smit@example.test' });
    const res = await post('/api/auth/forgot-password', { email: 'Piet.Smit@Example.test' });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({});
    expect(await mailedToken(user.email)).toMatch(/^[\w-]{40,}$/);
  });

  it('answers the same 202 for an unknown or inactive user, without mail', async () => {
    const { user: inactive } = await createUser(t, { isActive: false });
    const before = t.outbox.length;
    for (const email of ['unknown@example.test', inactive.email, 'not-an-email', '']) {
      const res = await post('/api/auth/forgot-password', { email });
      expect(res.statusCode).toBe(202);
      expect(res.json()).toEqual({});
    }
    await settle();
    expect(t.outbox.length).toBe(before);
  });

  it('limits requests to 5 a minute per address', async () => {
    const ip = nextIp();
    for (let i = 0; i < 5; i++) {
      expect(
        (await post('/api/auth/forgot-password', { email: 'x@example.test' }, ip)).statusCode,
      ).toBe(202);
    }
    const limited = await post('/api/auth/forgot-password', { email: 'x@example.test' }, ip);
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
    expect(limited.json()).toMatchObject({ code: 'RATE_LIMITED' });
  });
});

describe('POST /api/auth/reset-password', () => {
  async function requestReset(email: string, nth = 1) {
    await post('/api/auth/forgot-password', { email });
    return mailedToken(email, nth);
  }
  const reset = (token: string, password: string) =>
    post('/api/auth/reset-password', { token, password });

  it('sets the new password once: the token is single use and audited', async () => {
    const { user } = await createUser(t, { isVerified: false });
    const token = await requestReset(user.email);
    const res = await reset(token, 'een-nieuw-wachtwoord');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({});

    expect((await login(user.email, 'een-nieuw-wachtwoord')).statusCode).toBe(200);
    expect((await login(user.email, DEFAULT_PASSWORD)).statusCode).toBe(400);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.isVerified).toBe(true);
    expect(row!.passwordHash).toMatch(/^\$argon2id\$/);
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityClass, 'User'), eq(auditLog.entityId, user.id)));
    expect(entry).toMatchObject({ actorId: user.id, action: 'update' });
    expect(entry!.changes).toEqual({
      password: { from: '***', to: '***' },
      is_verified: { from: false, to: true },
    });

    const again = await reset(token, 'nog-een-wachtwoord');
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ detail: aString, code: 'BAD_TOKEN' });
  });

  it('refuses a token older than 1 hour', async () => {
    const { user } = await createUser(t);
    const token = await requestReset(user.email);
    t.clock.now = new Date(t.clock.now.getTime() + 61 * 60 * 1000);
    const res = await reset(token, 'een-nieuw-wachtwoord');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'BAD_TOKEN' });
  });

  it('kills the older token when a newer one is issued', async () => {
    const { user } = await createUser(t);
    const older = await requestReset(user.email, 1);
    const newer = await requestReset(user.email, 2);
    expect((await reset(older, 'een-nieuw-wachtwoord')).json()).toMatchObject({
      code: 'BAD_TOKEN',
    });
    expect((await reset(newer, 'een-nieuw-wachtwoord')).statusCode).toBe(200);
  });

  it('accepts an invitation token (valid 7 days) for an account without a password', async () => {
    const { user } = await createUser(t, { password: null, isVerified: false });
    const token = await issuePasswordToken(t.database.db, user.id, 'invite', t.clock.now);
    t.clock.now = new Date(t.clock.now.getTime() + 6 * 24 * 60 * 60 * 1000);
    expect((await reset(token, 'welkom-bij-helder')).statusCode).toBe(200);
    expect((await login(user.email, 'welkom-bij-helder')).statusCode).toBe(200);
  });

  it('answers 422 for a short password and keeps the token usable', async () => {
    const { user } = await createUser(t);
    const token = await requestReset(user.email);
    const short = await reset(token, 'kort');
    expect(short.statusCode).toBe(422);
    expect(short.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      errors: [{ field: 'password' }],
    });
    expect((await reset(token, 'lang-genoeg')).statusCode).toBe(200);
  });

  it('answers 400 BAD_TOKEN for an unknown token', async () => {
    const res = await reset('not-a-real-token', 'een-nieuw-wachtwoord');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'BAD_TOKEN' });
  });

  it('limits attempts to 10 a minute per address', async () => {
    const ip = nextIp();
    for (let i = 0; i < 10; i++) {
      const res = await post(
        '/api/auth/reset-password',
        { token: 'x', password: 'lang-genoeg' },
        ip,
      );
      expect(res.statusCode).toBe(400);
    }
    const limited = await post(
      '/api/auth/reset-password',
      { token: 'x', password: 'lang-genoeg' },
      ip,
    );
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
  });
});

describe('a new password ends earlier access tokens', () => {
  const me = (authorization: string) =>
    t.app.inject({
      method: 'GET',
      url: '/api/auth/entity-access/actions?entity_class=User',
      headers: { authorization },
    });
  /** A login-only call: 200 while the token works, 401 once it no longer does. */
  const mine = (authorization: string) =>
    t.app.inject({
      method: 'GET',
      url: '/api/initiatives?only_mine=true',
      headers: { authorization },
    });

  async function freshToken(email: string, password: string) {
    const res = await login(email, password);
    expect(res.statusCode).toBe(200);
    return `Bearer ${res.json<{ access_token: string }>().access_token}`;
  }

  it('after a reset: every earlier token is anonymous, a new login works', async () => {
    const admin = await createUser(t, { role: 'administrator' });
    const earlier = await freshToken(admin.user.email, DEFAULT_PASSWORD);
    expect((await me(earlier)).json()).toEqual({ actions: ['create'] });

    await post('/api/auth/forgot-password', { email: admin.user.email });
    const token = await mailedToken(admin.user.email);
    expect(
      (await post('/api/auth/reset-password', { token, password: 'een-nieuw-wachtwoord' }))
        .statusCode,
    ).toBe(200);

    for (const old of [earlier, admin.headers.authorization]) {
      expect((await me(old)).json()).toEqual({ actions: [] });
      expect((await mine(old)).statusCode).toBe(401);
    }
    const renewed = await freshToken(admin.user.email, 'een-nieuw-wachtwoord');
    expect((await me(renewed)).json()).toEqual({ actions: ['create'] });
  });

  it('after a change by the user: the old tokens die, other users keep theirs', async () => {
    const admin = await createUser(t, { role: 'administrator' });
    const other = await createUser(t, { role: 'administrator' });
    const changed = await t.app.inject({
      method: 'PATCH',
      url: `/api/user/${admin.user.id}`,
      headers: admin.headers,
      payload: { password: 'een-ander-wachtwoord' },
    });
    expect(changed.statusCode).toBe(200);

    expect((await me(admin.headers.authorization)).json()).toEqual({ actions: [] });
    expect((await mine(admin.headers.authorization)).statusCode).toBe(401);
    expect((await me(other.headers.authorization)).json()).toEqual({ actions: ['create'] });
    const renewed = await freshToken(admin.user.email, 'een-ander-wachtwoord');
    expect((await me(renewed)).json()).toEqual({ actions: ['create'] });
  });

  it('an unchanged profile edit keeps the token', async () => {
    const user = await createUser(t);
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/user/${user.user.id}`,
      headers: user.headers,
      payload: { biography: 'Nieuw' },
    });
    expect(res.statusCode).toBe(200);
    expect((await mine(user.headers.authorization)).statusCode).toBe(200);
  });
});
