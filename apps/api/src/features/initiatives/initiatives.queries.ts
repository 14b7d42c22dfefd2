import { and, desc, eq, lt, ne, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Actor, Relation } from '@helder/shared/permissions';
import type { Executor } from '../../db/client';
import { actorShape, actorValue, reused, type ActorShape } from '../../db/reused';
import {
  activities,
  funders,
  grants,
  initiativeOwners,
  initiatives,
  regulations,
  users,
} from '../../db/schema';
import {
  activityOwnerOf,
  activityVisible,
  anyActivityOwnerOf,
  correlated,
  initiativeCols,
  initiativeOwnerOf,
  initiativeVisible,
  insiderOf,
  overseerOf,
} from '../../lib/initiative-sql';
import { grantPlace } from '../grants';
import { officerRoles, toRelations } from '../regulations';
import { visibleUser } from '../users';

/**
 * Income and expenses in cents of an initiative (its activities' payments included) or an
 * activity: the columns the payment triggers keep (docs/api-rules.md §8, ADR 0013).
 */
const initiativeTotals = {
  incomeCents: initiatives.incomeCents,
  expensesCents: initiatives.expensesCents,
};
export const activityTotals = {
  incomeCents: activities.incomeCents,
  expensesCents: activities.expensesCents,
};

/**
 * Sums every initiative's and activity's totals again from the payments, holding payment writes
 * off meanwhile, and corrects those that differ; returns how many rows were wrong (0 when the
 * triggers did their work). `npm run totals:repair`.
 */
export async function repairTotals(db: Executor): Promise<number> {
  const result = (await db.execute(sql`select payments_recompute_totals() as fixed`)) as {
    rows: Array<{ fixed: number }>;
  };
  return Number(result.rows[0]?.fixed ?? 0);
}

/** A linked user as the owner subselects return it. */
export interface OwnerRow {
  id: number;
  email: string;
  first_name: string | null;
  last_name: string | null;
  picture_key: string | null;
}

/**
 * The visible users of an owner link table as one JSON array column, ordered like the users
 * list: one correlated subselect, so a page of rows costs one statement.
 */
export function ownersJson(
  actor: Actor | null,
  link: { userId: PgColumn; where: SQL },
): SQL<OwnerRow[]> {
  return correlated<OwnerRow[]>(sql`(
    select coalesce(json_agg(json_build_object(
      'id', ${users.id}, 'email', ${users.email},
      'first_name', ${users.firstName}, 'last_name', ${users.lastName},
      'picture_key', ${users.pictureKey}
    ) order by ${users.firstName} asc nulls last, ${users.lastName} asc nulls last, ${users.id}),
    '[]'::json)
    from ${link.userId.table} join ${users} on ${users.id} = ${link.userId}
    where ${link.where} and ${visibleUser(actor)})`);
}

/**
 * The caller's relations to the initiative of the current row (docs/api-rules.md §4), as columns of
 * the same statement; the row must join `grants` (for the regulation).
 */
export function relationColumns(actor: Actor | null, activityId?: PgColumn) {
  const no = sql<boolean>`false`;
  return {
    roles: officerRoles(actor, grants.regulationId),
    isOverseer: actor ? overseerOf(actor.id, initiatives.grantId) : no,
    isInitiativeOwner: actor ? initiativeOwnerOf(actor.id, initiatives.id) : no,
    isAnyActivityOwner: actor ? anyActivityOwnerOf(actor.id, initiatives.id) : no,
    isActivityOwner: actor && activityId ? activityOwnerOf(actor.id, activityId) : no,
  };
}
type RelationRow = {
  [K in keyof ReturnType<typeof relationColumns>]: ReturnType<
    typeof relationColumns
  >[K]['_']['type'];
};

export function toInitiativeRelations(row: RelationRow): Relation[] {
  const relations = toRelations(row.roles);
  if (row.isOverseer) relations.push('overseer');
  if (row.isInitiativeOwner) relations.push('initiative_owner');
  if (row.isAnyActivityOwner) relations.push('any_activity_owner');
  if (row.isActivityOwner) relations.push('activity_owner');
  return relations;
}

