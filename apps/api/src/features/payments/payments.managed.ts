/**
 * The payments a user manages (GET /payments/user/{id}): which they are, the top bar's search
 * over them, and the initiatives and activities the caller may link payments to.
 */
import { and, asc, desc, eq, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Actor } from '@helder/shared/permissions';
import type { Executor } from '../../db/client';
import {
  activities,
  activityOwners,
  bankAccounts,
  bankAccountUsers,
  grantOverseers,
  initiativeOwners,
  initiatives,
  payments,
} from '../../db/schema';
import { invalid } from '../../http/errors';
import type { Page } from './payments.page';
import { activityOfPayment, newestFirst } from './payments.queries';
import { twinColumn, type TwinRow } from './payments.twins';

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
