import { createHash } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { LONG_DESCRIPTION_MAX, SHORT_DESCRIPTION_MAX } from '@helder/shared/payments';
import type { Executor } from '../../db/client';
import { payments } from '../../db/schema';
import type { StatementLine } from './statements/statement';

/** Rows per INSERT: well within PostgreSQL's 65 535 parameters at 15 columns a row. */
const BATCH = 1000;

/**
 * What makes a line the same line when a file is imported again (docs/api-rules.md §13): the
 * bank's reference where the format has one; otherwise a hash of its date, amount, counterparty
 * and description plus how many equal lines came before it that day, so two equal coffees on one
 * day are two payments and an overlapping file adds only what is new.
 */
export function dedupeKeys(lines: readonly StatementLine[]): string[] {
  const seen = new Map<string, number>();
  return lines.map((l) => {
    if (l.bankReference) return `ref:${l.bankReference}`;
    const hash = createHash('sha256')
      .update(
        [
          l.bookingDate,
          l.amountCents,
          l.counterpartyIban ?? '',
          l.counterpartyName ?? '',
          l.description ?? '',
        ].join('\u0000'),
      )
      .digest('base64url');
    const n = (seen.get(hash) ?? 0) + 1;
    seen.set(hash, n);
    return `h:${hash}:${n}`;
  });
}

/** Of these keys, those the account already has (one array parameter, not one per key). */
export async function knownKeys(db: Executor, accountId: number | null, keys: string[]) {
  const known = new Set<string>();
  if (accountId === null || keys.length === 0) return known;
  const rows = await db
    .select({ key: payments.dedupeKey })
    .from(payments)
    .where(
      and(
        eq(payments.bankAccountId, accountId),
        sql`${payments.dedupeKey} = any(${sql.param(keys)}::text[])`,
      ),
    );
  for (const r of rows) if (r.key) known.add(r.key);
  return known;
}

/** Lines that would be new: not known to the account and the first of their key in the file. */
export function newLines<T>(items: readonly T[], keys: readonly string[], known: Set<string>) {
  const taken = new Set(known);
  const fresh: Array<{ item: T; key: string }> = [];
  items.forEach((item, i) => {
    const key = keys[i]!;
    if (taken.has(key)) return;
    taken.add(key);
    fresh.push({ item, key });
  });
  return fresh;
}

/** A booking day as a moment: noon UTC is that same day in Amsterdam, summer and winter. */
const bookingMoment = (day: string) => new Date(`${day}T12:00:00.000Z`);

const cut = (text: string | null, max: number) =>
  text === null ? null : text.length > max ? `${text.slice(0, max - 1)}…` : text;

export interface OwnSide {
  accountId: number;
  iban: string;
  holderName: string | null;
  importId: number;
}

/**
 * Inserts the lines as bank payments of the account, skipping any whose key the account already
 * holds (a concurrent import of the same file adds nothing twice). Returns how many were added.
 */
export async function insertLines(
  tx: Executor,
  own: OwnSide,
  lines: ReadonlyArray<{ item: StatementLine; key: string }>,
): Promise<number> {
  let added = 0;
  for (let at = 0; at < lines.length; at += BATCH) {
    const rows = lines.slice(at, at + BATCH).map(({ item: l, key }) => {
      const ours = { name: own.holderName, account: own.iban };
      const theirs = { name: l.counterpartyName, account: l.counterpartyIban };
      const [creditor, debtor] = l.amountCents < 0 ? [theirs, ours] : [ours, theirs];
      const long = l.description !== null && l.description.length > SHORT_DESCRIPTION_MAX;
      return {
        type: 'bank' as const,
        amountCents: l.amountCents,
        route: l.amountCents < 0 ? ('uitgaven' as const) : ('inkomen' as const),
        bookingDate: bookingMoment(l.bookingDate),
        transactionId: l.bankReference,
        creditorName: cut(creditor.name, SHORT_DESCRIPTION_MAX),
        creditorAccount: creditor.account,
        debtorName: cut(debtor.name, SHORT_DESCRIPTION_MAX),
        debtorAccount: debtor.account,
        iban: own.iban,
        shortUserDescription: cut(l.description, SHORT_DESCRIPTION_MAX),
        longUserDescription: long ? cut(l.description, LONG_DESCRIPTION_MAX) : null,
        bankAccountId: own.accountId,
        dedupeKey: key,
        statementImportId: own.importId,
      };
    });
    const inserted = await tx
      .insert(payments)
      .values(rows)
      .onConflictDoNothing({ target: [payments.bankAccountId, payments.dedupeKey] })
      .returning({ id: payments.id });
    added += inserted.length;
  }
  return added;
}

/** Sum of the lines' cents, for checking them against the statement's balances. */
export const sumCents = (lines: readonly StatementLine[]) =>
  lines.reduce((total, l) => total + l.amountCents, 0);
