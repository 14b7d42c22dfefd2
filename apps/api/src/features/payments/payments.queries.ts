import { and, desc, eq, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { PaymentsFilter } from '@helder/shared/payments';
import { eurosToCents } from '@helder/shared/money';
import type { Actor, Relation, Subject } from '@helder/shared/permissions';
import type { Executor } from '../../db/client';
import { actorShape, actorValue, reused, type ActorShape } from '../../db/reused';
import {
  activities,
  bankAccounts,
  bankAccountUsers,
  grants,
  initiatives,
  paymentAttachments,
  paymentReviews,
  payments,
  regulations,
} from '../../db/schema';
import { twinColumn } from './payments.twins';
import { invalid } from '../../http/errors';
import { correlated, paymentVisible, seesEverything } from '../../lib/initiative-sql';
import { reviewerNameOf } from '../../lib/review-sql';
import { relationColumns, toInitiativeRelations } from '../initiatives';

/**
 * The caller owns the account the payment came from. A revoked account relates no one to its
 * payments (docs/api-rules.md §13): those that stay are read as their initiative's.
 */
const accountOwnerOf = (actorId: number) =>
  correlated<boolean>(sql`exists (
  select 1 from ${bankAccounts}
  where ${bankAccounts.id} = ${payments.bankAccountId} and ${bankAccounts.ownerId} = ${actorId}
    and ${bankAccounts.isRevoked} = false)`);

/** The account the payment came from is shared with the caller, and not revoked. */
const accountUserOf = (actorId: number) =>
  correlated<boolean>(sql`exists (
  select 1 from ${bankAccountUsers}
  join ${bankAccounts} on ${bankAccounts.id} = ${bankAccountUsers.bankAccountId}
  where ${bankAccountUsers.bankAccountId} = ${payments.bankAccountId}
    and ${bankAccountUsers.userId} = ${actorId} and ${bankAccounts.isRevoked} = false)`);

/**
 * The payment's activity. Its initiative is the payment's by the composite key; saying so lets
 * PostgreSQL reach the activity through the initiative instead of reading every activity.
 */
export const activityOfPayment = and(
  eq(activities.id, payments.activityId),
  eq(activities.initiativeId, payments.initiativeId),
)!;

const no = sql<boolean>`false`;

/** The caller's relations to the payment's initiative, activity and bank account. */
export function paymentRelationColumns(actor: Actor | null) {
  return {
    ...relationColumns(actor, payments.activityId),
    isAccountOwner: actor ? accountOwnerOf(actor.id) : no,
    isAccountUser: actor ? accountUserOf(actor.id) : no,
  };
}

const nAttachments = correlated<number>(sql`(select count(*) from ${paymentAttachments}
  where ${paymentAttachments.paymentId} = ${payments.id})`).mapWith(Number);

/** The columns every payment response shows. */
const paymentColumns = {
  id: payments.id,
  type: payments.type,
  amountCents: payments.amountCents,
  bookingDate: payments.bookingDate,
  transactionId: payments.transactionId,
  creditorName: payments.creditorName,
  creditorAccount: payments.creditorAccount,
  debtorName: payments.debtorName,
  debtorAccount: payments.debtorAccount,
  iban: payments.iban,
  route: payments.route,
  shortUserDescription: payments.shortUserDescription,
  longUserDescription: payments.longUserDescription,
  hidden: payments.hidden,
  hideCounterparty: payments.hideCounterparty,
  initiativeId: payments.initiativeId,
  activityId: payments.activityId,
  activityName: activities.name,
  nAttachments,
};

/**
 * One payment with its links, its attachments' keys and the caller's relations: one statement.
 * The joins are outer: a bank payment may be linked to nothing yet.
 */
export async function selectPayment(db: Executor, actor: Actor | null, id: number) {
  const [row] = await db
    .select({
      ...paymentColumns,
      bankAccountId: payments.bankAccountId,
      initiativeName: initiatives.name,
      initiativeHidden: initiatives.hidden,
      activityHidden: activities.hidden,
      attachments: correlated<Array<{ id: number; key: string }>>(sql`(
        select coalesce(json_agg(json_build_object('id', ${paymentAttachments.id},
          'key', ${paymentAttachments.storageKey}) order by ${paymentAttachments.id}), '[]'::json)
        from ${paymentAttachments} where ${paymentAttachments.paymentId} = ${payments.id})`),
      ...paymentRelationColumns(actor),
      reviewEnabled: regulations.reviewEnabled,
      reviewStatus: paymentReviews.status,
      reviewComment: paymentReviews.comment,
      reviewedAt: paymentReviews.reviewedAt,
      reviewerName: reviewerNameOf(actor),
      twin: twinColumn,
    })
    .from(payments)
    .leftJoin(initiatives, eq(initiatives.id, payments.initiativeId))
    .leftJoin(grants, eq(grants.id, initiatives.grantId))
    .leftJoin(regulations, eq(regulations.id, grants.regulationId))
    .leftJoin(activities, activityOfPayment)
    .leftJoin(paymentReviews, eq(paymentReviews.paymentId, payments.id))
    .where(eq(payments.id, id));
  return row;
}
export type PaymentRow = NonNullable<Awaited<ReturnType<typeof selectPayment>>>;

/** The Payment subject of docs/api-rules.md §5: hidden when it or what it belongs to is. */
export function paymentSubject(
  row: Pick<
    PaymentRow,
    | 'type'
    | 'hidden'
    | 'initiativeId'
    | 'activityId'
    | 'initiativeHidden'
    | 'activityHidden'
    | 'isAccountOwner'
    | 'isAccountUser'
    | 'amountCents'
  > &
    Partial<Pick<PaymentRow, 'reviewEnabled' | 'reviewStatus'>> &
    Parameters<typeof toInitiativeRelations>[0],
): Extract<Subject, { type: 'Payment' }> {
  const relations: Relation[] = toInitiativeRelations(row);
  if (row.isAccountOwner) relations.push('account_owner');
  if (row.isAccountUser) relations.push('account_user');
  return {
    type: 'Payment',
    hidden: row.hidden || row.initiativeHidden === true || row.activityHidden === true,
    manual: row.type === 'handmatig',
    hasInitiative: row.initiativeId !== null,
    hasActivity: row.activityId !== null,
    relations,
    // An expense is a payment going out (docs/api-rules.md §8): its amount is below zero.
    reviewable: row.reviewEnabled === true && row.initiativeId !== null && row.amountCents < 0,
    reviewStatus: row.reviewStatus ?? null,
  };
}

/**
 * A payment in an initiative's list is visible as docs/api-rules.md §5, §7 say; the owner and
 * users of the account it came from see it too. The row joins initiatives and activities.
 */
function listedPayment(actor: Actor | null): SQL {
  const visible = paymentVisible(actor, payments.hidden, activities.hidden);
  if (actor === null || seesEverything(actor)) return visible;
  return or(visible, accountOwnerOf(actor.id), accountUserOf(actor.id))!;
}

/**
 * How a value gets into a statement: as itself, or as the placeholder `name` of a statement built
 * once for many requests (db/reused.ts), whose value comes with each request.
 */
type Bind = <T>(name: string, value: T) => T | SQLWrapper;
const asValue: Bind = (_name, value) => value;
const asPlaceholder: Bind = (name) => sql.placeholder(name);

/** Start of a calendar day in Amsterdam, as a timestamp (docs/api-rules.md §1). */
const amsterdamDay = (day: unknown, plusDays = 0) =>
  sql`((${day}::date + ${plusDays}::int)::timestamp at time zone 'Europe/Amsterdam')`;

/**
 * What an amount bound is compared with: a negative bound the signed amount, as the original API
 * did (its client asks `max_amount=-10` for expenses of 10 and more); any other the absolute
 * amount, so `min_amount=10` finds income and expenses of 10 and more (docs/api-rules.md §1).
 */
const amountFor = (bound: number): SQL =>
  bound < 0 ? sql`${payments.amountCents}` : sql`abs(${payments.amountCents})`;

/** The filter's conditions. Its SQL text reads only which bounds are set and their signs. */
function filterConditions(filter: PaymentsFilter, bind: Bind): SQL[] {
  const conditions: SQL[] = [];
  if (filter.start_date)
    conditions.push(
      sql`${payments.bookingDate} >= ${amsterdamDay(bind('start', filter.start_date))}`,
    );
  if (filter.end_date)
    conditions.push(
      sql`${payments.bookingDate} < ${amsterdamDay(bind('end', filter.end_date), 1)}`,
    );
  if (filter.min_amount !== undefined) {
    const cents = bind('min', eurosToCents(filter.min_amount));
    conditions.push(sql`${amountFor(filter.min_amount)} >= ${cents}`);
  }
  if (filter.max_amount !== undefined) {
    const cents = bind('max', eurosToCents(filter.max_amount));
    conditions.push(sql`${amountFor(filter.max_amount)} <= ${cents}`);
  }
  if (filter.route) conditions.push(eq(payments.route, bind('route', filter.route)));
  // 'Zonder bon' (docs/api-rules.md §22): expenses no receipt is attached to.
  if (filter.receipt === 'missing') {
    conditions.push(sql`${payments.amountCents} < 0 and not exists (select 1
      from ${paymentAttachments} where ${paymentAttachments.paymentId} = ${payments.id})`);
  }
  return conditions;
}

export interface Scope {
  initiativeId: number;
  activityId?: number;
}

function scopeOf(scope: Scope, bind: Bind): SQL {
  return and(
    eq(payments.initiativeId, bind('initiative', scope.initiativeId)),
    scope.activityId === undefined
      ? undefined
      : eq(payments.activityId, bind('activity', scope.activityId)),
  )!;
}

function whereOf(actor: Actor | null, scope: Scope, filter: PaymentsFilter, bind: Bind): SQL {
  return and(scopeOf(scope, bind), listedPayment(actor), ...filterConditions(filter, bind))!;
}

/** Which payments of a scope the caller sees with a filter: the WHERE of a list and its count. */
export const scopeWhere = (actor: Actor | null, scope: Scope, filter: PaymentsFilter): SQL =>
  whereOf(actor, scope, filter, asValue);

/** The lists' order, which their indexes and keyset paging follow. */
export const newestFirst = [desc(payments.bookingDate), desc(payments.id)];

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
}