/**
 * What permission checks need: the row's flags and the caller's relations. The row joins `grants`
 * (relationColumns).
 */
export const initiativeAccessColumns = (actor: Actor | null) => ({
  id: initiatives.id,
  grantId: initiatives.grantId,
  name: initiatives.name,
  hidden: initiatives.hidden,
  ...relationColumns(actor),
});

const accessStatement = reused((db, { actor }: ActorShape) =>
  db
    .select(initiativeAccessColumns(actor))
    .from(initiatives)
    .innerJoin(grants, eq(grants.id, initiatives.grantId))
    .where(eq(initiatives.id, sql.placeholder('id'))),
);
export async function selectInitiativeAccess(db: Executor, actor: Actor | null, id: number) {
  const shape = actorShape(actor);
  const [row] = await accessStatement(db, shape.key, shape, { actor: actorValue(actor), id });
  return row;
}
export type InitiativeAccessRow = NonNullable<Awaited<ReturnType<typeof selectInitiativeAccess>>>;

export interface ActivityJson {
  id: number;
  name: string;
  budget_cents: number;
  income_cents: number;
  expenses_cents: number;
  hidden: boolean;
}

/** The initiative's activities visible to the caller, newest first, with their totals. */
function activitiesJson(actor: Actor | null): SQL<ActivityJson[]> {
  const totals = activityTotals;
  return correlated<ActivityJson[]>(sql`(
    select coalesce(json_agg(json_build_object(
      'id', ${activities.id}, 'name', ${activities.name},
      'budget_cents', ${activities.budgetCents},
      'income_cents', ${totals.incomeCents}, 'expenses_cents', ${totals.expensesCents},
      'hidden', ${activities.hidden}
    ) order by ${activities.id} desc), '[]'::json)
    from ${activities}
    where ${activities.initiativeId} = ${initiatives.id}
      and ${activityVisible(actor, activities.hidden)})`);
}

/** Everything the initiative response shows, with the caller's relations: one statement. */
const detailStatement = reused((db, { actor }: ActorShape) =>
  db
    .select({
      id: initiatives.id,
      grantId: initiatives.grantId,
      name: initiatives.name,
      description: initiatives.description,
      purpose: initiatives.purpose,
      targetAudience: initiatives.targetAudience,
      owner: initiatives.owner,
      ownerEmail: initiatives.ownerEmail,
      legalEntity: initiatives.legalEntity,
      addressApplicant: initiatives.addressApplicant,
      kvkRegistration: initiatives.kvkRegistration,
      location: initiatives.location,
      budgetCents: initiatives.budgetCents,
      hidden: initiatives.hidden,
      hiddenSponsors: initiatives.hiddenSponsors,
      pictureKey: initiatives.pictureKey,
      grantName: grants.name,
      grantReference: grants.reference,
      grantBudgetCents: grants.budgetCents,
      ...grantPlace,
      funderLogoKey: funders.logoKey,
      ...initiativeTotals,
      owners: ownersJson(actor, {
        userId: initiativeOwners.userId,
        where: eq(initiativeOwners.initiativeId, initiatives.id),
      }),
      activities: activitiesJson(actor),
      ...relationColumns(actor),
    })
    .from(initiatives)
    .innerJoin(grants, eq(grants.id, initiatives.grantId))
    .innerJoin(regulations, eq(regulations.id, grants.regulationId))
    .innerJoin(funders, eq(funders.id, regulations.funderId))
    .where(eq(initiatives.id, sql.placeholder('id'))),
);
export async function selectInitiative(db: Executor, actor: Actor | null, id: number) {
  const shape = actorShape(actor);
  const [row] = await detailStatement(db, shape.key, shape, { actor: actorValue(actor), id });
  return row;
}
export type InitiativeRow = NonNullable<Awaited<ReturnType<typeof selectInitiative>>>;

