import { and, asc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import { alias, type PgColumn } from 'drizzle-orm/pg-core';
import { isAdmin, type Actor, type Relation } from '@helder/shared/permissions';
import type { OfficerRole } from '@helder/shared/regulations';
import type { Executor } from '../../db/client';
import {
  funders,
  grants,
  initiatives,
  regulationOfficers,
  regulations,
  users,
} from '../../db/schema';
import { correlated, grantTotals, listedUnderSponsor } from '../../lib/initiative-sql';

/** A linked user as the JSON subselects return it; `email` is dropped for anonymous callers. */
export interface PersonRow {
  id: number;
  email: string;
  first_name: string | null;
  last_name: string | null;
}

/** Hidden users are visible to themselves and admins only (server-rules §5), in SQL. */
export function visibleUser(actor: Actor | null): SQL {
  const admin: boolean = isAdmin(actor);
  if (admin) return sql`true`;
  if (actor === null) return sql`${users.hidden} = false`;
  return or(eq(users.hidden, false), eq(users.id, actor.id))!;
}

/**
 * The users of a link table (officers, overseers) as one JSON array column, ordered like the
 * users list: one correlated subselect, so a whole page of rows costs one statement.
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

/** The response shape of a linked user: the e-mail only for logged-in callers (§6). */
export function toPerson(actor: Actor | null, row: PersonRow) {
  return {
    id: row.id,
    ...(actor !== null ? { email: row.email } : {}),
    first_name: row.first_name,
    last_name: row.last_name,
  };
}

/** The actor's officer roles on the regulation `regulationId` refers to (a column or a value). */
export function officerRoles(
  actor: Actor | null,
  regulationId: PgColumn | number,
): SQL<OfficerRole[]> {
  if (actor === null) return sql<OfficerRole[]>`'[]'::json`;
  return sql<OfficerRole[]>`(
    select coalesce(json_agg(${regulationOfficers.role}), '[]'::json) from ${regulationOfficers}
    where ${regulationOfficers.regulationId} = ${regulationId}
      and ${regulationOfficers.userId} = ${actor.id})`;
}

/** 'grant officer' → 'grant_officer': the relation names of the permission rules. */
export const toRelations = (roles: readonly OfficerRole[]): Relation[] =>
  roles.map((role) => (role === 'grant officer' ? 'grant_officer' : 'policy_officer'));

/**
 * A grant's money and initiative figures, computed in SQL on read (server-rules §8), for the
 * grant row of the outer statement: income and expenses over its initiatives' payments (hidden
 * ones count), the number of initiatives the caller may see under it and the first of them
 * (lowest id), which the sponsors screen opens. Amounts in cents.
 */
const figureInitiative = alias(initiatives, 'figure_initiative');
export function grantFigures(actor: Actor | null) {
  const visible = listedUnderSponsor(actor, figureInitiative);
  return {
    ...grantTotals(actor, grants.id),
    initiativeCount: correlated<number>(sql`(select count(*) from ${initiatives} ${figureInitiative}
      where ${figureInitiative.grantId} = ${grants.id} and ${visible})`).mapWith(Number),
    firstInitiativeId: correlated<number | null>(sql`(select min(${figureInitiative.id})
      from ${initiatives} ${figureInitiative}
      where ${figureInitiative.grantId} = ${grants.id} and ${visible})`),
  };
}

/** One regulation with its funder and the actor's relations to it (one statement). */
export async function selectRegulation(db: Executor, actor: Actor | null, id: number) {
  const [row] = await db
    .select({
      id: regulations.id,
      name: regulations.name,
      description: regulations.description,
      funderId: regulations.funderId,
      funderName: funders.name,
      roles: officerRoles(actor, regulations.id),
    })
    .from(regulations)
    .innerJoin(funders, eq(funders.id, regulations.funderId))
    .where(eq(regulations.id, id));
  return row;
}
export type RegulationRow = NonNullable<Awaited<ReturnType<typeof selectRegulation>>>;

const officersOf = (actor: Actor | null, role: OfficerRole) =>
  peopleJson(actor, {
    userId: regulationOfficers.userId,
    where: and(
      eq(regulationOfficers.regulationId, regulations.id),
      eq(regulationOfficers.role, role),
    )!,
  });

/** Both officer lists of a regulation (one statement). */
export async function selectOfficers(db: Executor, actor: Actor | null, id: number) {
  const [row] = await db
    .select({
      grantOfficers: officersOf(actor, 'grant officer'),
      policyOfficers: officersOf(actor, 'policy officer'),
    })
    .from(regulations)
    .where(eq(regulations.id, id));
  return row ?? { grantOfficers: [], policyOfficers: [] };
}

/** The grants of a regulation with their figures, by name (one statement). */
export async function selectGrantSummaries(
  db: Executor,
  actor: Actor | null,
  regulationId: number,
) {
  return db
    .select({
      id: grants.id,
      name: grants.name,
      reference: grants.reference,
      budgetCents: grants.budgetCents,
      ...grantFigures(actor),
    })
    .from(grants)
    .where(eq(grants.regulationId, regulationId))
    .orderBy(asc(sql`lower(${grants.name})`), asc(grants.id));
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
