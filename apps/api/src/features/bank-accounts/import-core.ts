import { sql } from 'drizzle-orm';
import { PgColumn } from 'drizzle-orm/pg-core';
import { LONG_DESCRIPTION_MAX, SHORT_DESCRIPTION_MAX } from '@helder/shared/payments';
import type { Executor } from '../../db/client';
import { payments } from '../../db/schema';
import type { AccountKeys } from './dedupe-keys';
import type { StatementLine } from './statements/statement';
import type { Keyed, Twins } from './twins';

/** Lines per INSERT: one array per column, so the statement's size does not grow with it. */
const INSERT_BATCH = 5000;

/** An account's line the import takes for a payment it already holds. */
export interface StoredMatch {
  /** The line's place among the account's lines in the file, from 0. */
  index: number;
  paymentId: number;
  bookingDate: string;
  amountCents: number;
  counterparty: string | null;
  description: string | null;
}

/**
 * The account's lines (by index) matched with the payments it holds: by key, or by the key an
 * earlier import gave the line (dedupe-keys.ts), where the payment is the same booking and no
 * earlier line of the file took it already. One statement, all keys in array parameters.
 */
function matched(accountId: number, { keys, legacy }: AccountKeys) {
  const column = <T>(at: number) => legacy.map((l) => l[at] as T);
  return sql`with wanted as (
      select w.key, (w.ord - 1)::integer as idx
      from unnest(${sql.param(keys)}::text[]) with ordinality as w(key, ord)
    ), direct as (
      select wanted.idx, ${payments.id} as id from wanted join ${payments}
        on ${payments.bankAccountId} = ${accountId} and ${payments.dedupeKey} = wanted.key
    ), claimed as (
      select distinct on (${payments.id}) o.idx, ${payments.id} as id
      from unnest(${sql.param(column<number>(0))}::integer[], ${sql.param(column<string>(1))}::text[],
        ${sql.param(column<string>(2))}::text[], ${sql.param(column<number>(3))}::bigint[],
        ${sql.param(column<string | null>(4))}::text[]) as o(idx, key, day, amount, iban)
      join ${payments} on ${payments.bankAccountId} = ${accountId}
        and ${payments.dedupeKey} = o.key
        and ${payments.bookingDate} = (o.day || 'T12:00:00.000Z')::timestamptz
        and ${payments.amountCents} = o.amount
        and (case when o.amount < 0 then ${payments.creditorAccount}
          else ${payments.debtorAccount} end) is not distinct from o.iban
      where o.idx not in (select idx from direct)
      order by ${payments.id}, o.idx
    ), matched as (select idx, id from direct union all select idx, id from claimed)`;
}

/**
 * What the preview says of an account's lines: how many it holds already, and the first `limit`
 * of them with the payment each is taken for.
 */
export async function storedMatches(
  db: Executor,
  accountId: number | null,
  keyed: AccountKeys,
  limit: number,
): Promise<{ total: number; shown: StoredMatch[] }> {
  if (accountId === null || keyed.keys.length === 0) return { total: 0, shown: [] };
  const result = (await db.execute(sql`${matched(accountId, keyed)}
    select matched.idx, ${payments.id} as id,
      to_char(${payments.bookingDate} at time zone 'UTC', 'YYYY-MM-DD') as day,
      ${payments.amountCents} as amount,
      case when ${payments.amountCents} < 0 then ${payments.creditorName}
        else ${payments.debtorName} end as counterparty,
      ${payments.shortUserDescription} as description,
      count(*) over ()::integer as total
    from matched join ${payments} on ${payments.id} = matched.id
    order by matched.idx limit ${limit}`)) as {
    rows: Array<{
      idx: number;
      id: number;
      day: string;
      amount: number | string;
      counterparty: string | null;
      description: string | null;
      total: number;
    }>;
  };
  return {
    total: Number(result.rows[0]?.total ?? 0),
    shown: result.rows.map((r) => ({
      index: Number(r.idx),
      paymentId: Number(r.id),
      bookingDate: r.day,
      amountCents: Number(r.amount),
      counterparty: r.counterparty,
      description: r.description,
    })),
  };
}

