import { count, eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, funders, paymentReviews, regulations, users } from '../db/schema';
import { signUnsubscribeToken } from '../lib/jwt';
import { createTestApp, type TestApp } from '../test/app';
import { createUser, type CreatedUser } from '../test/factories';
import { bitmapPng } from '../test/images';
import {
  createAttachment,
  createInitiativeTree,
  createPayment,
} from '../test/initiative-factories';
import { multipart } from '../test/multipart';
import { nextIp } from '../test/http';

/*
 * The routes added for the funder's overview, charts, logos, receipt reading, review and
 * reminders get the treatment of hostile-input.test.ts: absurd or hostile input is a clear 4xx
 * in the error format of docs/api-rules.md §2, never a 500, and a refused write leaves nothing.
 */

let t: TestApp;
let admin: CreatedUser;
let user: CreatedUser;
let tree: Awaited<ReturnType<typeof createInitiativeTree>>;
let expenseId: number;
let attachmentId: number;
beforeAll(async () => {
  t = await createTestApp();
  admin = await createUser(t, { role: 'administrator', password: null });
  user = await createUser(t, { password: null });
  tree = await createInitiativeTree(t);
  await t.database.db
    .update(regulations)
    .set({ reviewEnabled: true })
    .where(eq(regulations.id, tree.regulation.id));
  expenseId = (await createPayment(t, { initiativeId: tree.initiative.id, amountCents: -900 })).id;
  attachmentId = (await createAttachment(t, expenseId)).id;
});
afterAll(() => t?.close());

const BEYOND_INT = '2147483648';
const LAST_INT = '2147483647';

/** A refusal: the status with the product's error body, whatever the route. */
function expectRefused(res: { statusCode: number; json: () => unknown }, status: number) {
  expect(res.statusCode).toBe(status);
  const body = res.json() as { detail?: unknown; code?: unknown };
  expect(typeof body.detail).toBe('string');
  expect(typeof body.code).toBe('string');
}

const get = (url: string) => t.app.inject({ url, headers: admin.headers });

/** Rows of the tables the writes below would touch, to prove that nothing was written. */
async function snapshot() {
  const rows = async (table: typeof auditLog | typeof paymentReviews) =>
    (await t.database.db.select({ n: count() }).from(table))[0]!.n;
  const [funder] = await t.database.db
    .select({ logo: funders.logoKey })
    .from(funders)
    .where(eq(funders.id, tree.funder.id));
  const reminders = await t.database.db.select({ on: users.receiptReminders }).from(users);
  return {
    audit: await rows(auditLog),
    reviews: await rows(paymentReviews),
    logo: funder!.logo,
    reminders: reminders.map((r) => r.on),
  };
}

