import { and, asc, desc, eq, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { PaymentsFilter } from '@helder/shared/payments';
import { eurosToCents } from '@helder/shared/money';
import type { Actor, Relation, Subject } from '@helder/shared/permissions';
import type { Executor } from '../../db/client';
import { actorShape, actorValue, reused, type ActorShape } from '../../db/reused';
import {
  activities,
  activityOwners,
  bankAccounts,
  bankAccountUsers,
  grantOverseers,
  grants,
  initiativeOwners,
  initiatives,
  paymentAttachments,
  paymentReviews,
  payments,
  regulations,
} from '../../db/schema';
import { twinColumn, type TwinRow } from './payments.twins';
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
function paymentRelationColumns(actor: Actor | null) {
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

const newestFirst = [desc(payments.bookingDate), desc(payments.id)];

export interface Page {
  offset: number;
  limit: number;
  /** Keyset paging: the id of the payment the page follows in the list's order. */
  after?: number | undefined;
}

/**
 * The rows after `cursor` (the payment `after`, found in the same list) in newest-first order,
 * read along the lists' indexes. A payment outside the list is refused: its place in the order
 * would tell the caller when a payment they may not see was booked.
 */
function keysetAfter(cursor: { bookingDate: Date } | undefined, after: number): SQL {
  if (!cursor) throw invalid('after', 'not_in_list', 'after names no payment of this list');
  return sql`(${payments.bookingDate}, ${payments.id})
    < (${cursor.bookingDate.toISOString()}::timestamptz, ${after}::integer)`;
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
  const shape: ListShape = { ...base, scope, filter, offset: page.offset > 0 };
  const key = [
    base.key,
    scope.activityId === undefined ? '-' : 'a',
    filter.start_date ? 's' : '-',
    filter.end_date ? 'e' : '-',
    sign(filter.min_amount),
    sign(filter.max_amount),
    filter.route ? 'r' : '-',
    shape.offset ? 'o' : '-',
  ].join('');
  return { key, shape };
}

const listWhere = ({ actor, scope, filter }: ListShape) =>
  whereOf(actor, scope, filter, asPlaceholder);

/** A page's rows carry their review and whether the regulation reviews (docs/api-rules.md §20). */
const listFrom = (db: Executor, where: SQL, keyset?: SQL) =>
  db
    .select({
      ...paymentColumns,
      reviewEnabled: regulations.reviewEnabled,
      reviewStatus: paymentReviews.status,
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
 */
const totalsStatement = reused((db, { actor, scope, filter }: ListShape) => {
  const listed = and(listedPayment(actor), ...filterConditions(filter, asPlaceholder))!;
  const shielded = sql`not coalesce(${listedPayment(actor)}, false)`;
  const income = sql`${payments.amountCents} > 0`;
  const expense = sql`${payments.amountCents} < 0`;
  return db
    .select({
      n: sql<number>`count(*) filter (where ${listed})`.mapWith(Number),
      incomeCents: centsSum(and(listed, income)!),
      expensesCents: centsSum(and(listed, expense)!),
      shieldedIncomeCents: centsSum(and(shielded, income)!),
      shieldedExpensesCents: centsSum(and(shielded, expense)!),
    })
    .from(payments)
    .innerJoin(initiatives, eq(initiatives.id, payments.initiativeId))
    .leftJoin(activities, activityOfPayment)
    .where(scopeOf(scope, asPlaceholder));
});

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
  const [sums] = await totalsStatement(db, key, shape, values);
  return {
    rows,
    totalCount: sums?.n ?? 0,
    listed: { incomeCents: sums?.incomeCents ?? 0, expensesCents: sums?.expensesCents ?? 0 },
    shielded: {
      incomeCents: sums?.shieldedIncomeCents ?? 0,
      expensesCents: sums?.shieldedExpensesCents ?? 0,
    },
  };
}
export type PaymentPageRow = Awaited<ReturnType<typeof selectPaymentPage>>['rows'][number];

/**
 * The payments a user links or manages (GET /payments/user/{id}): those of the bank accounts they
 * own or that are shared with them (neither revoked), of the initiatives and activities they own, and
 * of the grants they oversee.
 */
/** The payment came from a bank account the user owns or uses, not revoked. */
const fromAccountOf = (userId: number) => sql`${payments.bankAccountId} = any(array(
      select ${bankAccounts.id} from ${bankAccounts}
      where ${bankAccounts.ownerId} = ${userId} and ${bankAccounts.isRevoked} = false
      union select ${bankAccountUsers.bankAccountId} from ${bankAccountUsers}
      join ${bankAccounts} on ${bankAccounts.id} = ${bankAccountUsers.bankAccountId}
      where ${bankAccountUsers.userId} = ${userId} and ${bankAccounts.isRevoked} = false))`;

export function managedBy(userId: number): SQL {
  // `= any(array(…))` rather than `in (…)`: joined by OR, `in` subqueries make PostgreSQL scan
  // every payment, while arrays let it combine the three indexes (flat from 10k to 1M payments).
  return sql`(
    ${fromAccountOf(userId)}
    or ${payments.initiativeId} = any(array(
      select ${initiativeOwners.initiativeId} from ${initiativeOwners}
      where ${initiativeOwners.userId} = ${userId}
      union select ${initiatives.id} from ${initiatives}
      join ${grantOverseers} on ${grantOverseers.grantId} = ${initiatives.grantId}
      where ${grantOverseers.userId} = ${userId}))
    or ${payments.activityId} = any(array(
      select ${activityOwners.activityId} from ${activityOwners}
      where ${activityOwners.userId} = ${userId})))`;
}

/**
 * A search word written as an amount: '12', '12,5', '-12,50', '€1.234,56' or '12.50'. Dots
 * followed by three digits group thousands; one or two digits after a comma or dot are cents.
 */
const AMOUNT_WORD = /^(-)?€?(\d{1,3}(?:\.\d{3})+|\d+)(?:[,.](\d{1,2}))?$/;

/** The amount without sign as '1234.50', to compare an amount word with. */
const amountText = sql`((abs(${payments.amountCents}) / 100)::text || '.'
  || lpad((abs(${payments.amountCents}) % 100)::text, 2, '0'))`;

/**
 * The payments whose amount the word names: '12' every amount of 12 euros and some cents, '12,5'
 * those from 12,50 to 12,59, '12,50' that one; a minus only outgoing ones.
 */
function amountMatches(word: string): SQL | undefined {
  const parts = AMOUNT_WORD.exec(word);
  if (!parts) return undefined;
  const [, minus, euros = '', cents = ''] = parts;
  const prefix = `${String(Number(euros.replaceAll('.', '')))}.${cents}`;
  const sign = minus ? sql` and ${payments.amountCents} < 0` : sql``;
  return sql`(strpos(${amountText}, ${prefix}) = 1${sign})`;
}

/**
 * The top bar's search: a payment whose counterparty names, descriptions or IBAN (spaces left
 * out) hold every word of the search, ignoring case; a word written as an amount also finds the
 * payments of that amount. Words are compared as text, so '%' and '_' are no patterns.
 */
const searchWords = (text: string | undefined) => {
  const words =
    text
      ?.toLowerCase()
      .split(/\s+/)
      .filter((word) => word !== '' && word !== '€') ?? [];
  if (words.length === 0) return undefined;
  const haystack = sql`lower(concat_ws(' ', ${payments.creditorName}, ${payments.debtorName},
    ${payments.shortUserDescription}, ${payments.longUserDescription},
    replace(${payments.iban}, ' ', '')))`;
  return and(
    ...words.map((word) => or(sql`strpos(${haystack}, ${word}) > 0`, amountMatches(word))),
  );
};

/** Case-insensitive "contains" on a name, as a condition on the payment (no join needed). */
const nameContains = (text: string | undefined, of: 'initiative' | 'activity') => {
  if (!text) return undefined;
  const matches = (name: SQLWrapper) => sql`strpos(lower(${name}), lower(${text})) > 0`;
  return of === 'initiative'
    ? sql`${payments.initiativeId} in (select ${initiatives.id} from ${initiatives}
        where ${matches(initiatives.name)})`
    : sql`exists (select 1 from ${activities} where ${activityOfPayment} and ${matches(activities.name)})`;
};

export interface UserPaymentsFilter {
  search?: string;
  /** Only the payments linked to no initiative ('Niet gekoppeld'). */
  unlinked?: boolean;
  initiative_name?: string;
  activity_name?: string;
  iban?: string;
}

/**
 * The page is cut from the payments alone and only its rows are joined to their names: joining
 * first made PostgreSQL hash every initiative and activity, or start parallel workers, for a page
 * of 20.
 */
export async function selectUserPayments(
  db: Executor,
  userId: number,
  filter: UserPaymentsFilter,
  page: Page,
) {
  // Everything but 'Niet gekoppeld': the count of unlinked payments is taken within it.
  const filtered = and(
    managedBy(userId),
    searchWords(filter.search),
    nameContains(filter.initiative_name, 'initiative'),
    nameContains(filter.activity_name, 'activity'),
    // One account, not every number containing these digits (docs/api-rules.md §5).
    filter.iban
      ? sql`replace(upper(${payments.iban}), ' ', '') = ${filter.iban.replace(/\s/g, '').toUpperCase()}`
      : undefined,
  );
  const unlinked = sql`${payments.initiativeId} is null`;
  const where = filter.unlinked ? and(filtered, unlinked) : filtered;
  let keyset: SQL | undefined;
  if (page.after !== undefined) {
    // Any payment the user may see marks the place: the last one of a page may since have been
    // linked, and so have left a list of the unlinked ones.
    const [cursor] = await db
      .select({ bookingDate: payments.bookingDate })
      .from(payments)
      .where(and(managedBy(userId), eq(payments.id, page.after)));
    keyset = keysetAfter(cursor, page.after);
  }
  const cut = db
    .select({
      id: payments.id,
      bookingDate: payments.bookingDate,
      initiativeId: payments.initiativeId,
      activityId: payments.activityId,
      creditorName: payments.creditorName,
      debtorName: payments.debtorName,
      creditorAccount: payments.creditorAccount,
      debtorAccount: payments.debtorAccount,
      shortUserDescription: payments.shortUserDescription,
      iban: payments.iban,
      amountCents: payments.amountCents,
      type: payments.type,
      // Both lines of a pair are the account's: for those who see all its lines (docs/api-rules.md §13).
      fromOwnAccount: sql<boolean>`${fromAccountOf(userId)}`.as('from_own_account'),
      twin: sql<TwinRow | null>`${twinColumn}`.as('twin'),
    })
    .from(payments)
    .where(and(where, keyset))
    .orderBy(...newestFirst)
    .offset(page.offset)
    .limit(page.limit)
    .as('page');
  const rows = await db
    .select({
      ...cut._.selectedFields,
      initiativeName: initiatives.name,
      activityName: activities.name,
    })
    .from(cut)
    .leftJoin(initiatives, eq(initiatives.id, cut.initiativeId))
    .leftJoin(
      activities,
      and(eq(activities.id, cut.activityId), eq(activities.initiativeId, cut.initiativeId)),
    )
    .orderBy(desc(cut.bookingDate), desc(cut.id));
  // One pass for both counts: the list's and the badge of 'Niet gekoppeld'.
  const [counted] = await db
    .select({
      n: (filter.unlinked
        ? sql<number>`count(*) filter (where ${unlinked})`
        : sql<number>`count(*)`
      ).mapWith(Number),
      unlinked: sql<number>`count(*) filter (where ${unlinked})`.mapWith(Number),
    })
    .from(payments)
    .where(filtered);
  return { rows, totalCount: counted?.n ?? 0, unlinkedCount: counted?.unlinked ?? 0 };
}

/** Initiatives the actor holds link_payment on (docs/api-rules.md §5), by name. */
export async function selectLinkableInitiatives(db: Executor, actor: Actor, admin: boolean) {
  const mine = sql`(
    ${initiatives.id} in (select ${initiativeOwners.initiativeId} from ${initiativeOwners}
      where ${initiativeOwners.userId} = ${actor.id})
    or ${initiatives.grantId} in (select ${grantOverseers.grantId} from ${grantOverseers}
      where ${grantOverseers.userId} = ${actor.id})
    or ${initiatives.id} in (select ${activities.initiativeId} from ${activities}
      join ${activityOwners} on ${activityOwners.activityId} = ${activities.id}
      where ${activityOwners.userId} = ${actor.id}))`;
  return db
    .select({ id: initiatives.id, name: initiatives.name })
    .from(initiatives)
    .where(admin ? undefined : mine)
    .orderBy(asc(initiatives.name), asc(initiatives.id));
}

/**
 * Activities of an initiative the actor holds link_payment on: all of them for admins, initiative
 * owners and overseers (`all`), else those the actor owns.
 */
export async function selectLinkableActivities(
  db: Executor,
  actor: Actor,
  initiativeId: number,
  all: boolean,
) {
  const owned = sql`${activities.id} in (select ${activityOwners.activityId} from ${activityOwners}
    where ${activityOwners.userId} = ${actor.id})`;
  return db
    .select({ id: activities.id, name: activities.name })
    .from(activities)
    .where(and(eq(activities.initiativeId, initiativeId), all ? undefined : owned))
    .orderBy(asc(activities.name), asc(activities.id));
}
