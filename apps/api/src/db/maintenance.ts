import { sql } from 'drizzle-orm';
import type { Jobs } from '../jobs/queue';
import type { Database } from './client';

/**
 * Brings the planner's statistics up to date and, on PGlite, reclaims the rows that updates and
 * deletes left behind. PGlite runs no autovacuum, so without this its tables are never analysed
 * (the planner guesses every row count and selectivity) and the job queue's finished jobs keep
 * their space for good. PostgreSQL's autovacuum does both, but analyses a table only after 50
 * rows plus a tenth of it have changed: a small table (an installation's handful of owners) can
 * keep the statistics of when it was empty. ANALYZE reads a sample of each table, so it stays
 * cheap as the tables grow.
 */
export async function maintainDatabase(database: Database) {
  await database.db.execute(sql.raw(database.kind === 'pglite' ? 'vacuum (analyze)' : 'analyze'));
}

export const MAINTENANCE_QUEUE = 'database-maintenance';
/** Nightly, at an hour (UTC) when the Netherlands sleeps: a vacuum holds PGlite meanwhile. */
export const MAINTENANCE_CRON = '41 2 * * *';

/** Schedules maintainDatabase, on one instance of however many share the database. */
export async function maintainDatabaseNightly(jobs: Jobs, database: Database) {
  await jobs.work(MAINTENANCE_QUEUE, () => maintainDatabase(database));
  await jobs.schedule(MAINTENANCE_QUEUE, MAINTENANCE_CRON);
}
