import { and, asc, eq, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { alias, type PgColumn } from 'drizzle-orm/pg-core';
import type { Actor, Relation } from '@helder/shared/permissions';
import type { OfficerRole } from '@helder/shared/regulations';
import type { Executor } from '../../db/client';
import { funders, grants, initiatives, regulationOfficers, regulations } from '../../db/schema';
import { correlated, listedUnderSponsor, sponsorLinkVisible } from '../../lib/initiative-sql';
import { peopleJson } from '../users';

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
 * Totals of a grant: the sums of its initiatives' totals (docs/api-rules.md §8, ADR 0013).
 * Hidden initiatives count like hidden payments do; an initiative whose sponsor link the actor
 * may not see does not, or the difference with its own public totals would give the link away.
 */
const grantInitiative = alias(initiatives, 'total_initiative');
function grantSum(
  actor: Actor | null,
  grantId: SQLWrapper,
  column: 'incomeCents' | 'expensesCents',
) {
  return correlated<number>(sql`(select coalesce(sum(${grantInitiative[column]}), 0)
    from ${initiatives} ${grantInitiative}
    where ${grantInitiative.grantId} = ${grantId}
      and ${sponsorLinkVisible(actor, grantInitiative)})`).mapWith(Number);
}

/**
 * A grant's money and initiative figures, in SQL (docs/api-rules.md §8), for the grant row of the
 * outer statement: income and expenses over its initiatives' payments (hidden ones count), the
 * number of initiatives the caller may see under it and the first of them (lowest id), which
 * the sponsors screen opens. Amounts in cents.
 */
const figureInitiative = alias(initiatives, 'figure_initiative');
export function grantFigures(actor: Actor | null) {
  const visible = listedUnderSponsor(actor, figureInitiative);
  return {
    incomeCents: grantSum(actor, grants.id, 'incomeCents'),
    expensesCents: grantSum(actor, grants.id, 'expensesCents'),
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
