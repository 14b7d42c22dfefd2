import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The counters of the per-client rate limits (http/rate-limit-store.ts), in the database so that
 * every instance counts the same hits. A row whose window has passed starts over on its next hit
 * and is pruned hourly.
 */
export const rateLimits = pgTable('rate_limits', {
  /** The client (address or user) and the route it calls. */
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
});
