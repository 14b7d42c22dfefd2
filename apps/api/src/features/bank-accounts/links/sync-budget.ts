import { and, asc, eq, gt, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { bankAccounts, bankSyncCalls } from '../../../db/schema';

/** Transaction calls the providers allow per account in any 24 hours (GoCardless; banks too). */
export const CALLS_PER_DAY = 4;
const DAY_MS = 24 * 3_600_000;
/**
 * The gap between unattended syncs: four a day, spread, with a margin so the oldest call has
 * left the rolling window before the fifth would enter it.
 */
export const UNATTENDED_GAP_MS = 6 * 3_600_000 + 10 * 60_000;

export type Reservation = { ok: true; nextAllowedAt: Date } | { ok: false; nextAllowedAt: Date };

/** When the budget allows a call again, given the calls of the last day, newest last. */
function allowedAt(calls: Date[], now: Date): Date {
  if (calls.length < CALLS_PER_DAY) return now;
  const oldestCounted = calls[calls.length - CALLS_PER_DAY]!;
  return new Date(oldestCounted.getTime() + DAY_MS + 1000);
}

/**
 * Claims one transaction call for the account, or says when one is possible. The account's row
 * is locked while the day's calls are counted, so two instances (or two jobs) never both take
 * the last call; the claim is committed before the provider is called, so a crash after the
 * call still counts it.
 */
export async function reserveCall(
  db: Executor,
  accountId: number,
  now: Date,
  attended: boolean,
): Promise<Reservation> {
  return db.transaction(async (tx) => {
    await tx
      .select({ id: bankAccounts.id })
      .from(bankAccounts)
      .where(eq(bankAccounts.id, accountId))
      .for('update');
    const since = new Date(now.getTime() - DAY_MS);
    await tx
      .delete(bankSyncCalls)
      .where(and(eq(bankSyncCalls.bankAccountId, accountId), lt(bankSyncCalls.calledAt, since)));
    const rows = await tx
      .select({ at: bankSyncCalls.calledAt })
      .from(bankSyncCalls)
      .where(and(eq(bankSyncCalls.bankAccountId, accountId), gt(bankSyncCalls.calledAt, since)))
      .orderBy(asc(bankSyncCalls.calledAt));
    const calls = rows.map((r) => r.at);
    const first = allowedAt(calls, now);
    if (first > now) return { ok: false, nextAllowedAt: first };
    await tx.insert(bankSyncCalls).values({ bankAccountId: accountId, calledAt: now, attended });
    return { ok: true, nextAllowedAt: allowedAt([...calls, now], now) };
  });
}

/** The next unattended sync after a call now: a spread gap, and never before the budget allows. */
export function nextUnattendedSync(now: Date, nextAllowedAt: Date): Date {
  const spread = new Date(now.getTime() + UNATTENDED_GAP_MS);
  return spread > nextAllowedAt ? spread : nextAllowedAt;
}

/** When the budget allows the account's next call (now, or later), without claiming it. */
export async function nextAllowedCall(db: Executor, accountId: number, now: Date): Promise<Date> {
  const rows = await db
    .select({ at: bankSyncCalls.calledAt })
    .from(bankSyncCalls)
    .where(
      and(
        eq(bankSyncCalls.bankAccountId, accountId),
        gt(bankSyncCalls.calledAt, new Date(now.getTime() - DAY_MS)),
      ),
    )
    .orderBy(asc(bankSyncCalls.calledAt));
  return allowedAt(
    rows.map((r) => r.at),
    now,
  );
}

/** Calls made for an account in the last day (for tests and the status line). */
export async function callsToday(db: Executor, accountId: number, now: Date): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::integer` })
    .from(bankSyncCalls)
    .where(
      and(
        eq(bankSyncCalls.bankAccountId, accountId),
        gt(bankSyncCalls.calledAt, new Date(now.getTime() - DAY_MS)),
      ),
    );
  return Number(row?.n ?? 0);
}