describe('GET routes: path and query values of the wrong kind', () => {
  const overview = () => `/api/funder/${tree.funder.id}/regulation/${tree.regulation.id}`;
  const grant = () => `${overview()}/grant/${tree.grant.id}`;
  const cases: Array<[string, () => string, number]> = [
    ['a NUL in format', () => `${overview()}/overview?format=%00`, 422],
    ['a NUL in lang', () => `${grant()}/overview?lang=n%00l`, 422],
    ['an unknown format', () => `${overview()}/overview?format=docx`, 422],
    ['an unknown lang', () => `${grant()}/overview?format=csv&lang=de`, 422],
    ['two formats', () => `${overview()}/overview?format=csv&format=xlsx`, 422],
    ['two langs', () => `${grant()}/overview?lang=nl&lang=en`, 422],
    ['a huge lang', () => `${overview()}/overview?lang=${'n'.repeat(5000)}`, 422],
    ['a funder id that is text', () => `/api/funder/abc/regulation/1/overview`, 422],
    ['a negative regulation id', () => `/api/funder/1/regulation/-1/overview`, 422],
    ['a grant id beyond int', () => `${overview()}/grant/${BEYOND_INT}/overview`, 422],
    ['a grant id of 1.5', () => `${overview()}/grant/1.5/overview`, 422],
    ['a NUL as grant id', () => `${overview()}/grant/%00/overview`, 422],
    ['a grant that does not exist', () => `${overview()}/grant/${LAST_INT}/overview`, 404],
    ['an initiative id that is text', () => `/api/initiative/x/spending`, 422],
    ['an initiative id beyond int', () => `/api/initiative/${BEYOND_INT}/spending`, 422],
    ['an initiative that does not exist', () => `/api/initiative/${LAST_INT}/spending`, 404],
    ['a NUL in interval', () => `/api/initiative/${tree.initiative.id}/spending?interval=%00`, 422],
    [
      'an unknown interval',
      () => `/api/initiative/${tree.initiative.id}/spending?interval=day`,
      422,
    ],
    [
      'two intervals',
      () => `/api/initiative/${tree.initiative.id}/spending?interval=week&interval=year`,
      422,
    ],
    ['a regulation id beyond int', () => `/api/funder/1/regulation/${BEYOND_INT}/spending`, 422],
    ['a negative funder id', () => `/api/funder/-3/regulation/1/spending`, 422],
    ['a regulation that is not there', () => `/api/funder/1/regulation/${LAST_INT}/spending`, 404],
    ['a media id that is text', () => `/api/media/abc/reading`, 422],
    ['a media id beyond int', () => `/api/media/${BEYOND_INT}/reading`, 422],
    ['a negative media id', () => `/api/media/-1/reading`, 422],
    ['a NUL as media id', () => `/api/media/%00/reading`, 422],
    ['a media id that does not exist', () => `/api/media/${LAST_INT}/reading`, 404],
    ['a summary of an initiative id that is text', () => `/api/payments/initiative/a/review`, 422],
    ['a summary beyond int', () => `/api/payments/initiative/${BEYOND_INT}/review`, 422],
    ['a summary of no initiative', () => `/api/payments/initiative/${LAST_INT}/review`, 404],
    ['two entity ids', () => '/api/audit?entity_class=Payment&entity_id=1&entity_id=2', 422],
    [
      'two entity classes',
      () => '/api/audit?entity_class=Payment&entity_class=User&entity_id=1',
      422,
    ],
    ['no entity id', () => '/api/audit?entity_class=Payment', 422],
    ['a limit of 0', () => '/api/audit?entity_class=Payment&entity_id=1&limit=0', 422],
    ['a limit that is text', () => '/api/audit?entity_class=Payment&entity_id=1&limit=ten', 422],
    ['a negative after', () => '/api/audit?entity_class=Payment&entity_id=1&after=-5', 422],
    [
      'an after beyond int',
      () => `/api/audit?entity_class=Payment&entity_id=1&after=${BEYOND_INT}`,
      422,
    ],
  ];
  it.each(cases)('%s is a clear %i', async (_label, url, status) => {
    expectRefused(await get(url()), status);
  });

  it('the same routes with good values answer 200', async () => {
    for (const url of [
      `${overview()}/overview?format=csv&lang=fy`,
      `${grant()}/overview?format=xlsx&lang=en`,
      `/api/initiative/${tree.initiative.id}/spending?interval=week`,
      `/api/funder/${tree.funder.id}/regulation/${tree.regulation.id}/spending`,
      `/api/payments/initiative/${tree.initiative.id}/review`,
      `/api/audit?entity_class=Payment&entity_id=${expenseId}`,
    ]) {
      expect((await get(url)).statusCode, url).toBe(200);
    }
  });
});

