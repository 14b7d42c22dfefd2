import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app';
import { createUser } from '../test/factories';
import type { Executor } from './client';
import { mapFlatRows, reused } from './reused';
import { passwordTokens, users } from './schema';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await createUser(t, { firstName: null, role: 'administrator' });
  await createUser(t, { firstName: 'Anna' });
});
afterAll(async () => {
  await t?.close();
});

/**
 * A flat selection with every kind of field the ORM decodes: columns (a timestamp, a nullable
 * text, an enum, a boolean), SQL with and without a decoder, an aliased SQL, SQL around a
 * subquery, and the columns of an outer join that found nothing.
 */
const flat = (db: Executor) => {
  const tokens = db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(passwordTokens)
    .where(eq(passwordTokens.userId, users.id));
  return db
    .select({
      id: users.id,
      createdAt: users.createdAt,
      firstName: users.firstName,
      role: users.role,
      isActive: users.isActive,
      twice: sql<number>`${users.id} * 2`.mapWith(Number),
      asText: sql<string>`${users.id}::text`,
      day: sql<Date>`${users.createdAt}`.mapWith(users.createdAt).as('day'),
      tokens: sql<number>`(${tokens})`.mapWith(Number),
      tokenId: passwordTokens.id,
      expiresAt: passwordTokens.expiresAt,
    })
    .from(users)
    .leftJoin(passwordTokens, eq(passwordTokens.userId, users.id))
    .orderBy(asc(users.id));
};

describe('statements built once (reused)', () => {
  it("maps a flat selection's rows exactly as the ORM does, decoders and nulls included", async () => {
    const db = t.database.db;
    const expected = await flat(db);
    const statement = reused((d: Executor) => flat(d));
    const rows = await statement(db, 'flat', null, {});

    expect(rows).toEqual(expected);
    expect(rows.length).toBeGreaterThanOrEqual(2);
    const [first] = rows;
    expect(first!.createdAt).toBeInstanceOf(Date);
    expect(first!.day).toBeInstanceOf(Date);
    expect(typeof first!.twice).toBe('number');
    expect(typeof first!.tokens).toBe('number');
    expect(first!.asText).toBe(String(first!.id));
    expect(rows.some((r) => r.firstName === null)).toBe(true);
    // The outer join found no token: its columns are null, each on its own key.
    expect(first).toMatchObject({ tokenId: null, expiresAt: null });
    // Run again: the same statement maps the same rows.
    expect(await statement(db, 'flat', null, {})).toEqual(expected);
  });

  it('leaves a selection with a nested table to the ORM, which nulls an unmatched one', async () => {
    const db = t.database.db;
    const nested = (d: Executor) =>
      d
        .select({ id: users.id, token: passwordTokens })
        .from(users)
        .leftJoin(passwordTokens, eq(passwordTokens.userId, users.id))
        .orderBy(asc(users.id));
    const rows = await reused(nested)(db, 'nested', null, {});
    expect(rows).toEqual(await nested(db));
    expect(rows[0]!.token).toBeNull();
  });

  it("takes over the ORM's mapping of a flat selection only (its internals as expected)", () => {
    const db = t.database.db;
    const prepare = (query: { prepare(name: string): unknown }) =>
      query.prepare(undefined as unknown as string) as Parameters<typeof mapFlatRows>[0];
    expect(mapFlatRows(prepare(flat(db)))).toBe(true);
    expect(mapFlatRows(prepare(db.select({ user: users }).from(users)))).toBe(false);
    // A literal's "__proto__" would set the row's prototype: the ORM maps such a selection.
    expect(mapFlatRows(prepare(db.select({ ['__proto__']: users.id }).from(users)))).toBe(false);
  });

  it('reads the values of its placeholders on each run', async () => {
    const db = t.database.db;
    const byId = reused((d: Executor) =>
      d
        .select({ id: users.id, email: users.email })
        .from(users)
        .where(eq(users.id, sql.placeholder('id'))),
    );
    const all = await flat(db);
    for (const { id } of all) {
      expect(await byId(db, 'by-id', null, { id })).toEqual([
        { id, email: expect.any(String) as string },
      ]);
    }
  });
});
