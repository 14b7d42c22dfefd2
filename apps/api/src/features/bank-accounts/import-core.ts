import { createHash } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { PgColumn } from 'drizzle-orm/pg-core';
import { LONG_DESCRIPTION_MAX, SHORT_DESCRIPTION_MAX } from '@helder/shared/payments';
import type { Executor } from '../../db/client';
import { payments } from '../../db/schema';
import type { StatementLine } from './statements/statement';

/** Lines per INSERT: one array per column, so the statement's size does not grow with it. */
const BATCH = 5000;

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
const bookingMoment = (day: string) => `${day}T12:00:00.000Z`;

const cut = (text: string | null, max: number) =>
  text === null ? null : text.length > max ? `${text.slice(0, max - 1)}…` : text;

export interface OwnSide {
  accountId: number;
  iban: string;
  holderName: string | null;
  /** The statement file the lines come from; null for lines that come another way (a sync). */
  importId: number | null;
}

/** The batch as one array per column, in the order of the INSERT below. */
function columns(own: OwnSide, lines: ReadonlyArray<{ item: StatementLine; key: string }>) {
  const cols = {
    amount: [] as number[],
    route: [] as string[],
    at: [] as string[],
    ref: [] as Array<string | null>,
    creditorName: [] as Array<string | null>,
    creditorAccount: [] as Array<string | null>,
    debtorName: [] as Array<string | null>,
    debtorAccount: [] as Array<string | null>,
    short: [] as Array<string | null>,
    long: [] as Array<string | null>,
    key: [] as string[],
  };
  const ourName = cut(own.holderName, SHORT_DESCRIPTION_MAX);
  for (const { item: l, key } of lines) {
    const theirName = cut(l.counterpartyName, SHORT_DESCRIPTION_MAX);
    const out = l.amountCents < 0;
    cols.amount.push(l.amountCents);
    cols.route.push(out ? 'uitgaven' : 'inkomen');
    cols.at.push(bookingMoment(l.bookingDate));
    cols.ref.push(l.bankReference);
    cols.creditorName.push(out ? theirName : ourName);
    cols.creditorAccount.push(out ? l.counterpartyIban : own.iban);
    cols.debtorName.push(out ? ourName : theirName);
    cols.debtorAccount.push(out ? own.iban : l.counterpartyIban);
    cols.short.push(cut(l.description, SHORT_DESCRIPTION_MAX));
    const long = l.description !== null && l.description.length > SHORT_DESCRIPTION_MAX;
    cols.long.push(long ? cut(l.description, LONG_DESCRIPTION_MAX) : null);
    cols.key.push(key);
  }
  return cols;
}

/** Bare column names: a column list of INSERT takes no table prefix. */
const columnNames = Object.fromEntries(
  Object.entries(payments).flatMap(([field, column]) =>
    column instanceof PgColumn ? [[field, sql.identifier(column.name)]] : [],
  ),
) as unknown as Record<keyof typeof payments.$inferInsert, ReturnType<typeof sql.identifier>>;

/**
 * Inserts the lines as bank payments of the account, skipping any whose key the account already
 * holds (a concurrent import of the same file adds nothing twice). Returns how many were added.
 * The rows travel as arrays unnested by PostgreSQL: a 100 000-line statement is twenty short
 * statements rather than a hundred with 15 000 parameters each.
 */
export async function insertLines(
  tx: Executor,
  own: OwnSide,
  lines: ReadonlyArray<{ item: StatementLine; key: string }>,
  onBatch?: (lines: number) => void,
): Promise<number> {
  let added = 0;
  for (let at = 0; at < lines.length; at += BATCH) {
    const c = columns(own, lines.slice(at, at + BATCH));
    const p = columnNames;
    // Both drivers (node-postgres, PGlite) answer a raw statement with `{ rows }`.
    const result = (await tx.execute<{ added: number }>(sql`
      with added as (
        insert into ${payments} (${p.type}, ${p.amountCents}, ${p.route}, ${p.bookingDate},
          ${p.transactionId}, ${p.creditorName}, ${p.creditorAccount}, ${p.debtorName},
          ${p.debtorAccount}, ${p.iban}, ${p.shortUserDescription}, ${p.longUserDescription},
          ${p.bankAccountId}, ${p.dedupeKey}, ${p.statementImportId})
        select 'bank', l.amount, l.route, l.at::timestamptz, l.ref, l.creditor_name,
          l.creditor_account, l.debtor_name, l.debtor_account, ${own.iban}::text, l.short,
          l.long, ${own.accountId}::integer, l.key, ${own.importId}::integer
        from unnest(${sql.param(c.amount)}::bigint[], ${sql.param(c.route)}::text[],
          ${sql.param(c.at)}::text[], ${sql.param(c.ref)}::text[],
          ${sql.param(c.creditorName)}::text[], ${sql.param(c.creditorAccount)}::text[],
          ${sql.param(c.debtorName)}::text[], ${sql.param(c.debtorAccount)}::text[],
          ${sql.param(c.short)}::text[], ${sql.param(c.long)}::text[], ${sql.param(c.key)}::text[])
          as l(amount, route, at, ref, creditor_name, creditor_account, debtor_name,
            debtor_account, short, long, key)
        on conflict (${p.bankAccountId}, ${p.dedupeKey}) do nothing
        returning 1
      )
      select count(*)::integer as added from added`)) as {
      rows: Array<{ added: number }>;
    };
    added += Number(result.rows[0]?.added ?? 0);
    onBatch?.(Math.min(BATCH, lines.length - at));
  }
  return added;
}

/** Sum of the lines' cents, for checking them against the statement's balances. */
export const sumCents = (lines: readonly StatementLine[]) =>
  lines.reduce((total, l) => total + l.amountCents, 0);