describe('PUT and DELETE /api/payment/:id/review with hostile input', () => {
  const put = (payload: string, contentType = 'application/json', id: unknown = expenseId) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/payment/${String(id)}/review`,
      headers: { 'content-type': contentType, ...admin.headers },
      payload,
    });
  const json = (body: unknown) => JSON.stringify(body);

  it.each([
    ['an unknown status', json({ status: 'maybe' }), 'status'],
    ['the status open', json({ status: 'open' }), 'status'],
    ['a status in an array', json({ status: ['approved'] }), 'status'],
    ['a status that is a number', json({ status: 1 }), 'status'],
    ['no status', json({ comment: 'ok' }), 'status'],
    ['a rejection without comment', json({ status: 'rejected' }), 'comment'],
    ['a rejection with only spaces', json({ status: 'rejected', comment: ' \r\n ' }), 'comment'],
    ['a comment too long', json({ status: 'rejected', comment: 'x'.repeat(1001) }), 'comment'],
    ['a comment that is an object', json({ status: 'rejected', comment: { a: 1 } }), 'comment'],
    ['a comment in an array', json({ status: 'rejected', comment: ['a'] }), 'comment'],
    ['a NUL in the comment', json({ status: 'rejected', comment: 'a\u0000b' }), 'comment'],
    [
      'a lone surrogate in the comment',
      json({ status: 'rejected', comment: 'a\ud800' }),
      'comment',
    ],
    [
      'control characters in the comment',
      json({ status: 'rejected', comment: 'bon \u0007\u001b[31m' }),
      'comment',
    ],
    ['a body that is an array', json([{ status: 'approved' }]), null],
    ['a body that is a string', json('approved'), null],
    ['a body that is null', 'null', null],
  ])('%s is refused with 422 and nothing is written', async (_label, payload, field) => {
    const before = await snapshot();
    const res = await put(payload);
    expectRefused(res, 422);
    if (field) expect(res.json()).toMatchObject({ errors: [{ field }] });
    expect(await snapshot()).toEqual(before);
  });

  it.each([
    // Plain text is read as a string and a form as no body: neither is the object wanted.
    ['plain text', 422, 'status=approved', 'text/plain'],
    ['XML', 415, '<status>approved</status>', 'application/xml'],
    ['a form', 422, 'status=approved', 'multipart/form-data; boundary=x'],
    ['JSON that does not parse', 400, '{"status":', 'application/json'],
  ])('a body of %s is a clear %i', async (_label, status, payload, type) => {
    const before = await snapshot();
    expectRefused(await put(payload, type), status);
    expect(await snapshot()).toEqual(before);
  });

  it.each([
    ['text', 422, 'abc'],
    ['negative', 422, '-1'],
    ['beyond int', 422, BEYOND_INT],
    ['a NUL', 422, '%00'],
    ['not there', 404, LAST_INT],
  ])('a payment id that is %s is a clear %i, on PUT and DELETE', async (_label, status, id) => {
    expectRefused(await put(json({ status: 'approved' }), 'application/json', id), status);
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/payment/${id}/review`,
      headers: admin.headers,
    });
    expectRefused(res, status);
  });

  it('a comment with tabs and line breaks is kept', async () => {
    const res = await put(json({ status: 'rejected', comment: 'Bon:\tontbreekt\r\nGraag sturen' }));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      review: { status: 'rejected', comment: 'Bon:\tontbreekt\nGraag sturen' },
    });
  });
});

describe('POST /api/reminders/unsubscribe with hostile tokens', () => {
  const post = (payload: string, contentType = 'application/json') =>
    t.app.inject({
      method: 'POST',
      url: '/api/reminders/unsubscribe',
      headers: { 'content-type': contentType },
      payload,
      remoteAddress: nextIp(),
    });
  const forged = async () =>
    new SignJWT({})
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(String(user.user.id))
      .setAudience('receipt-reminders-unsubscribe')
      .setIssuedAt()
      .setExpirationTime('1d')
      .sign(new TextEncoder().encode('not-the-secret-key-of-this-server-at-all'));
  const expired = () =>
    signUnsubscribeToken(t.config.secretKey, user.user.id, new Date('2020-01-01T00:00:00Z'));
  const altered = async () => {
    const token = await signUnsubscribeToken(t.config.secretKey, user.user.id, new Date());
    const [head, , signature] = token.split('.');
    const body = Buffer.from(JSON.stringify({ sub: String(admin.user.id) })).toString('base64url');
    return `${head}.${body}.${signature}`;
  };
  const unsigned = () => {
    const part = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
    return `${part({ alg: 'none', typ: 'JWT' })}.${part({ sub: String(user.user.id), aud: 'receipt-reminders-unsubscribe' })}.`;
  };

  it.each([
    ['forged with another key', forged],
    ['expired', expired],
    ['altered to name someone else', altered],
    ['unsigned (alg none)', unsigned],
    ['garbage', () => 'not.a.token'],
    ['an access token', () => admin.headers.authorization.replace(/^Bearer /, '')],
  ])('a token %s is a 400 BAD_TOKEN and turns nothing off', async (_label, token) => {
    const before = await snapshot();
    const res = await post(JSON.stringify({ token: await token() }));
    expectRefused(res, 400);
    expect(res.json()).toMatchObject({ code: 'BAD_TOKEN' });
    expect(await snapshot()).toEqual(before);
  });

  it.each([
    ['an empty token', JSON.stringify({ token: '' })],
    ['a huge token', JSON.stringify({ token: 'x'.repeat(5000) })],
    ['a NUL in the token', JSON.stringify({ token: 'a\u0000b' })],
    ['a token in an array', JSON.stringify({ token: ['a.b.c'] })],
    ['a token that is a number', JSON.stringify({ token: 12 })],
    ['no token', '{}'],
    ['a body that is an array', '[]'],
  ])('%s is refused with 422', async (_label, payload) => {
    const before = await snapshot();
    expectRefused(await post(payload), 422);
    expect(await snapshot()).toEqual(before);
  });

  it.each([
    ['plain text', 422, 'text/plain'],
    ['XML', 415, 'application/xml'],
  ])('a body of %s is a clear %i', async (_label, status, type) => {
    expectRefused(await post('token=x', type), status);
  });
});

