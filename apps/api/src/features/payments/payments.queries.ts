import { and, desc, eq, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { PaymentsFilter } from '@helder/shared/payments';
import { eurosToCents } from '@helder/shared/money';
import type { Actor, Relation, Subject } from '@helder/shared/permissions';
import type { Executor } from '../../db/client';
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
export const paymentColumns = {
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
export function listedPayment(actor: Actor | null): SQL {
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
export const asPlaceholder: Bind = (name) => sql.placeholder(name);

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
export function filterConditions(filter: PaymentsFilter, bind: Bind): SQL[] {
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
