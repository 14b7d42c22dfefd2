import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import { alias, QueryBuilder, type PgColumn } from 'drizzle-orm/pg-core';
import type { Actor, Relation } from '@helder/shared/permissions';
import type { OfficerRole } from '@helder/shared/regulations';
import type { Executor } from '../../db/client';
import { actorShape, actorValue, reused, type ActorShape } from '../../db/reused';
import { funders, grants, initiatives, regulationOfficers, regulations } from '../../db/schema';
import {
  correlated,
  listedUnderSponsor,
  overseesOrOwnsUnder,
  seesEverything,
  sponsorLinkVisible,
} from '../../lib/initiative-sql';
import { peopleJson, type InitiativeRef } from '../users';

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

const figureInitiative = alias(initiatives, 'figure_initiative');
const queryBuilder = new QueryBuilder();

/**
 * A grant's money and initiative figures (docs/api-rules.md §8), in one pass over its initiatives,
 * for a lateral join on the grant row of the outer statement. Money: the sums of its initiatives'
 * kept totals (ADR 0013), hidden initiatives counted like hidden payments are, except those whose
 * sponsor link the actor may not see, or the difference with their own public totals would give
 * the link away. The count, the first (lowest id, which the sponsors screen opens) and with
 * `initiatives` the list (oldest first) are of the initiatives the actor may see under it.
 * One pass, not a subquery per figure: for a logged-in reader each figure checks visibility per
 * initiative, and a grant may have thousands.
 */
function figureFields(actor: Actor | null) {
  const i = figureInitiative;
  const linked = sponsorLinkVisible(actor, i);
  const listed = listedUnderSponsor(actor, i);
  return {
    listed,
    fields: {
      incomeCents: correlated<number>(
        sql`coalesce(sum(${i.incomeCents}) filter (where ${linked}), 0)`,
      )
        .mapWith(Number)
        .as('income_cents'),
      expensesCents: correlated<number>(
        sql`coalesce(sum(${i.expensesCents}) filter (where ${linked}), 0)`,
      )
        .mapWith(Number)
        .as('expenses_cents'),
      initiativeCount: correlated<number>(sql`count(*) filter (where ${listed})`)
        .mapWith(Number)
        .as('initiative_count'),
      firstInitiativeId: correlated<number | null>(sql`min(${i.id}) filter (where ${listed})`).as(
        'first_initiative_id',
      ),
    },
  };
}

const grantFigures = (actor: Actor | null) =>
  queryBuilder
    .select(figureFields(actor).fields)
    .from(figureInitiative)
    .where(eq(figureInitiative.grantId, grants.id))
    .as('grant_figures');

/** grantFigures with the initiatives themselves, `{ id, name }` oldest first. */
export function grantFiguresWithInitiatives(actor: Actor | null) {
  const { listed, fields } = figureFields(actor);
  const i = figureInitiative;
  return queryBuilder
    .select({
      ...fields,
      initiatives: correlated<InitiativeRef[]>(sql`coalesce(json_agg(
          json_build_object('id', ${i.id}, 'name', ${i.name}) order by ${i.id})
          filter (where ${listed}), '[]'::json)`).as('initiatives'),
    })
    .from(i)
    .where(eq(i.grantId, grants.id))
    .as('grant_figures');
}

/** A regulation's own columns, its funder's name and the actor's officer roles on it. */
const regulationColumns = (actor: Actor | null) => ({
  id: regulations.id,
  name: regulations.name,
  description: regulations.description,
  reviewEnabled: regulations.reviewEnabled,
  funderId: regulations.funderId,
  funderName: funders.name,
  roles: officerRoles(actor, regulations.id),
});

/** One regulation with its funder and the actor's relations to it (one statement). */
const regulationStatement = reused((db, { actor }: ActorShape) =>
  db
    .select(regulationColumns(actor))
    .from(regulations)
    .innerJoin(funders, eq(funders.id, regulations.funderId))
    .where(eq(regulations.id, sql.placeholder('id'))),
);
export async function selectRegulation(db: Executor, actor: Actor | null, id: number) {
  const shape = actorShape(actor);
  const [row] = await regulationStatement(db, shape.key, shape, { actor: actorValue(actor), id });
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

/**
 * Whose grant figures the actor gets on a regulation: everyone's (who sees everything, and its
 * officers, insiders of all its initiatives), the public's (who is no insider of any of them), or
 * their own (null: whoever oversees or owns something under it).
 */
type FiguresView = 'all' | 'public' | null;

/**
 * What the regulation's page shows besides its grants, with the actor's relations and whose
 * figures they get (one statement).
 */
const regulationReadStatement = reused((db, { actor }: ActorShape) =>
  db
    .select({
      ...regulationColumns(actor),
      grantOfficers: officersOf(actor, 'grant officer'),
      policyOfficers: officersOf(actor, 'policy officer'),
      insiderBelow: overseesOrOwnsUnder(actor, regulations.id),
    })
    .from(regulations)
    .innerJoin(funders, eq(funders.id, regulations.funderId))
    .where(eq(regulations.id, sql.placeholder('id'))),
);
export async function selectRegulationRead(db: Executor, actor: Actor | null, id: number) {
  const shape = actorShape(actor);
  const [row] = await regulationReadStatement(db, shape.key, shape, {
    actor: actorValue(actor),
    id,
  });
  if (!row) return undefined;
  const { insiderBelow, ...read } = row;
  const view: FiguresView =
    seesEverything(actor) || row.roles.length > 0 ? 'all' : insiderBelow ? null : 'public';
  return { view, ...read };
}
export type RegulationRead = NonNullable<Awaited<ReturnType<typeof selectRegulationRead>>>;

/** The grants of a regulation with their figures, by name (one statement). */
const grantSummariesStatement = reused((db, { actor }: ActorShape) => {
  const figures = grantFigures(actor);
  return db
    .select({
      id: grants.id,
      name: grants.name,
      reference: grants.reference,
      budgetCents: grants.budgetCents,
      incomeCents: figures.incomeCents,
      expensesCents: figures.expensesCents,
      initiativeCount: figures.initiativeCount,
      firstInitiativeId: figures.firstInitiativeId,
    })
    .from(grants)
    .innerJoinLateral(figures, sql`true`)
    .where(eq(grants.regulationId, sql.placeholder('regulation')))
    .orderBy(asc(sql`lower(${grants.name})`), asc(grants.id));
});
export function selectGrantSummaries(db: Executor, actor: Actor | null, regulationId: number) {
  const shape = actorShape(actor);
  return grantSummariesStatement(db, shape.key, shape, {
    actor: actorValue(actor),
    regulation: regulationId,
  });
}
export type GrantSummaryRow = Awaited<ReturnType<typeof selectGrantSummaries>>[number];
