import { eq } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { signAccessToken, TOKEN_TTL_SECONDS } from '../../lib/jwt';
import { createTestApp, type TestApp } from '../../test/app';
import { createUser, DEFAULT_PASSWORD } from '../../test/factories';
import { loginRequest, nextIp } from '../../test/http';

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

const login = (fields: Record<string, string>, ip?: string) => loginRequest(t, fields, ip);

const classActions = (headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'GET',
    url: '/api/auth/entity-access/actions?entity_class=User',
    headers,
  });

const aString: unknown = expect.any(String);

const BAD_CREDENTIALS = {
  detail: 'Incorrect e-mail address or password',
  code: 'BAD_CREDENTIALS',
};

describe('POST /api/auth/jwt/login', () => {
  it('returns a bearer JWT with sub (as a string), username and an 8-hour expiry', async () => {
    const { user } = await createUser(t, { role: 'administrator' });
    const res = await login({
      username: user.email,
      password: DEFAULT_PASSWORD,
      grant_type: 'password',
    });
    expect(res.statusCode).toBe(200);
    const body = res.json<{ access_token: string; token_type: string }>();
    expect(body.token_type).toBe('bearer');
    const claims = decodeJwt(body.access_token);
    expect(claims.sub).toBe(String(user.id));
    expect(claims.username).toBe(user.email);
    const nowSeconds = Math.floor(t.clock.now.getTime() / 1000);
    expect(claims.exp).toBe(nowSeconds + TOKEN_TTL_SECONDS);
    expect(TOKEN_TTL_SECONDS).toBe(8 * 60 * 60);

    const me = await classActions({ authorization: `Bearer ${body.access_token}` });
    expect(me.json()).toEqual({ actions: ['create'] });
  });

  it('matches the e-mail address case-insensitively', async () => {
    const { user } = await createUser(t, { email: 'anna.de.vries@example.test' });
    const res = await login({
      username: '  Anna.De.Vries@EXAMPLE.test ',
      password: DEFAULT_PASSWORD,
    });
    expect(res.statusCode).toBe(200);
    expect(decodeJwt(res.json<{ access_token: string }>().access_token).sub).toBe(String(user.id));
  });

  it('answers a wrong password, an unknown user and an inactive user alike with 400', async () => {
    const { user } = await createUser(t);
    const { user: inactive } = await createUser(t, { isActive: false });
    const { user: invited } = await createUser(t, { password: null });
    const attempts = [
      { username: user.email, password: 'wrong-password' },
      { username: 'nobody@example.test', password: DEFAULT_PASSWORD },
      { username: inactive.email, password: DEFAULT_PASSWORD },
      { username: invited.email, password: DEFAULT_PASSWORD },
    ];
    for (const fields of attempts) {
      const res = await login(fields);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual(BAD_CREDENTIALS);
    }
  });

  it('answers missing fields with 422, naming them', async () => {
    const cases: Array<[Record<string, string>, string[]]> = [
      [{ username: 'a@example.test' }, ['password']],
      [{ password: 'x' }, ['username']],
      [{ username: '', password: '' }, ['username', 'password']],
      [{}, ['username', 'password']],
    ];
    for (const [fields, missing] of cases) {
      const res = await login(fields);
      expect(res.statusCode).toBe(422);
      const body = res.json<{ code: string; errors: Array<{ field: string }> }>();
      expect(body.code).toBe('VALIDATION_ERROR');
      expect(body.errors.map((e) => e.field).sort()).toEqual([...missing].sort());
    }
  });

  it('limits attempts to 10 a minute per address: 429 with Retry-After', async () => {
    const ip = nextIp();
    for (let i = 0; i < 10; i++) {
      expect((await login({ username: 'x@example.test', password: 'nope' }, ip)).statusCode).toBe(
        400,
      );
    }
    const limited = await login({ username: 'x@example.test', password: 'nope' }, ip);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.json()).toEqual({ detail: aString, code: 'RATE_LIMITED' });
    // Another address is not affected.
    expect((await login({ username: 'x@example.test', password: 'nope' })).statusCode).toBe(400);
  });

  it('ignores X-Forwarded-For unless a proxy is trusted, so the limit cannot be dodged', async () => {
    const direct = await createTestApp({ env: { TRUST_PROXY: 'false', AUTH_RATE_LIMIT: '2' } });
    try {
      const codes: number[] = [];
      for (let i = 0; i < 3; i++) {
        const res = await direct.app.inject({
          method: 'POST',
          url: '/api/auth/jwt/login',
          headers: { 'x-forwarded-for': nextIp() },
          payload: { username: 'x@example.test', password: 'n' },
          remoteAddress: '192.0.2.7',
        });
        codes.push(res.statusCode);
      }
      expect(codes).toEqual([400, 400, 429]);
    } finally {
      await direct.close();
    }
  });

  it.each(['true', '1', '127.0.0.1'])(
    'behind a trusted proxy (TRUST_PROXY=%s) limits the address the proxy saw, not the one the client wrote',
    async (trustProxy) => {
      const proxied = await createTestApp({
        env: { TRUST_PROXY: trustProxy, AUTH_RATE_LIMIT: '2' },
      });
      try {
        const attempt = (client: string) =>
          proxied.app.inject({
            method: 'POST',
            url: '/api/auth/jwt/login',
            // The client rotates the leftmost entry; the proxy appends the address it saw.
            headers: { 'x-forwarded-for': `${nextIp()}, ${client}` },
            payload: { username: 'x@example.test', password: 'n' },
            remoteAddress: '127.0.0.1',
          });
        const codes: number[] = [];
        for (let i = 0; i < 3; i++) codes.push((await attempt('198.51.100.4')).statusCode);
        expect(codes).toEqual([400, 400, 429]);
        // Another client behind the same proxy keeps its own budget.
        expect((await attempt('198.51.100.5')).statusCode).toBe(400);
      } finally {
        await proxied.close();
      }
    },
  );
});

describe('bearer tokens', () => {
  it('stop working when the user is deactivated', async () => {
    const admin = await createUser(t, { role: 'administrator' });
    expect((await classActions(admin.headers)).json()).toEqual({ actions: ['create'] });
    await t.database.db.update(users).set({ isActive: false }).where(eq(users.id, admin.user.id));
    const res = await classActions(admin.headers);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ actions: [] });
    // A route that needs login refuses the token.
    const invite = await t.app.inject({ method: 'POST', url: '/api/user', headers: admin.headers });
    expect(invite.statusCode).toBe(401);
    expect(invite.json()).toMatchObject({ code: 'UNAUTHENTICATED' });
  });

  it('are anonymous on public routes when empty, "undefined", garbage, foreign or expired', async () => {
    const admin = await createUser(t, { role: 'administrator' });
    const foreign = await signAccessToken(
      'another-secret-that-is-long-enough-0000',
      admin.user,
      t.clock.now,
    );
    const headers = [
      'Bearer undefined',
      'Bearer ',
      'Bearer',
      'garbage',
      'Bearer not.a.jwt',
      `Bearer ${foreign}`,
      `Basic ${Buffer.from('a:b').toString('base64')}`,
    ];
    for (const authorization of headers) {
      const res = await classActions({ authorization });
      expect(res.statusCode, authorization).toBe(200);
      expect(res.json()).toEqual({ actions: [] });
    }
    t.clock.now = new Date(t.clock.now.getTime() + 9 * 60 * 60 * 1000);
    const expired = await classActions(admin.headers);
    expect(expired.statusCode).toBe(200);
    expect(expired.json()).toEqual({ actions: [] });
  });
});
