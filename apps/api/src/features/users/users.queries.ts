import { and, asc, desc, eq, ne, or, sql, type SQL } from 'drizzle-orm';
import { isAdmin, type Actor } from '@helder/shared/permissions';
import type { Executor } from '../../db/client';
import { users } from '../../db/schema';

export interface InitiativeRef {
  id: number;
  name: string;
}
export interface ActivityRef {
  id: number;
  name: string;
  initiative_id: number;
}

/**
 * The columns of one user row as every read returns it. `initiatives` and `activities` are
 * per-row JSON columns so that one statement serves a whole page: the features that own those
 * tables replace the placeholders with correlated subselects (`json_agg` over the visible
 * owned rows), never with a loop in the service.
 */
const userColumns = {
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
  initiatives: sql<InitiativeRef[]>`'[]'::json`.as('initiatives'),
  activities: sql<ActivityRef[]>`'[]'::json`.as('activities'),
};

/** Hidden users are visible to themselves and admins only (server-rules §5), in SQL. */
function visibleTo(actor: Actor | null): SQL | undefined {
  const admin: boolean = isAdmin(actor); // not a type guard here: no narrowing below
  if (admin) return undefined;
  if (actor === null) return eq(users.hidden, false);
  return or(eq(users.hidden, false), eq(users.id, actor.id));
}

/**
 * One page of users in one statement: the caller first, then by first name, last name, id
 * (nulls last). The e-mail filter is a case-insensitive substring, for logged-in callers only.
 */
export async function selectUserPage(
  db: Executor,
  input: { actor: Actor | null; offset: number; limit: number; email?: string | undefined },
) {
  const { actor, email } = input;
  const filters = [visibleTo(actor)];
  if (actor !== null && email) {
    filters.push(sql`strpos(lower(${users.email}), lower(${email})) > 0`);
  }
  const order: SQL[] = [];
  if (actor !== null) order.push(desc(sql`${users.id} = ${actor.id}`));
  order.push(
    sql`${users.firstName} asc nulls last`,
    sql`${users.lastName} asc nulls last`,
    asc(users.id),
  );
  return db
    .select(userColumns)
    .from(users)
    .where(and(...filters))
    .orderBy(...order)
    .offset(input.offset)
    .limit(input.limit);
}

export type UserRow = Awaited<ReturnType<typeof selectUserPage>>[number];

/** One user by id, whether or not the caller may see it (the service decides). */
export async function selectUser(db: Executor, id: number): Promise<UserRow | undefined> {
  const [row] = await db.select(userColumns).from(users).where(eq(users.id, id));
  return row;
}

/** Locks the row for the rest of the transaction; returns its picture key. */
export async function lockUserPicture(db: Executor, id: number) {
  const [row] = await db
    .select({ pictureKey: users.pictureKey })
    .from(users)
    .where(eq(users.id, id))
    .for('update');
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
