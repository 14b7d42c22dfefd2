import { and, asc, eq, ne, or, sql, type SQLWrapper } from 'drizzle-orm';
import type { Actor, Relation } from '@helder/shared/permissions';
import type { Executor } from '../../db/client';
import { funders, grantOverseers, grants, regulations } from '../../db/schema';
import { everyExpenseApproved } from '../../lib/review-sql';
import { grantFiguresWithInitiatives, officerRoles, toRelations } from '../regulations';
import { peopleJson } from '../users';

/**
 * The stored 'Verantwoord' field, or 'Ja' once the funder approved every expense of the grant
 * (docs/api-rules.md §20).
 */
const accountedFor = (stored: SQLWrapper) =>
  sql<string | null>`case when ${everyExpenseApproved(grants.id, grants.regulationId)}
    then 'Ja' else ${stored} end`;

/**
 * Where a grant stands: who answers for it, its regulation and its funder. For a select that joins
 * the grant's regulation and funder.
 */
export const grantPlace = {
  verantwoordelijk: accountedFor(grants.verantwoordelijk),
  verantwoordelijkheid: accountedFor(grants.verantwoordelijkheid),
  regulationId: grants.regulationId,
  regulationName: regulations.name,
  funderId: regulations.funderId,
  funderName: funders.name,
};

/**
 * One grant row as every read returns it, with the caller's relations: one statement per grant
 * or per list. `initiatives` are the ones the caller may see under it, oldest first (so the first
 * is the regulation summary's `first_initiative_id`).
 */
function selectGrants(db: Executor, actor: Actor | null) {
  const figures = grantFiguresWithInitiatives(actor);
  return db
    .select({
      id: grants.id,
      name: grants.name,
      reference: grants.reference,
      budgetCents: grants.budgetCents,
      ...grantPlace,
      incomeCents: figures.incomeCents,
      expensesCents: figures.expensesCents,
      overseers: peopleJson(actor, {
        userId: grantOverseers.userId,
        where: eq(grantOverseers.grantId, grants.id),
      }),
      initiatives: figures.initiatives,
      roles: officerRoles(actor, grants.regulationId),
      isOverseer:
        actor === null
          ? sql<boolean>`false`
          : sql<boolean>`exists (select 1 from ${grantOverseers}
              where ${grantOverseers.grantId} = ${grants.id}
                and ${grantOverseers.userId} = ${actor.id})`,
    })
    .from(grants)
    .innerJoin(regulations, eq(regulations.id, grants.regulationId))
    .innerJoin(funders, eq(funders.id, regulations.funderId))
    .innerJoinLateral(figures, sql`true`);
}

export async function selectGrant(db: Executor, actor: Actor | null, id: number) {
  const [row] = await selectGrants(db, actor).where(eq(grants.id, id));
  return row;
}
export type GrantRow = NonNullable<Awaited<ReturnType<typeof selectGrant>>>;

/** The grants of a regulation, by name (one statement). */
export async function selectRegulationGrants(db: Executor, actor: Actor | null, regId: number) {
  return selectGrants(db, actor)
    .where(eq(grants.regulationId, regId))
    .orderBy(asc(sql`lower(${grants.name})`), asc(grants.id));
}

/** The caller's relations to a grant: officer roles of its regulation, overseer of the grant. */
export function grantRelations(row: Pick<GrantRow, 'roles' | 'isOverseer'>): Relation[] {
  const relations = toRelations(row.roles);
  if (row.isOverseer) relations.push('overseer');
  return relations;
}

/**
 * Which uniqueness rule (docs/api-rules.md §9) a grant name/reference would break: the reference is
 * unique overall, the name within the regulation; both case-insensitively.
 */
export async function grantConflict(
  db: Executor,
  input: { regulationId: number; name?: string | undefined; reference?: string | undefined },
  exceptId?: number,
): Promise<'REFERENCE_TAKEN' | 'NAME_TAKEN' | null> {
  const { name, reference } = input;
  if (name === undefined && reference === undefined) return null;
  const sameReference =
    reference === undefined ? sql`false` : sql`lower(${grants.reference}) = lower(${reference})`;
  const sameName =
    name === undefined
      ? sql`false`
      : sql`(${grants.regulationId} = ${input.regulationId}
          and lower(${grants.name}) = lower(${name}))`;
  const rows = await db
    .select({ reference: sql<boolean>`${sameReference}` })
    .from(grants)
    .where(
      and(
        or(sameReference, sameName),
        exceptId === undefined ? undefined : ne(grants.id, exceptId),
      ),
    )
    .limit(2);
  if (rows.length === 0) return null;
  return rows.some((r) => r.reference) ? 'REFERENCE_TAKEN' : 'NAME_TAKEN';
}

/** The unique index behind a grant's unique-violation race, as its error code. */
export const conflictCodeOf = (index: string): 'REFERENCE_TAKEN' | 'NAME_TAKEN' =>
  index === 'grants_reference_lower_idx' ? 'REFERENCE_TAKEN' : 'NAME_TAKEN';
