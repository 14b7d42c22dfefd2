import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, funders, users } from '../db/schema';
import { createTestApp, type TestApp } from '../test/app';
import { createUser, type CreatedUser } from '../test/factories';
import { loginRequest, nextIp, type Caller } from '../test/http';
import { multipart } from '../test/multipart';
import { createFunder } from '../test/funder-factories';

let t: TestApp;
let admin: CreatedUser;
beforeAll(async () => {
  t = await createTestApp();
  admin = await createUser(t, { role: 'administrator' });
});
afterAll(() => t?.close());

const callers: [string, () => Caller][] = [
  ['anonymous', () => null],
  ['an administrator', () => admin],
];

const headersOf = (caller: Caller) => caller?.headers ?? {};

const aString: unknown = expect.any(String);

/** The one error every hostile string gets, naming the field it was found in. */
const refusal = (field: string) => ({
  detail: 'Validation failed',
  code: 'VALIDATION_ERROR',
  errors: [{ field, code: 'invalid_characters', message: aString }],
});

/** Rows of the tables a write would touch, to prove that nothing was written. */
async function snapshot() {
  const rows = async (table: typeof users | typeof funders | typeof auditLog) =>
    (await t.database.db.select({ n: count() }).from(table))[0]!.n;
  return { users: await rows(users), funders: await rows(funders), audit: await rows(auditLog) };
}

describe.each(callers)('text PostgreSQL cannot store, sent by %s', (_, caller) => {
  it('is refused in the form-encoded login (NUL in the username)', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/jwt/login',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...headersOf(caller()) },
      payload: 'username=a%00b&password=whatever-it-is',
      remoteAddress: nextIp(),
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual(refusal('username'));
    // The same form with a harmless name is an ordinary failed login.
    expect((await loginRequest(t, { username: 'ab', password: 'x' })).statusCode).toBe(400);
  });

  it.each([
    ['/api/initiatives?name=%00', 'name'],
    ['/api/initiatives?name=ok&name=a%00', 'name.1'],
    ['/api/users?email=%00', 'email'],
    ['/api/files/%00?exp=1&sig=x', '*'],
    ['/api/files/users/1/a%00.png', '*'],
    ['/api/health?probe=%00', 'probe'],
  ])('is refused in the query or path of GET %s', async (url, field) => {
    const res = await t.app.inject({ url, headers: headersOf(caller()) });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual(refusal(field));
  });

  it.each([
    ['NUL in a value', '{"name":"Fonds\\u0000","url":"https://fonds.test"}', 'name'],
    ['a lone high surrogate', '{"name":"Fonds \\ud800","url":"https://fonds.test"}', 'name'],
    ['a lone low surrogate', '{"name":"\\udc00 Fonds","url":"https://fonds.test"}', 'name'],
    ['NUL in a key', '{"name":"Fonds","url":"https://fonds.test","x\\u0000":1}', 'x\ufffd'],
  ])('is refused in a JSON create (%s) and nothing is written', async (_label, payload, field) => {
    const before = await snapshot();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/funder',
      headers: { 'content-type': 'application/json', ...headersOf(caller()) },
      payload,
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual(refusal(field));
    expect(await snapshot()).toEqual(before);
  });

  it('is refused in JSON updates and nothing changes', async () => {
    const funder = await createFunder(t);
    const before = await snapshot();
    for (const [url, payload, field] of [
      [`/api/funder/${funder.id}`, '{"name":"Nieuw\\u0000"}', 'name'],
      [`/api/user/${admin.user.id}`, '{"first_name":"\\ud83d"}', 'first_name'],
    ] as const) {
      const res = await t.app.inject({
        method: 'PATCH',
        url,
        headers: { 'content-type': 'application/json', ...headersOf(caller()) },
        payload,
      });
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual(refusal(field));
    }
    expect(await snapshot()).toEqual(before);
    const [row] = await t.database.db.select().from(funders).where(eq(funders.id, funder.id));
    expect(row!.name).toBe(funder.name);
  });
});

describe('multipart text fields', () => {
  const invite = async (fields: Record<string, string>, caller: Caller) => {
    const form = await multipart(fields);
    return t.app.inject({
      method: 'POST',
      url: '/api/user',
      payload: form.payload,
      headers: { ...form.headers, ...headersOf(caller) },
    });
  };

  it.each([
    [{ email: 'nul\u0000@example.test' }, 'email'],
    [{ email: 'ok@example.test', first_name: 'Ann\u0000' }, 'first_name'],
    [{ email: 'ok@example.test', 'note\u0000': 'x' }, 'note\ufffd'],
  ])('are refused with 422, nothing written (%j)', async (fields, field) => {
    const before = await snapshot();
    // Anonymous callers are turned away before their multipart body is read at all.
    expect((await invite(fields, null)).statusCode).toBe(401);
    const res = await invite(fields, admin);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual(refusal(field));
    expect(await snapshot()).toEqual(before);
    expect(t.outbox.some((m) => m.to.includes('example.test'))).toBe(false);
  });
});
