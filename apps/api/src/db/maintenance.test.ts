import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app';
import { untilState } from '../test/jobs';
import { MAINTENANCE_CRON, MAINTENANCE_QUEUE, maintainDatabase } from './maintenance';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ jobs: true });
});
afterAll(async () => {
  await t?.close();
});

const one = async <T>(query: string) =>
  ((await t.database.db.execute(sql.raw(query))) as { rows: T[] }).rows[0]!;

describe('database maintenance', () => {
  it('analyses the tables, and on PGlite, which has no autovacuum, reclaims deleted rows too', async () => {
    const table = `maintained_${Date.now()}`;
    await t.database.db.execute(sql.raw(`create table ${table} (id int primary key, k int)`));
    await t.database.db.execute(
      sql.raw(`insert into ${table} select g, g % 7 from generate_series(1, 2000) g`),
    );
    await t.database.db.execute(sql.raw(`delete from ${table} where id > 1000`));
    const facts = () =>
      one<{ tuples: number; bytes: number; analysed: boolean }>(`
        select reltuples::int as tuples, pg_relation_size(c.oid)::int as bytes,
          s.last_analyze is not null as analysed
        from pg_class c join pg_stat_user_tables s on s.relid = c.oid
        where c.relname = '${table}'`);
    const before = await facts();
    expect(before).toMatchObject({ tuples: -1, analysed: false });

    await maintainDatabase(t.database);

    const after = await facts();
    // A small table is read whole, so its count is exact.
    expect(after).toMatchObject({ tuples: 1000, analysed: true });
    // The deleted rows filled the table's second half: a vacuum gives those pages back.
    if (t.database.kind === 'pglite') expect(after.bytes).toBeLessThan(before.bytes * 0.6);
    await t.database.db.execute(sql.raw(`drop table ${table}`));
  });

  it('runs nightly, on whichever instance comes first', async () => {
    const { rows } = (await t.database.db.execute(
      sql`select name, cron, timezone from pgboss.schedule where name = ${MAINTENANCE_QUEUE}`,
    )) as { rows: unknown[] };
    expect(rows).toEqual([{ name: MAINTENANCE_QUEUE, cron: MAINTENANCE_CRON, timezone: 'UTC' }]);
  });

  it('runs as a job of the queue (a vacuum outside any transaction on PGlite)', async () => {
    const table = `queued_${Date.now()}`;
    await t.database.db.execute(sql.raw(`create table ${table} (id int primary key)`));
    await t.database.db.execute(
      sql.raw(`insert into ${table} select g from generate_series(1, 100) g`),
    );
    const id = await t.app.jobs!.send(MAINTENANCE_QUEUE, {});
    await untilState(t.database, 'pgboss', id!, 'completed');
    const vacuumed = t.database.kind === 'pglite';
    expect(
      await one(`select last_analyze is not null as analysed, last_vacuum is not null as vacuumed
        from pg_stat_user_tables where relname = '${table}'`),
    ).toEqual({ analysed: true, vacuumed });
    await t.database.db.execute(sql.raw(`drop table ${table}`));
  });
});
