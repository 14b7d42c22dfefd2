import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { createUser } from '../../test/factories';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Listed = { id: number; email?: string; is_active?: boolean; first_name: string | null };
const list = async (query: string, headers?: Record<string, string>) => {
  const res = await t.app.inject({ url: `/api/users${query}`, ...(headers ? { headers } : {}) });
  expect(res.statusCode).toBe(200);
  return res.json<{ users: Listed[] }>().users;
};
const ids = (rows: Listed[]) => rows.map((u) => u.id);

/** Users whose e-mail contains a fresh tag, so a filtered list holds only them. */
async function tagged(names: Array<[string | null, string | null]>) {
  const tag = `t${Math.random().toString(36).slice(2, 8)}`;
  const made = [];
  for (const [i, [firstName, lastName]] of names.entries()) {
    const email = `${tag}-${i}@example.nl`;
    made.push(await createUser(t, { email, firstName, lastName, password: null }));
  }
  return { tag, made };
}

describe('GET /api/users', () => {
  it('lists the caller first, then by first name, last name and id, names missing last', async () => {
    const { tag, made } = await tagged([
      ['Zoë', 'Zwart'], // the caller
      ['Bram', 'Bos'],
      ['Anna', 'Visser'],
      ['Anna', 'Bakker'],
      [null, null],
      ['Anna', 'Bakker'],
    ]);
    const [caller, bram, annaV, annaB1, nameless, annaB2] = made.map((m) => m.user.id);
    const rows = await list(`?email=${tag}`, made[0]!.headers);
    expect(ids(rows)).toEqual([caller, annaB1, annaB2, annaV, bram, nameless]);
  });

  it('filters by e-mail case-insensitively for logged-in callers only', async () => {
    const { tag, made } = await tagged([
      ['Filter', 'One'],
      ['Filter', 'Two'],
    ]);
    const viewer = await createUser(t);
    const filtered = await list(`?email=${tag.toUpperCase()}-1@EXAMPLE`, viewer.headers);
    expect(ids(filtered)).toEqual([made[1]!.user.id]);
    expect(filtered[0]!.email).toBe(`${tag}-1@example.nl`);
    expect(await list('?email=%25', viewer.headers)).toEqual([]); // no wildcard injection

    const anonymous = await list(`?email=${tag}&limit=100`);
    expect(anonymous.length).toBeGreaterThan(2); // the filter is ignored
    expect(anonymous.every((u) => !('email' in u) && !('is_active' in u))).toBe(true);
  });

  it('treats "Bearer undefined" and broken tokens as anonymous on this public route', async () => {
    for (const authorization of ['Bearer undefined', 'Bearer ', 'Bearer not.a.jwt']) {
      const rows = await list('', { authorization });
      expect(rows.every((u) => !('email' in u))).toBe(true);
    }
  });

  it('pages with offset and limit; empty strings mean the defaults, numeric strings count', async () => {
    const { tag, made } = await tagged([
      ['P', '1'],
      ['P', '2'],
      ['P', '3'],
      ['P', '4'],
      ['P', '5'],
    ]);
    const h = made[0]!.headers;
    const all = ids(await list(`?email=${tag}`, h));
    expect(all).toHaveLength(5);
    const pages = [
      await list(`?email=${tag}&offset=0&limit=2`, h),
      await list(`?email=${tag}&offset=2&limit=2`, h),
      await list(`?email=${tag}&offset=4&limit=2`, h),
    ];
    expect(pages.map((p) => p.length)).toEqual([2, 2, 1]);
    expect(pages.flatMap(ids)).toEqual(all);
    expect(ids(await list(`?email=${tag}&offset=&limit=&unknown=1`, h))).toEqual(all);
    expect((await list('?offset=&limit=')).length).toBeLessThanOrEqual(20);
  });

  it('pages by `after` (keyset) through the same order: the caller, names, missing names, ids', async () => {
    const { tag, made } = await tagged([
      ['Zoë', 'Zwart'], // the caller
      ['Bram', null],
      ['Anna', 'Bakker'],
      [null, 'Smit'],
      ['Anna', 'Bakker'],
      [null, null],
      ['Bram', 'Bos'],
    ]);
    const h = made[0]!.headers;
    const all = ids(await list(`?email=${tag}`, h));
    const pages: number[][] = [];
    let after = '';
    // Bounded: a server that ignored `after` would hand out the first page for ever.
    for (let i = 0; i < 10; i++) {
      const page = ids(await list(`?email=${tag}&limit=2${after}`, h));
      if (page.length === 0) break;
      pages.push(page);
      after = `&after=${page.at(-1)}`;
    }
    expect(pages.flat()).toEqual(all);
    expect(pages.map((p) => p.length)).toEqual([2, 2, 2, 1]);
    // `offset` counts on from `after`.
    expect(ids(await list(`?email=${tag}&after=${all[1]}&offset=2`, h))).toEqual(all.slice(4));
    // Anonymous: nobody comes first.
    const anonymous = ids(await list('?limit=100'));
    const middle = anonymous[Math.floor(anonymous.length / 2)]!;
    expect(ids(await list(`?limit=100&after=${middle}`))).toEqual(
      anonymous.slice(anonymous.indexOf(middle) + 1),
    );
  });

  it('refuses an `after` that is not in the list: filtered out, hidden, unknown or malformed', async () => {
    const { tag, made } = await tagged([['In', 'Lijst']]);
    const hidden = await createUser(t, { hidden: true, password: null });
    const outside = await createUser(t, { password: null });
    const h = made[0]!.headers;
    const cases = [
      [`?email=${tag}&after=${outside.user.id}`, h],
      [`?after=${hidden.user.id}`, undefined],
      ['?after=2000000000', undefined],
    ] as const;
    for (const [query, headers] of cases) {
      const res = await t.app.inject({
        url: `/api/users${query}`,
        ...(headers ? { headers } : {}),
      });
      expect(res.statusCode, query).toBe(422);
      expect(res.json<{ errors?: Array<{ field: string }> }>().errors?.[0]?.field).toBe('after');
    }
    for (const bad of ['abc', '-1', '1.5', '1e3', '99999999999']) {
      const res = await t.app.inject({ url: `/api/users?after=${bad}` });
      expect(res.statusCode, bad).toBe(422);
    }
  });

  it('answers 422 for a limit beyond 100, below 1, or a negative offset', async () => {
    for (const query of ['limit=101', 'limit=0', 'offset=-1', 'limit=abc']) {
      const res = await t.app.inject({ url: `/api/users?${query}` });
      expect(res.statusCode).toBe(422);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR' });
    }
    expect((await t.app.inject({ url: '/api/users?limit=100' })).statusCode).toBe(200);
  });

  it('shows hidden users only to themselves and admins', async () => {
    const { tag, made } = await tagged([['Seen', 'User']]);
    const visible = made[0];
    const hidden = await createUser(t, { email: `${tag}-h@example.nl`, hidden: true });
    const admin = await createUser(t, { role: 'administrator' });
    expect(ids(await list(`?email=${tag}`, visible!.headers))).not.toContain(hidden.user.id);
    expect(ids(await list(`?email=${tag}`, hidden.headers))[0]).toBe(hidden.user.id);
    expect(ids(await list(`?email=${tag}`, admin.headers))).toContain(hidden.user.id);
    expect(ids(await list('?limit=100'))).not.toContain(hidden.user.id);
  });

  it('shows account flags of others to admins only', async () => {
    const { tag, made } = await tagged([['Flag', 'Me']]);
    const viewer = await createUser(t);
    const admin = await createUser(t, { role: 'administrator' });
    expect((await list(`?email=${tag}`, viewer.headers))[0]).not.toHaveProperty('is_active');
    expect((await list(`?email=${tag}`, admin.headers))[0]).toMatchObject({ is_active: true });
    expect((await list(`?email=${tag}`, made[0]!.headers))[0]).toHaveProperty(
      'owned_bank_accounts',
      [],
    );
  });

  it('runs the same number of queries for 5 and for 30 users on a page', async () => {
    const five = await tagged(
      Array.from({ length: 5 }, (_, i) => ['Q', String(i)] as [string, string]),
    );
    const thirty = await tagged(
      Array.from({ length: 30 }, (_, i) => ['Q', String(i)] as [string, string]),
    );
    const count = async (tag: string, headers: Record<string, string>) => {
      t.queries.length = 0;
      const rows = await list(`?email=${tag}&limit=100`, headers);
      return { rows: rows.length, queries: t.queries.length };
    };
    const small = await count(five.tag, five.made[0]!.headers);
    const large = await count(thirty.tag, thirty.made[0]!.headers);
    expect(small.rows).toBe(5);
    expect(large.rows).toBe(30);
    expect(large.queries).toBe(small.queries);
    expect(small.queries).toBeLessThanOrEqual(2); // the token's user, then the page
  });
});