describe('POST and DELETE /api/funder/:id/logo with hostile uploads', () => {
  const upload = async (
    field: string,
    data: Buffer,
    type = 'image/png',
    id: unknown = tree.funder.id,
  ) => {
    const form = await multipart({ [field]: { name: 'logo.png', data, type } });
    return t.app.inject({
      method: 'POST',
      url: `/api/funder/${String(id)}/logo`,
      payload: form.payload,
      headers: { ...form.headers, ...admin.headers },
    });
  };
  const pdf = Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n%%EOF\n');

  const png = () => bitmapPng(8, 8);
  const postJson = () =>
    t.app.inject({
      method: 'POST',
      url: `/api/funder/${tree.funder.id}/logo`,
      headers: { 'content-type': 'application/json', ...admin.headers },
      payload: '{"file":"iVBORw0KGgo="}',
    });

  it.each([
    ['text that is not an image', 415, () => upload('file', Buffer.from('not a picture'))],
    ['a PDF', 415, () => upload('file', pdf, 'application/pdf')],
    // No bytes are no type: refused as any other file that is not a picture (docs/api-rules.md §11).
    ['a zero-byte file', 415, () => upload('file', Buffer.alloc(0))],
    ['a PNG whose header claims 16000×16000', 422, () => upload('file', bitmapPng(16000, 16000))],
    ['the wrong field name', 422, () => upload('logo', png())],
    ['a funder id that is text', 422, () => upload('file', png(), 'image/png', 'abc')],
    ['a funder id beyond int', 422, () => upload('file', png(), 'image/png', BEYOND_INT)],
    ['a funder that is not there', 404, () => upload('file', png(), 'image/png', LAST_INT)],
    ['a JSON body', 422, postJson],
  ])('%s is a clear %i and stores nothing', async (_label, status, send) => {
    const before = await snapshot();
    expectRefused(await send(), status);
    expect(await snapshot()).toEqual(before);
  });

  it.each([
    ['text', 422, 'abc'],
    ['negative', 422, '-2'],
    ['beyond int', 422, BEYOND_INT],
    ['not there', 404, LAST_INT],
  ])('DELETE with a funder id that is %s is a clear %i', async (_label, status, id) => {
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/funder/${id}/logo`,
      headers: admin.headers,
    });
    expectRefused(res, status);
  });

  it('a real picture is still taken', async () => {
    expect((await upload('file', bitmapPng(64, 32))).statusCode).toBe(200);
  });
});

it('the reading of a stored attachment answers with the documented shape or a 404', async () => {
  // A server without a queue stores receipts unread: a 404, not a 500 (docs/api-rules.md §19).
  expectRefused(await get(`/api/media/${attachmentId}/reading`), 404);
});
