import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app';

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
});
