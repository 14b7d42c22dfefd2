import { and, eq, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { PaymentsFilter } from '@helder/shared/payments';
import { eurosToCents } from '@helder/shared/money';
import type { Actor } from '@helder/shared/permissions';
import type { Executor } from '../../db/client';
import { actorShape, actorValue, reused, type ActorShape } from '../../db/reused';
import { keptUntilChange, type Changes, type KeptUntilChange } from '../../http/kept-until-change';
import {
  activities,
  grants,
  initiatives,
  paymentReviews,
  payments,
  regulations,
} from '../../db/schema';
import { invalid } from '../../http/errors';
import { activityAccessColumns, type ActivityAccessRow } from '../activities';
import { initiativeAccessColumns, type InitiativeAccessRow } from '../initiatives';
import {
  activityOfPayment,
  asPlaceholder,
  filterConditions,
  listedPayment,
  newestFirst,
  paymentColumns,
  type Scope,
} from './payments.queries';

export interface Page {
  offset: number;
  limit: number;
  /** Keyset paging: the id of the payment the page follows in the list's order. */
  after?: number | undefined;
}

/**
 * A list's statements are built once per shape (db/reused.ts): the caller's, whether the scope is
 * an activity, which filter bounds are set and their signs, whether the page follows a cursor or
 * skips rows. The filter of the first request of a shape builds it; only those facts of it are
 * read, the values go in as placeholders.
 */
interface ListShape extends ActorShape {
  scope: Scope;
  filter: PaymentsFilter;
  offset: boolean;
  /** Whether the page carries the totals (they are not kept, `KeptTotals`). */
  totals: boolean;
}

function listShape(
  actor: Actor | null,
  scope: Scope,
  filter: PaymentsFilter,
  page: Page,
  totals: boolean,
) {
  const sign = (bound: number | undefined) => (bound === undefined ? '-' : bound < 0 ? 'n' : 'p');
  const base = actorShape(actor);
  const shape: ListShape = { scope, filter, offset: page.offset > 0, totals, ...base };
  const key = [
    base.key,
    scope.activityId === undefined ? '-' : 'a',
    filter.start_date ? 's' : '-',
    filter.end_date ? 'e' : '-',
    sign(filter.min_amount),
    sign(filter.max_amount),
    filter.route ? 'r' : '-',
    filter.receipt ? 'm' : '-',
    shape.offset ? 'o' : '-',
    totals ? 't' : '-',
  ].join('');
  return { key, shape };
}

/**
 * The list's scope. An activity's payments are its initiative's too, by the composite key: the
 * initiative, looked up once, lets PostgreSQL use the index of an initiative's payments. It is
 * the activity's own, not the path's: the page is read before the path is checked (lists.ts).
 */
const listScope = ({ scope }: ListShape): SQL =>
  scope.activityId === undefined
    ? eq(payments.initiativeId, sql.placeholder('initiative'))
    : and(
        eq(
          payments.initiativeId,
          sql`(select ${activities.initiativeId} from ${activities}
            where ${activities.id} = ${sql.placeholder('activity')})`,
        ),
        eq(payments.activityId, sql.placeholder('activity')),
      )!;

const listWhere = (shape: ListShape) =>
  and(
    listScope(shape),
    listedPayment(shape.actor),
    ...filterConditions(shape.filter, asPlaceholder),
  )!;

/**
 * A statement's columns as the text of one json object. As text, not json: every row of a page
 * carries it, and the driver would parse each row's; the page reads the first row's.
 */
const asJsonText = (columns: Record<string, SQLWrapper>) =>
  sql<string>`json_build_object(${sql.join(
    Object.entries(columns).map(([key, column]) => sql`${sql.raw(`'${key}'`)}, ${column}`),
    sql`, `,
  )})::text`;

/**
 * What the caller's permission check needs of the list's initiative or activity
 * (initiativeAccessColumns, activityAccessColumns), as one column: one subquery, which PostgreSQL
 * runs once, so that a page needs no statement of its own to check the scope.
 */
function scopeAccess(db: Executor, { actor, scope }: ListShape) {
  if (scope.activityId === undefined) {
    const access = db
      .select({ access: asJsonText(initiativeAccessColumns(actor)) })
      .from(initiatives)
      .innerJoin(grants, eq(grants.id, initiatives.grantId))
      .where(eq(initiatives.id, sql.placeholder('initiative')));
    return sql<string | null>`(${access})`;
  }
  const access = db
    .select({ access: asJsonText(activityAccessColumns(actor)) })
    .from(activities)
    .innerJoin(initiatives, eq(initiatives.id, activities.initiativeId))
    .innerJoin(grants, eq(grants.id, initiatives.grantId))
    .where(eq(activities.id, sql.placeholder('activity')));
  return sql<string | null>`(${access})`;
}

/**
 * A page's rows carry their review and whether the regulation reviews (docs/api-rules.md §20),
 * and each the list's totals (`listTotals`, unless they are kept) and the scope's access row
 * (`scopeAccess`): one subquery each, which PostgreSQL runs once.
 */
const listFrom = (db: Executor, shape: ListShape, keyset?: SQL) =>
  db
    .select({
      ...paymentColumns,
      reviewEnabled: regulations.reviewEnabled,
      reviewStatus: paymentReviews.status,
      totals: shape.totals
        ? sql<string | null>`(${listTotals(db, shape)})`
        : sql<string | null>`null`,
      scope: scopeAccess(db, shape),
    })
    .from(payments)
    .innerJoin(initiatives, eq(initiatives.id, payments.initiativeId))
    .innerJoin(grants, eq(grants.id, initiatives.grantId))
    .innerJoin(regulations, eq(regulations.id, grants.regulationId))
    .leftJoin(activities, activityOfPayment)
    .leftJoin(paymentReviews, eq(paymentReviews.paymentId, payments.id))
    .where(and(listWhere(shape), keyset));

// Joined like the page: whether a payment is listed depends on its initiative and activity.
const cursorStatement = reused((db, shape: ListShape) =>
  db
    .select({ bookingDate: payments.bookingDate })
    .from(payments)
    .innerJoin(initiatives, eq(initiatives.id, payments.initiativeId))
    .leftJoin(activities, activityOfPayment)
    .where(and(listWhere(shape), eq(payments.id, sql.placeholder('after')))),
);

const pageStatement = (keyset: boolean) =>
  reused((db, shape: ListShape) =>
    listFrom(
      db,
      shape,
      keyset
        ? sql`(${payments.bookingDate}, ${payments.id})
    < (${sql.placeholder('cursor')}::timestamptz, ${sql.placeholder('after')}::integer)`
        : undefined,
    )
      .orderBy(...newestFirst)
      .offset(shape.offset ? sql.placeholder('offset') : 0)
      .limit(sql.placeholder('limit')),
  );
const pageStatements = { all: pageStatement(false), after: pageStatement(true) };
export type PaymentPageRow = Awaited<ReturnType<typeof pageStatements.all>>[number];

/**
 * The count and sums of the list, and what the scope's payments the caller does not see add up
 * to, in one pass over the scope. The list's own WHERE decides what counts as listed, so the
 * rows, the count and the sums can never disagree. The shielded sums ignore the filter: per
 * filter they would tell when, and how large, the payments the caller may not see are
 * (docs/api-rules.md §8); over the whole scope they are the stored totals less the listed ones.
 * As one text of five numbers, in this order, so that a page carries them in one column that the
 * driver need not parse on every row (`toTotals` reads the first row's).
 *
 * Whether a payment is seen and whether it matches the filter are computed once per payment in
 * the inner select, not once per sum; `offset 0` keeps PostgreSQL from folding them back into
 * each aggregate's filter.
 */
function listTotals(db: Executor, shape: ListShape) {
  const { actor, filter } = shape;
  const matches = and(...filterConditions(filter, asPlaceholder)) ?? sql`true`;
  const scoped = db
    .select({
      amount: sql`${payments.amountCents}`.as('amount'),
      seen: sql`coalesce(${listedPayment(actor)}, false)`.as('seen'),
      matches: sql`coalesce(${matches}, false)`.as('matches'),
    })
    .from(payments)
    .innerJoin(initiatives, eq(initiatives.id, payments.initiativeId))
    .leftJoin(activities, activityOfPayment)
    .where(listScope(shape));
  // Cents summed in SQL, as a number: a scope holds at most millions of payments of at most
  // 999 999 999.99 each, far inside what a double holds exactly.
  const sum = (condition: SQL) => sql`coalesce(sum(scoped.amount) filter (where ${condition}), 0)`;
  const listed = sql`scoped.seen and scoped.matches`;
  const shielded = sql`not scoped.seen`;
  return db
    .select({
      totals: sql<string>`concat_ws(',',
        count(*) filter (where ${listed}),
        ${sum(sql`${listed} and scoped.amount > 0`)}, ${sum(sql`${listed} and scoped.amount < 0`)},
        ${sum(sql`${shielded} and scoped.amount > 0`)}, ${sum(sql`${shielded} and scoped.amount < 0`)})`,
    })
    .from(sql`(${scoped} offset 0) as scoped`);
}
/** The totals alone, for a page without rows. */
const totalsStatement = reused(listTotals);

/** The count and sums of `listTotals`, as numbers. */
function toTotals(totals: string | null | undefined) {
  const [n = 0, incomeCents = 0, expensesCents = 0, shieldedIncome = 0, shieldedExpenses = 0] = (
    totals?.split(',') ?? []
  ).map(Number);
  return {
    totalCount: n,
    listed: { incomeCents, expensesCents },
    shielded: { incomeCents: shieldedIncome, expensesCents: shieldedExpenses },
  };
}

type AccessOf<S extends Scope> = S extends { activityId: number }
  ? ActivityAccessRow
  : InitiativeAccessRow;

/**
 * A list's totals as `listTotals` gives them, by reader, scope and filter, kept until a change
 * (http/kept-until-change.ts, ADR 0035), as a regulation's grant figures are: summing a scope's
 * payments is a third of a page's time in the database, and an officer pages and filters the
 * same list many times between two writes. Per reader, since what they add up to depends on who
 * looks; the key holds everything the totals are computed from.
 */
export type KeptTotals = KeptUntilChange<string, string>;

/** Ten thousand lists' totals, about 150 bytes each with their key. */
const MAX_KEPT_TOTALS = 10_000;

/** The store of the list routes' totals; null (keep nothing) where nothing follows changes. */
export const keepTotals = (changes: Changes | null, seconds: number): KeptTotals | null =>
  keptUntilChange(changes, seconds, MAX_KEPT_TOTALS);

/** The kept totals of a list, if any, and how to keep them once read. */
function keptTotalsOf(
  kept: KeptTotals | null,
  actor: Actor | null,
  scope: Scope,
  filter: PaymentsFilter,
) {
  if (kept === null) return { known: undefined, keep: () => {} };
  const key = JSON.stringify([
    actor && [actor.id, actor.role, actor.isSuperuser],
    scope.initiativeId,
    scope.activityId ?? null,
    filter,
  ]);
  const generation = kept.begin();
  return { known: kept.get(key), keep: (totals: string) => kept.store(key, generation, totals) };
}

/**
 * One page of a scope's payments the caller sees with a filter, newest first, with the scope's
 * access row, the count and sums of all, and the shielded sums: one statement (two with `after`,
 * which the caller must check the scope before). Without payments on the page, one more for the
 * totals unless they are kept, and the scope's access row is the caller's to load.
 */
export async function selectPaymentPage<S extends Scope>(
  db: Executor,
  actor: Actor | null,
  scope: S,
  filter: PaymentsFilter,
  page: Page,
  kept: KeptTotals | null,
) {
  const { known, keep } = keptTotalsOf(kept, actor, scope, filter);
  const { key, shape } = listShape(actor, scope, filter, page, known === undefined);
  const values: Record<string, unknown> = {
    actor: actorValue(actor),
    initiative: scope.initiativeId,
    activity: scope.activityId,
    start: filter.start_date,
    end: filter.end_date,
    min: filter.min_amount === undefined ? undefined : eurosToCents(filter.min_amount),
    max: filter.max_amount === undefined ? undefined : eurosToCents(filter.max_amount),
    route: filter.route,
    offset: page.offset,
    limit: page.limit,
    after: page.after,
  };
  let statement = pageStatements.all;
  if (page.after !== undefined) {
    const [cursor] = await cursorStatement(db, key, shape, values);
    // A payment outside the list is refused: its place in the order would tell the caller when
    // a payment they may not see was booked.
    if (!cursor) throw invalid('after', 'not_in_list', 'after names no payment of this list');
    values.cursor = cursor.bookingDate.toISOString();
    statement = pageStatements.after;
  }
  const rows: PaymentPageRow[] = await statement(db, key, shape, values);
  const totals =
    known ?? rows[0]?.totals ?? (await totalsStatement(db, key, shape, values))[0]?.totals;
  if (known === undefined && totals) keep(totals);
  // The statement's scope column is the access row of the scope's kind (scopeAccess).
  const access = rows[0]?.scope;
  const parsed = access ? (JSON.parse(access) as AccessOf<S>) : undefined;
  return { rows, scope: parsed, ...toTotals(totals) };
}