/**
 * What the confirm needs of an account's lines: how many it holds already, and which of them it
 * holds under an earlier key (the insert's unique key cannot pass over those by itself).
 */
export async function heldLines(
  db: Executor,
  accountId: number,
  keyed: AccountKeys,
): Promise<{ total: number; claimed: Set<number> }> {
  if (keyed.keys.length === 0) return { total: 0, claimed: new Set() };
  const result = (await db.execute(sql`${matched(accountId, keyed)}
    select (select count(*) from matched)::integer as total,
      coalesce((select json_agg(idx) from claimed), '[]'::json) as claimed`)) as {
    rows: Array<{ total: number; claimed: number[] | string }>;
  };
  const row = result.rows[0];
  const claimed = (
    typeof row?.claimed === 'string' ? JSON.parse(row.claimed) : (row?.claimed ?? [])
  ) as number[];
  return { total: Number(row?.total ?? 0), claimed: new Set(claimed) };
}

/**
 * Lines streamed in file order (each naming its account by index into `owns`), those of the
 * `wanted` accounts inserted a batch per account at a time. The unique key skips a line the
 * account holds already, from an earlier import or a concurrent one; so no key need travel back
 * from the database. `skip` names, per account, the lines (by index among its lines) held under
 * an earlier key; `twins`, per account, what the bank link fetched of the same bookings (each
 * batch is sorted against it: copies left out, look-alikes flagged). `onProgress` hears how
 * many lines each batch took. Returns how many were added.
 */
export async function insertStream(
  tx: Executor,
  owns: OwnSide[],
  lines: AsyncIterable<{ account: number; key: string; line: StatementLine }>,
  wanted: readonly boolean[],
  skip: ReadonlyArray<ReadonlySet<number>>,
  onProgress: (lines: number) => void,
  twins: ReadonlyArray<Twins | null> = [],
) {
  const batches = owns.map((): Keyed[] => []);
  const seen = owns.map(() => 0);
  const indexes = owns.map(() => 0);
  let added = 0;
  const flush = async (index: number) => {
    const batch = batches[index]!;
    batches[index] = [];
    const sorted = batch.length > 0 && twins[index] ? await twins[index].sort(tx, batch) : batch;
    if (sorted.length > 0) added += await insertLines(tx, owns[index]!, sorted);
    onProgress(seen[index]!);
    seen[index] = 0;
  };
  for await (const { account, key, line } of lines) {
    seen[account]! += 1;
    const index = indexes[account]!++;
    if (wanted[account] && !skip[account]?.has(index)) batches[account]!.push({ item: line, key });
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
function columns(own: OwnSide, lines: readonly Keyed[]) {
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
    twinOf: [] as Array<number | null>,
  };
  const ourName = cut(own.holderName, SHORT_DESCRIPTION_MAX);
  for (const { item: l, key, twinOf } of lines) {
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
    cols.twinOf.push(twinOf ?? null);
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
  lines: readonly Keyed[],
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
          ${p.bankAccountId}, ${p.dedupeKey}, ${p.statementImportId}, ${p.possibleDuplicateOf})
        select 'bank', l.amount, l.route, l.at::timestamptz, l.ref, l.creditor_name,
          l.creditor_account, l.debtor_name, l.debtor_account, ${own.iban}::text, l.short,
          l.long, ${own.accountId}::integer, l.key, ${own.importId}::integer, l.twin_of
        from unnest(${sql.param(c.amount)}::bigint[], ${sql.param(c.route)}::text[],
          ${sql.param(c.at)}::text[], ${sql.param(c.ref)}::text[],
          ${sql.param(c.creditorName)}::text[], ${sql.param(c.creditorAccount)}::text[],
          ${sql.param(c.debtorName)}::text[], ${sql.param(c.debtorAccount)}::text[],
          ${sql.param(c.short)}::text[], ${sql.param(c.long)}::text[], ${sql.param(c.key)}::text[],
          ${sql.param(c.twinOf)}::integer[])
          as l(amount, route, at, ref, creditor_name, creditor_account, debtor_name,
            debtor_account, short, long, key, twin_of)
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
