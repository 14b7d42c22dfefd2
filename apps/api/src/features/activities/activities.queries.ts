import { and, eq, ne, sql } from 'drizzle-orm';
import type { Actor, Subject } from '@helder/shared/permissions';
import type { Executor } from '../../db/client';
import { activities, activityOwners, grants, initiatives } from '../../db/schema';
import { activityTotals, ownersJson, relationColumns, toInitiativeRelations } from '../initiatives';

/**
 * One activity with everything its response shows and the caller's relations (to its
 * initiative and to this activity): one statement.
 */
export async function selectActivity(db: Executor, actor: Actor | null, id: number) {
  const [row] = await db
    .select({
      id: activities.id,
      initiativeId: activities.initiativeId,
      name: activities.name,
      description: activities.description,
      purpose: activities.purpose,
      targetAudience: activities.targetAudience,
      budgetCents: activities.budgetCents,
      hidden: activities.hidden,
      pictureKey: activities.pictureKey,
      initiativeName: initiatives.name,
      initiativeHidden: initiatives.hidden,
      kvkRegistration: initiatives.kvkRegistration,
      location: initiatives.location,
      ...activityTotals,
      owners: ownersJson(actor, {
        userId: activityOwners.userId,
        where: eq(activityOwners.activityId, activities.id),
      }),
      ...relationColumns(actor, activities.id),
    })
    .from(activities)
    .innerJoin(initiatives, eq(initiatives.id, activities.initiativeId))
    .innerJoin(grants, eq(grants.id, initiatives.grantId))
    .where(eq(activities.id, id));
  return row;
}
export type ActivityRow = NonNullable<Awaited<ReturnType<typeof selectActivity>>>;

/**
 * What permission checks need: flags (the activity's and its initiative's) and the caller's
 * relations, without the owners and totals. The row joins `initiatives` and `grants`.
 */
export const activityAccessColumns = (actor: Actor | null) => ({
  id: activities.id,
  initiativeId: activities.initiativeId,
  name: activities.name,
  hidden: activities.hidden,
  initiativeHidden: initiatives.hidden,
  ...relationColumns(actor, activities.id),
});

export async function selectActivityAccess(db: Executor, actor: Actor | null, id: number) {
  const [row] = await db
    .select(activityAccessColumns(actor))
    .from(activities)
    .innerJoin(initiatives, eq(initiatives.id, activities.initiativeId))
    .innerJoin(grants, eq(grants.id, initiatives.grantId))
    .where(eq(activities.id, id));
  return row;
}
export type ActivityAccessRow = NonNullable<Awaited<ReturnType<typeof selectActivityAccess>>>;

/** The Activity subject: hidden when it or its initiative is (docs/api-rules.md §7). */
export const activitySubject = (
  row: Pick<ActivityAccessRow, 'hidden' | 'initiativeHidden'> &
    Parameters<typeof toInitiativeRelations>[0],
): Extract<Subject, { type: 'Activity' }> => ({
  type: 'Activity',
  hidden: row.hidden || row.initiativeHidden,
  relations: toInitiativeRelations(row),
});

/** Whether another activity of the initiative has this name (case-insensitively). */
export async function activityNameTaken(
  db: Executor,
  initiativeId: number,
  name: string,
  exceptId?: number,
) {
  const [row] = await db
    .select({ id: activities.id })
    .from(activities)
    .where(
      and(
        eq(activities.initiativeId, initiativeId),
        sql`lower(${activities.name}) = lower(${name})`,
        exceptId === undefined ? undefined : ne(activities.id, exceptId),
      ),
    )
    .limit(1);
  return row !== undefined;
}
