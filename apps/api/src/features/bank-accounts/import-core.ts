import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { PgColumn } from 'drizzle-orm/pg-core';
import { LONG_DESCRIPTION_MAX, SHORT_DESCRIPTION_MAX } from '@helder/shared/payments';
import type { Executor } from '../../db/client';
import { payments } from '../../db/schema';
import type { StatementLine } from './statements/statement';

/** Lines per INSERT: one array per column, so the statement's size does not grow with it. */
export const INSERT_BATCH = 5000;

/**
 * What makes a line the same line when a file is imported again (docs/api-rules.md §13): the
 * bank's reference where the format has one; otherwise a hash of its date, amount, counterparty
 * and description plus how many equal lines came before it that day, so two equal coffees on one
 * day are two payments and an overlapping file adds only what is new. One keyer per account,
 * fed its lines in file order.
 */
export function dedupeKeyer(): (line: StatementLine) => string {
  const seen = new Map<string, number>();
  return (l) => {
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
  };
}

export const dedupeKeys = (lines: readonly StatementLine[]) => lines.map(dedupeKeyer());

/**
 * How many of an account's lines, by their keys in file order, importing would add: those the
 * account does not hold yet, each key once. All keys go in one array parameter, which
 * PostgreSQL anti-joins against the account's keys, read once; only the count travels back.
 */
export async function countNew(db: Executor, accountId: number | null, keys: readonly string[]) {
  const unique = [...new Set(keys)];
  if (accountId === null || unique.length === 0) return unique.length;
  const result = (await db.execute(
    sql`select count(*)::integer as fresh
      from unnest(${sql.param(unique)}::text[]) as wanted(key) where not exists (
        select 1 from ${payments}
        where ${payments.bankAccountId} = ${accountId} and ${payments.dedupeKey} = wanted.key)`,
  )) as { rows: Array<{ fresh: number }> };
  return Number(result.rows[0]?.fresh ?? 0);
}

type Keyed = { item: StatementLine; key: string };

/**
 * Lines streamed in file order (each naming its account by index into `owns`), those of the
 * `wanted` accounts inserted a batch per account at a time. The unique key skips a line the
 * account holds already, from an earlier import, earlier in the file or a concurrent import; so
 * no key need travel back from the database. `onProgress` hears how many lines each batch took.
 * Returns how many were added.
 */
export async function insertStream(
  tx: Executor,
  owns: OwnSide[],
  lines: AsyncIterable<{ account: number; key: string; line: StatementLine }>,
  wanted: readonly boolean[],
  onProgress: (lines: number) => void,
) {
  const batches = owns.map((): Keyed[] => []);
  const seen = owns.map(() => 0);
  let added = 0;
  const flush = async (index: number) => {
    const batch = batches[index]!;
    batches[index] = [];
    if (batch.length > 0) added += await insertLines(tx, owns[index]!, batch);
    onProgress(seen[index]!);
    seen[index] = 0;
  };
  for await (const { account, key, line } of lines) {
    seen[account]! += 1;
    if (wanted[account]) batches[account]!.push({ item: line, key });
    if (seen[account]! >= INSERT_BATCH) await flush(account);
  }
  for (let index = 0; index < owns.length; index++) await flush(index);
  return added;
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
): Promise<number> {
  let added = 0;
  for (let at = 0; at < lines.length; at += INSERT_BATCH) {
    const c = columns(own, lines.slice(at, at + INSERT_BATCH));
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
  }
  return added;
}
