import { and, eq, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { BankAccountSummary } from '@helder/shared/bank-accounts';
import { isAdmin, type Actor } from '@helder/shared/permissions';
import type { Executor } from '../../db/client';
import { invalid } from '../../http/errors';
import { activities, activityOwners, initiativeOwners, initiatives, users } from '../../db/schema';
import { activityVisible, correlated, initiativeVisible } from '../../lib/initiative-sql';
import { accountSummariesJson } from '../bank-accounts';

export interface InitiativeRef {
  id: number;
  name: string;
}
interface ActivityRef {
  id: number;
  name: string;
  initiative_id: number;
}

/**
 * The user's bank accounts, only for the user themself and admins (docs/api-rules.md §6): for
 * anyone else's row they are null and cost nothing.
 */
function bankAccountsFor(actor: Actor | null, kind: 'owned' | 'used') {
  const accounts = accountSummariesJson(users.id, kind);
  const admin: boolean = isAdmin(actor); // not a type guard here: no narrowing below
  if (admin) return correlated<BankAccountSummary[] | null>(accounts);
  return correlated<BankAccountSummary[] | null>(
    actor ? sql`case when ${users.id} = ${actor.id} then ${accounts} end` : sql`null::json`,
  );
}

/**
 * The columns of one user row as every read returns it. `initiatives` and `activities` are the
 * ones the user owns that the caller may see (docs/api-rules.md §6–7), newest first, as per-row
 * JSON columns (correlated `json_agg` subselects), so that one statement serves a whole page.
 */
function userColumns(actor: Actor | null) {
  return {
    id: users.id,
    email: users.email,
    firstName: users.firstName,
    lastName: users.lastName,
    biography: users.biography,
    role: users.role,
    isActive: users.isActive,
    isSuperuser: users.isSuperuser,
    isVerified: users.isVerified,
    hidden: users.hidden,
    pictureKey: users.pictureKey,
    receiptReminders: users.receiptReminders,
    language: users.language,
    initiatives: correlated<InitiativeRef[]>(sql`(
      select coalesce(json_agg(json_build_object('id', ${initiatives.id}, 'name', ${initiatives.name})
        order by ${initiatives.id} desc), '[]'::json)
      from ${initiativeOwners} join ${initiatives} on ${initiatives.id} = ${initiativeOwners.initiativeId}
      where ${initiativeOwners.userId} = ${users.id} and ${initiativeVisible(actor)})`).as(
      'initiatives',
    ),
    activities: correlated<ActivityRef[]>(sql`(
      select coalesce(json_agg(json_build_object('id', ${activities.id}, 'name', ${activities.name},
        'initiative_id', ${activities.initiativeId}) order by ${activities.id} desc), '[]'::json)
      from ${activityOwners}
      join ${activities} on ${activities.id} = ${activityOwners.activityId}
      join ${initiatives} on ${initiatives.id} = ${activities.initiativeId}
      where ${activityOwners.userId} = ${users.id}
        and ${activityVisible(actor, activities.hidden)})`).as('activities'),
    ownedBankAccounts: bankAccountsFor(actor, 'owned').as('owned_bank_accounts'),
    usedBankAccounts: bankAccountsFor(actor, 'used').as('used_bank_accounts'),
  };
}

/** Hidden users are visible to themselves and admins only (docs/api-rules.md §5), in SQL. */
export function visibleUser(actor: Actor | null): SQL {
  const admin: boolean = isAdmin(actor); // not a type guard here: no narrowing below
  if (admin) return sql`true`;
  if (actor === null) return sql`${users.hidden} = false`;
  return or(eq(users.hidden, false), eq(users.id, actor.id))!;
}

/** A linked user as the JSON subselects return it; `email` is dropped for anonymous callers. */
export interface PersonRow {
  id: number;
  email: string;
  first_name: string | null;
  last_name: string | null;
}

/**
 * The visible users of a link table (officers, overseers) as one JSON array column, ordered like
 * the users list: one correlated subselect, so a whole page of rows costs one statement.
 */
export function peopleJson(
  actor: Actor | null,
  link: { userId: PgColumn; where: SQL },
): SQL<PersonRow[]> {
  return sql<PersonRow[]>`(
    select coalesce(json_agg(json_build_object(
      'id', ${users.id}, 'email', ${users.email},
      'first_name', ${users.firstName}, 'last_name', ${users.lastName}
    ) order by ${users.firstName} asc nulls last, ${users.lastName} asc nulls last, ${users.id}),
    '[]'::json)
    from ${link.userId.table} join ${users} on ${users.id} = ${link.userId}
    where ${link.where} and ${visibleUser(actor)})`;
}

/**
 * The ids among `ids` of users the actor may see, share-locked until the transaction ends so
 * that none disappears before the links are written.
 */
export async function lockVisibleUsers(db: Executor, actor: Actor | null, ids: number[]) {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(users.id, ids), visibleUser(actor)))
    .for('key share');
  return rows.map((r) => r.id);
}

/**
 * One page of users in one statement: the caller first, then by first name, last name, id
 * (nulls last). The e-mail filter is a case-insensitive substring, for logged-in callers only.
 */
/**
 * The list's order: the caller first, then by first and last name with the missing ones last,
 * then by id. Compared as a row, the same columns are the keyset of `after`.
 */
const listOrder = (actor: Actor | null) => sql`
  ${actor === null ? sql`` : sql`${users.id} <> ${actor.id},`}
  ${users.firstName} is null, coalesce(${users.firstName}, ''),
  ${users.lastName} is null, coalesce(${users.lastName}, ''),
  ${users.id}`;

/**
 * One page of the users `actor` may see. With `after` (a user in the same list) the page starts
 * behind that user; a user outside the list is refused, or its place would tell its name.
 */
export async function selectUserPage(
  db: Executor,
  input: {
    actor: Actor | null;
    offset: number;
    limit: number;
    email?: string | undefined;
    after?: number | undefined;
  },
) {
  const { actor, email } = input;
  const filters = [visibleUser(actor)];
  if (actor !== null && email) {
    filters.push(sql`strpos(lower(${users.email}), lower(${email})) > 0`);
  }
  const order = listOrder(actor);
  if (input.after !== undefined) {
    const [cursor] = await db
      .select({ id: users.id })
      .from(users)
      .where(and(...filters, eq(users.id, input.after)));
    if (!cursor) throw invalid('after', 'not_in_list', 'after names no user of this list');
    filters.push(
      sql`(${order}) > (select ${order} from ${users} where ${users.id} = ${input.after})`,
    );
  }
  return db
    .select(userColumns(actor))
    .from(users)
    .where(and(...filters))
    .orderBy(order)
    .offset(input.offset)
    .limit(input.limit);
}

export type UserRow = Awaited<ReturnType<typeof selectUserPage>>[number];

/**
 * One user by id, whether or not the caller may see it (the service decides); their initiatives
 * and activities as the caller may see them.
 */
export async function selectUser(
  db: Executor,
  actor: Actor | null,
  id: number,
): Promise<UserRow | undefined> {
  const [row] = await db.select(userColumns(actor)).from(users).where(eq(users.id, id));
  return row;
}

/** Whether another user already has this e-mail address (case-insensitive). */
export async function emailTaken(db: Executor, email: string, exceptId?: number) {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(sql`lower(${users.email})`, email.toLowerCase()),
        exceptId === undefined ? undefined : ne(users.id, exceptId),
      ),
    )
    .limit(1);
  return row !== undefined;
}