function listShape(actor: Actor | null, scope: Scope, filter: PaymentsFilter, page: Page) {
  const sign = (bound: number | undefined) => (bound === undefined ? '-' : bound < 0 ? 'n' : 'p');
  const base = actorShape(actor);
  const shape: ListShape = { scope, filter, offset: page.offset > 0, ...base };
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
  ].join('');
  return { key, shape };
}

const listWhere = ({ actor, scope, filter }: ListShape) =>
  whereOf(actor, scope, filter, asPlaceholder);

/**
 * A page's rows carry their review and whether the regulation reviews (docs/api-rules.md §20),
 * and each the list's totals (`totalsArray`: one subquery, which PostgreSQL runs once).
 */
const listFrom = (db: Executor, where: SQL, totals: SQL<string[]>, keyset?: SQL) =>
  db
    .select({
      ...paymentColumns,
      reviewEnabled: regulations.reviewEnabled,
      reviewStatus: paymentReviews.status,
      totals,
    })
    .from(payments)
    .innerJoin(initiatives, eq(initiatives.id, payments.initiativeId))
    .innerJoin(grants, eq(grants.id, initiatives.grantId))
    .innerJoin(regulations, eq(regulations.id, grants.regulationId))
    .leftJoin(activities, activityOfPayment)
    .leftJoin(paymentReviews, eq(paymentReviews.paymentId, payments.id))
    .where(and(where, keyset));

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
      listWhere(shape),
      sql<string[]>`(${totalsArray(db, shape)})`,
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

