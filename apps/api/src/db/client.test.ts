import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app';
import { MAX_PREPARED_PER_CONNECTION } from './prepared';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

describe.runIf(process.env.TEST_DB === 'postgres')('the PostgreSQL pool', () => {
  it('runs every connection without JIT compilation', async () => {
    // Held open together, so that the pool has to open several connections.
    const settings = await t.database.db.transaction(async (outer) => {
      const inner = await Promise.all(
        [1, 2, 3].map(() =>
          t.database.db.transaction(async (tx) => {
            await tx.execute(sql`select pg_sleep(0.05)`);
            return tx.execute(sql`show jit`);
          }),
        ),
      );
      return [await outer.execute(sql`show jit`), ...inner];
    });
    const values = settings.map(
      (result) => (result as { rows: Array<{ jit: string }> }).rows[0]!.jit,
    );
    expect(values).toEqual(['off', 'off', 'off', 'off']);
  });

  it('prepares each parameterised statement once per connection and plans it from there', async () => {
    const rows = await t.database.db.transaction(async (tx) => {
      for (const n of [1, 2, 3]) await tx.execute(sql`select ${n}::int as prepared_n`);
      await tx.execute(sql`select 1 as never_prepared`);
      await tx.execute(sql`select 1 as never_prepared limit ${1} offset ${0}`);
      // A page of a size the text fixes is prepared, however far it skips (ADR 0033).
      for (const n of [0, 5]) await tx.execute(sql`select 1 as prepared_page limit 1 offset ${n}`);
      const result = await tx.execute(sql`
        select statement, generic_plans + custom_plans as runs from pg_prepared_statements
        where statement like ${'%prepared\\_n%'} or statement like ${'%prepared\\_page%'}
          or statement like ${'%never\\_prepared%'}
        order by statement`);
      return (result as { rows: Array<{ statement: string; runs: string }> }).rows;
    });
    expect(rows.map((row) => [row.statement, Number(row.runs)])).toEqual([
      ['select $1::int as prepared_n', 3],
      ['select 1 as prepared_page limit 1 offset $1', 2],
    ]);
  });

  it('stops preparing new texts on a connection past the bound, and still runs them', async () => {
    const { prepared, last } = await t.database.db.transaction(async (tx) => {
      let value = 0;
      for (let i = 0; i <= MAX_PREPARED_PER_CONNECTION; i += 1) {
        const result = await tx.execute(sql`select ${i}::int as ${sql.raw(`bound_${i}`)}`);
        value = Object.values((result as { rows: Array<Record<string, number>> }).rows[0]!)[0]!;
      }
      const count = await tx.execute(
        sql`select count(*)::int as n from pg_prepared_statements where name like ${'helder_%'}`,
      );
      return { prepared: (count as { rows: Array<{ n: number }> }).rows[0]!.n, last: value };
    });
    expect(last).toBe(MAX_PREPARED_PER_CONNECTION);
    expect(prepared).toBe(MAX_PREPARED_PER_CONNECTION);
  });
});

describe.runIf(process.env.TEST_DB !== 'postgres')('the embedded database', () => {
  it('keeps 16 MB of shared buffers, not PostgreSQL’s 128 MB', async () => {
    const result = await t.database.db.execute(sql`show shared_buffers`);
    expect((result as { rows: Array<{ shared_buffers: string }> }).rows[0]!.shared_buffers).toBe(
      '16MB',
    );
  });
});
