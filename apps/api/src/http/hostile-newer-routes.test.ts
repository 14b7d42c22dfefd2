import { count, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BULK_LINK_MAX } from '@helder/shared/payments';
import { auditLog, payments } from '../db/schema';
import { createTestApp, type TestApp } from '../test/app';
import { createUser, type CreatedUser } from '../test/factories';
import { createFunder } from '../test/funder-factories';

/*
 * The routes added for history, verantwoording, suggested links and open data get the same
 * treatment as the older ones: hostile or absurd input is a clear 4xx in the error format of
 * docs/api-rules.md, never a 500, and a refused write leaves nothing behind.
 */

let t: TestApp;
let admin: CreatedUser;
let funderId: number;
beforeAll(async () => {
  t = await createTestApp();
  admin = await createUser(t, { role: 'administrator' });
  funderId = (await createFunder(t)).id;
});
afterAll(() => t?.close());

const get = (url: string) => t.app.inject({ url, headers: admin.headers });

/** A refusal: a 4xx with the product's error body, whatever the route. */
function expectRefused(res: { statusCode: number; json: () => unknown }, status: number) {
  expect(res.statusCode).toBe(status);
  const body = res.json() as { detail?: unknown; code?: unknown };
  expect(typeof body.detail).toBe('string');
  expect(typeof body.code).toBe('string');
}

describe('query and path values PostgreSQL cannot store', () => {
  it.each([
    '/api/audit?entity_class=payment&entity_id=1&after=%00',
    '/api/audit?entity_class=%00&entity_id=1',
    '/api/initiative/1/verantwoording?format=%00',
    '/api/initiative/1/activity/1/verantwoording?start_date=2026-01-01%00',
    `/api/funder/1/360giving.json?q=%00`,
    `/api/funder/1/360giving.csv?q=%00`,
  ])('GET %s is refused with 422', async (url) => {
    const res = await get(url);
    expectRefused(res, 422);
    expect(res.json()).toMatchObject({ errors: [{ code: 'invalid_characters' }] });
  });
});

describe('values out of range or of the wrong kind', () => {
  it.each([
    ['/api/audit?entity_class=payment&entity_id=99999999999999999999', 422],
    ['/api/audit?entity_class=payment&entity_id=-1', 422],
    ['/api/audit?entity_class=payment&entity_id=1.5', 422],
    ['/api/audit?entity_class=spaceship&entity_id=1', 422],
    ['/api/audit?entity_class=payment&entity_id=1&limit=1000000', 422],
    [`/api/audit?entity_class=payment&entity_id=1&after=${'9'.repeat(400)}`, 422],
    ['/api/initiative/99999999999999999999/verantwoording', 422],
    ['/api/initiative/2147483647/verantwoording', 404],
    ['/api/initiative/1/verantwoording?format=exe', 422],
    ['/api/initiative/1/verantwoording?start_date=2026-13-45', 422],
    ['/api/initiative/1/verantwoording?start_date=2026-02-01&end_date=2026-01-01', 422],
    ['/api/initiative/1/verantwoording?start_date=1990-01-01&end_date=2026-01-01', 422],
    [`/api/initiative/1/verantwoording?start_date=${'2'.repeat(5000)}`, 422],
    ['/api/funder/abc/360giving.json', 422],
    ['/api/funder/2147483647/360giving.csv', 404],
  ])('GET %s is a clear %i', async (url, status) => {
    expectRefused(await get(url), status);
  });

  it('the open data of an existing funder is still served', async () => {
    expect((await get(`/api/funder/${funderId}/360giving.json`)).statusCode).toBe(200);
  });
});

describe('many links at once with hostile bodies', () => {
  const rows = async () => ({
    linked: (
      await t.database.db
        .select({ n: count() })
        .from(payments)
        .where(isNotNull(payments.initiativeId))
    )[0]!.n,
    audit: (await t.database.db.select({ n: count() }).from(auditLog))[0]!.n,
  });
  const post = (payload: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/payments/links',
      headers: { 'content-type': 'application/json', ...admin.headers },
      payload,
    });
  const link = (paymentId: unknown) => ({ payment_id: paymentId, initiative_id: 1 });

  it.each([
    [
      'more links than allowed',
      { links: Array.from({ length: BULK_LINK_MAX + 1 }, (_, i) => link(i + 1)) },
    ],
    ['no links', { links: [] }],
    ['a payment twice', { links: [link(1), link(1)] }],
    ['an id that is text', { links: [link('1; drop table payments')] }],
    ['an id beyond an integer', { links: [link(2 ** 53)] }],
    [
      'an activity without its initiative',
      { links: [{ payment_id: 1, initiative_id: null, activity_id: 2 }] },
    ],
    ['a body that is not an object', [1, 2, 3]],
  ])('%s is refused with 422 and nothing is written', async (_label, body) => {
    const before = await rows();
    expectRefused(await post(JSON.stringify(body)), 422);
    expect(await rows()).toEqual(before);
  });

  it('a NUL in a key is refused with 422 and nothing is written', async () => {
    const before = await rows();
    const res = await post('{"links":[{"payment_id":1,"initiative_id":1,"x\\u0000":1}]}');
    expectRefused(res, 422);
    expect(await rows()).toEqual(before);
  });

  it('JSON that does not parse is a 400', async () => {
    expectRefused(await post('{"links":[{"payment_id":1,'), 400);
  });
});