/**
 * Cents summed in SQL, as a number: a scope holds at most millions of payments of at most
 * 999 999 999.99 each, far inside what a double holds exactly.
 */
const centsSum = (condition: SQL) =>
  sql<number>`coalesce(sum(${payments.amountCents}) filter (where ${condition}), 0)`.mapWith(
    Number,
  );

/**
 * The count and sums of the list, and what the scope's payments the caller does not see add up
 * to, in one pass over the scope. The list's own WHERE decides what counts as listed, so the
 * rows, the count and the sums can never disagree. The shielded sums ignore the filter: per
 * filter they would tell when, and how large, the payments the caller may not see are
 * (docs/api-rules.md §8); over the whole scope they are the stored totals less the listed ones.
 * As one array, in this order, so that a page carries them in one column (`toTotals` reads it).
 */
function totalsArray(db: Executor, { actor, scope, filter }: ListShape) {
  const listed = and(listedPayment(actor), ...filterConditions(filter, asPlaceholder))!;
  const shielded = sql`not coalesce(${listedPayment(actor)}, false)`;
  const income = sql`${payments.amountCents} > 0`;
  const expense = sql`${payments.amountCents} < 0`;
  return db
    .select({
      totals: sql<string[]>`array[
        count(*) filter (where ${listed}),
        ${centsSum(and(listed, income)!)}, ${centsSum(and(listed, expense)!)},
        ${centsSum(and(shielded, income)!)}, ${centsSum(and(shielded, expense)!)}]::bigint[]`,
    })
    .from(payments)
    .innerJoin(initiatives, eq(initiatives.id, payments.initiativeId))
    .leftJoin(activities, activityOfPayment)
    .where(scopeOf(scope, asPlaceholder));
}
/** The totals alone, for a page without rows. */
const totalsStatement = reused(totalsArray);

/** The count and sums of `totalsArray`, as numbers (bigint arrays come as strings). */
function toTotals(totals: readonly string[] | undefined) {
  const [n = 0, incomeCents = 0, expensesCents = 0, shieldedIncome = 0, shieldedExpenses = 0] = (
    totals ?? []
  ).map(Number);
  return {
    totalCount: n,
    listed: { incomeCents, expensesCents },
    shielded: { incomeCents: shieldedIncome, expensesCents: shieldedExpenses },
  };
}

/**
 * One page of a scope's payments the caller sees with a filter, newest first, in one statement
 * (two with `after`); and in one more the count and sums of all, and the shielded sums.
 */
export async function selectPaymentPage(
  db: Executor,
  actor: Actor | null,
  scope: Scope,
  filter: PaymentsFilter,
  page: Page,
) {
  const { key, shape } = listShape(actor, scope, filter, page);
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
  const rows = await statement(db, key, shape, values);
  const totals = rows[0]?.totals ?? (await totalsStatement(db, key, shape, values))[0]?.totals;
  return { rows, ...toTotals(totals) };
}
export type PaymentPageRow = Awaited<ReturnType<typeof selectPaymentPage>>['rows'][number];
