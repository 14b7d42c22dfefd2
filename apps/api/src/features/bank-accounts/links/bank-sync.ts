/**
 * Fetching a linked account's booked transactions and importing them through the import core
 * (the same keys-and-insert path as statement files; docs/api-rules.md §13). One call at a time
 * per account, within the provider's daily budget (sync-budget.ts), whoever asks: the queue's
 * schedule, the first import after consent, or 'Nu synchroniseren'.
 */
import { eq } from 'drizzle-orm';
import type { BankSyncProblem } from '@helder/shared/bank-accounts';
import type { Executor } from '../../../db/client';
import { bankAccounts, bankLinks } from '../../../db/schema';
import { syncedKeys } from '../dedupe-keys';
import { insertLines } from '../import-core';
import type { StatementLine } from '../statements/statement';
import { Twins } from '../twins';
import {
  ProviderError,
  type BankProvider,
  type PresentUser,
  type ProviderTransaction,
} from '../providers/provider';
import { nextUnattendedSync, reserveCall } from './sync-budget';

const DAY_MS = 24 * 3_600_000;
/** Each later sync looks this far back again: banks book late, and a row booked late is kept. */
const OVERLAP_DAYS = 7;
/** How soon an account is tried again after the provider failed (within the budget). */
const RETRY_AFTER_FAILURE_MS = 3_600_000;
/** Pages followed in one sync; a provider that never stops paging is cut off, not followed. */
const MAX_PAGES = 200;

export interface SyncDeps {
  db: Executor;
  provider: BankProvider;
  clock: () => Date;
  log: { info(obj: object, msg: string): void; warn(obj: object, msg: string): void };
}

export type SyncResult =
  | { status: 'synced'; added: number }
  | { status: 'waiting'; nextSyncAt: Date }
  | { status: 'stopped'; problem: BankSyncProblem }
  | { status: 'skipped' };

const day = (at: Date) => at.toISOString().slice(0, 10);

/** A booked row as the import core takes a statement's line; null for one it must not take. */
function toLine(t: ProviderTransaction, index: number): StatementLine | null {
  if (t.status !== 'booked' || t.bookingDate === null) return null;
  if (t.currency !== 'EUR' || t.amountCents === 0) return null;
  return {
    line: index + 1,
    bookingDate: t.bookingDate,
    amountCents: t.amountCents,
    currency: t.currency,
    counterpartyName: t.counterpartyName,
    counterpartyIban: t.counterpartyIban,
    description: t.description,
    bankReference: t.bankId,
  };
}

async function fetchBooked(
  provider: BankProvider,
  accountId: string,
  from: string,
  to: string,
  user: PresentUser | null,
): Promise<StatementLine[]> {
  const all: ProviderTransaction[] = [];
  let cursor: string | null = null;
  for (let page = 0; page < MAX_PAGES; page++) {
    const result = await provider.listTransactions(accountId, { from, to, cursor, user });
    all.push(...result.transactions);
    cursor = result.nextCursor;
    if (cursor === null) break;
  }
  const lines = all.map(toLine).filter((l): l is StatementLine => l !== null);
  // Oldest first, the provider's order within a day: the occurrence numbers of look-alike rows
  // without ids then come out the same on every fetch.
  return lines
    .map((l, i) => ({ l, i }))
    .sort((a, b) => a.l.bookingDate.localeCompare(b.l.bookingDate) || a.i - b.i)
    .map(({ l }) => l);
}

const PROBLEMS: Partial<Record<ProviderError['kind'], BankSyncProblem>> = {
  reauth_required: 'reauth_required',
  not_found: 'reauth_required',
  credentials_invalid: 'unavailable',
  rate_limited: 'rate_limited',
};

/**
 * Syncs one account. `user` is the person present (the first import after consent, 'Nu
 * synchroniseren'); scheduled syncs pass null, and the provider then is told nobody is.
 */
export async function syncAccount(
  deps: SyncDeps,
  accountId: number,
  user: PresentUser | null,
): Promise<SyncResult> {
  const { db, provider, clock, log } = deps;
  const [row] = await db
    .select({ account: bankAccounts, historyDays: bankLinks.historyDays })
    .from(bankAccounts)
    .leftJoin(bankLinks, eq(bankLinks.id, bankAccounts.bankLinkId))
    .where(eq(bankAccounts.id, accountId));
  if (!row || row.account.isRevoked || row.account.provider !== provider.name) {
    return { status: 'skipped' };
  }
  const { account } = row;
  const now = clock();
  const stop = async (problem: BankSyncProblem, nextSyncAt: Date | null) => {
    await db
      .update(bankAccounts)
      .set({ syncProblem: problem, nextSyncAt })
      .where(eq(bankAccounts.id, accountId));
    return { status: 'stopped' as const, problem };
  };
  if (account.expirationDate === null || account.expirationDate <= now) {
    return stop('reauth_required', null);
  }
  const reservation = await reserveCall(db, accountId, now, user !== null);
  if (!reservation.ok) {
    await db
      .update(bankAccounts)
      .set({ nextSyncAt: reservation.nextAllowedAt })
      .where(eq(bankAccounts.id, accountId));
    return { status: 'waiting', nextSyncAt: reservation.nextAllowedAt };
  }
  const earliest = new Date(now.getTime() - (row.historyDays ?? 90) * DAY_MS);
  const since = account.lastSyncedAt
    ? new Date(account.lastSyncedAt.getTime() - OVERLAP_DAYS * DAY_MS)
    : earliest;
  const from = day(since > earliest ? since : earliest);
  let lines: StatementLine[];
  try {
    lines = await fetchBooked(provider, account.providerAccountId, from, day(now), user);
  } catch (e) {
    if (!(e instanceof ProviderError)) throw e;
    log.warn(
      { account: accountId, kind: e.kind, provider: e.message, status: e.details.status },
      'bank sync failed',
    );
    const problem = PROBLEMS[e.kind] ?? 'unavailable';
    if (problem === 'reauth_required') return stop(problem, null);
    const retry =
      problem === 'rate_limited'
        ? (e.details.retryAt ?? new Date(now.getTime() + DAY_MS))
        : nextUnattendedRetry(now, reservation.nextAllowedAt);
    return stop(problem, retry);
  }
  const keys = syncedKeys(lines);
  let fromFiles = 0;
  let unsure = 0;
  const added = await db.transaction(async (tx) => {
    const keyed = lines.map((item, i) => ({ item, key: keys[i]! }));
    const days = lines.map((l) => l.bookingDate).sort();
    // What the account holds from statement files of these days is not fetched again.
    const twins = await Twins.load(tx, accountId, 'files', days[0] ?? '', days.at(-1) ?? '');
    const fresh = await twins.sort(tx, keyed);
    fromFiles = twins.copies;
    unsure = twins.unsure;
    const n = await insertLines(
      tx,
      { accountId, iban: account.iban, holderName: account.holderName, importId: null },
      fresh,
    );
    await tx
      .update(bankAccounts)
      .set({
        lastSyncedAt: now,
        syncProblem: null,
        nextSyncAt: nextUnattendedSync(now, reservation.nextAllowedAt),
      })
      .where(eq(bankAccounts.id, accountId));
    return n;
  });
  log.info(
    { account: accountId, fetched: lines.length, added, fromFiles, unsure, from },
    'bank sync done',
  );
  return { status: 'synced', added };
}

const nextUnattendedRetry = (now: Date, allowed: Date) => {
  const soon = new Date(now.getTime() + RETRY_AFTER_FAILURE_MS);
  return soon > allowed ? soon : allowed;
};
