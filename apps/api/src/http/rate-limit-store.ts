import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { lte, sql } from 'drizzle-orm';
import type { Db, Executor } from '../db/client';
import { rateLimits } from '../db/schema';
import type { Jobs } from '../jobs/queue';

/**
 * Counts a hit on `key` in a window of `windowMs` and answers the count so far and the
 * milliseconds left of the window: one statement, atomic however many instances count at once.
 * A window that has passed starts over at this hit.
 */
export async function hit(db: Executor, key: string, windowMs: number) {
  const result = (await db.execute(sql`
    insert into rate_limits as r (key, count, reset_at)
    values (${key}, 1, now() + ${windowMs}::int * interval '1 millisecond')
    on conflict (key) do update set
      count = case when r.reset_at <= now() then 1 else r.count + 1 end,
      reset_at = case when r.reset_at <= now() then excluded.reset_at else r.reset_at end
    returning r.count, ceil(extract(epoch from r.reset_at - now()) * 1000)::int as ttl`)) as {
    rows: Array<{ count: number; ttl: number }>;
  };
  const row = result.rows[0]!;
  return { current: row.count, ttl: Math.max(0, row.ttl) };
}

/**
 * @fastify/rate-limit's counters in the database, so that N instances allow the limit once and
 * not N times. Each route's limit is its own: routes.ts gives every limited route a groupId,
 * which the plugin appends to the client's key.
 */
export function databaseRateLimits(db: Db): FastifyRateLimitStoreCtor {
  return class DatabaseRateLimits implements FastifyRateLimitStore {
    incr(key: string, callback: Parameters<FastifyRateLimitStore['incr']>[1], windowMs: number) {
      hit(db, key, windowMs).then(
        (result) => callback(null, result),
        (err: Error) => callback(err),
      );
    }
    child() {
      return this;
    }
  };
}

/** Removes the counters whose window has passed: they would start over anyway. */
export async function pruneRateLimits(db: Executor) {
  await db.delete(rateLimits).where(lte(rateLimits.resetAt, sql`now()`));
}

const PRUNE_QUEUE = 'rate-limits-prune';

/** Prunes the counters hourly, on one instance of however many share the database. */
export async function pruneRateLimitsHourly(jobs: Jobs, db: Db) {
  await jobs.work(PRUNE_QUEUE, () => pruneRateLimits(db));
  await jobs.schedule(PRUNE_QUEUE, '17 * * * *');
}