/**
 * One page of the initiatives the caller may see, newest first (id descending), in one
 * statement. `onlyMine`: where the caller owns the initiative or one of its activities, or
 * oversees its grant. `name`: a case-insensitive substring. The page's ids are chosen first, so
 * what is computed per row (the caller's relation to it) is computed for the rows returned, not
 * for every row the offset skips; `after` skips without reading at all.
 */
export async function selectInitiativePage(
  db: Executor,
  input: {
    actor: Actor | null;
    offset: number;
    limit: number;
    name?: string | undefined;
    onlyMine: boolean;
    /** Keyset paging: only initiatives after this id in the order below (newest first). */
    after?: number | undefined;
  },
) {
  if (!Number.isSafeInteger(input.limit) || input.limit < 1) {
    throw new Error(`not a page size: ${input.limit}`);
  }
  const shape: PageShape = {
    name: Boolean(input.name),
    after: input.after !== undefined,
    onlyMine: input.onlyMine && input.actor !== null,
    // No OFFSET clause for the first page: a statement without one is prepared (ADR 0017).
    offset: input.offset > 0,
    limit: input.limit,
    ...actorShape(input.actor),
  };
  const key = `${shape.key}:${+shape.name}${+shape.after}${+shape.onlyMine}${+shape.offset}:${shape.limit}`;
  return pageStatement(db, key, shape, {
    actor: actorValue(input.actor),
    name: input.name ?? null,
    after: input.after ?? null,
    offset: input.offset,
  });
}

interface PageShape extends ActorShape {
  name: boolean;
  after: boolean;
  onlyMine: boolean;
  offset: boolean;
  /** A whole number the query schema bounds (1 to MAX_PAGE_SIZE); see pageStatement. */
  limit: number;
}

const pageStatement = reused((db, shape: PageShape) => {
  const { actor } = shape;
  const filters: SQL[] = [initiativeVisible(actor)];
  const name = sql.placeholder('name');
  if (shape.name) filters.push(sql`strpos(lower(${initiatives.name}), lower(${name})) > 0`);
  if (shape.after) filters.push(lt(initiatives.id, sql.placeholder('after')));
  if (shape.onlyMine && actor) {
    filters.push(
      or(
        initiativeOwnerOf(actor.id, initiatives.id),
        anyActivityOwnerOf(actor.id, initiatives.id),
        overseerOf(actor.id, initiatives.grantId),
      )!,
    );
  }
  const page = db
    .select({ id: initiatives.id })
    .from(initiatives)
    .where(and(...filters))
    .orderBy(desc(initiatives.id))
    .offset(shape.offset ? sql.placeholder('offset') : 0)
    // The page size is in the text: behind a placeholder PostgreSQL cannot cost a generic plan
    // for this page and plans every run anew (0.45 of its 0.7 ms); a statement per size asked.
    .limit(sql.raw(String(shape.limit)) as unknown as number)
    .as('page');
  return db
    .select({
      id: initiatives.id,
      name: initiatives.name,
      owner: initiatives.owner,
      ownerEmail: initiatives.ownerEmail,
      hidden: initiatives.hidden,
      budgetCents: initiatives.budgetCents,
      pictureKey: initiatives.pictureKey,
      ...initiativeTotals,
      insider: insiderOf(actor, initiativeCols),
    })
    .from(page)
    .innerJoin(initiatives, eq(initiatives.id, page.id))
    .orderBy(desc(initiatives.id));
});

/** Whether another initiative already has this name (unique overall, case-insensitively). */
export async function initiativeNameTaken(db: Executor, name: string, exceptId?: number) {
  const [row] = await db
    .select({ id: initiatives.id })
    .from(initiatives)
    .where(
      and(
        sql`lower(${initiatives.name}) = lower(${name})`,
        exceptId === undefined ? undefined : ne(initiatives.id, exceptId),
      ),
    )
    .limit(1);
  return row !== undefined;
}
