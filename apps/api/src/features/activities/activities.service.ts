import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Activity, activityBody, activityPatch } from '@helder/shared/activities';
import { centsToEuros, eurosToCents } from '@helder/shared/money';
import { isParent } from '@helder/shared/http';
import { can, editableFields } from '@helder/shared/permissions';
import { activities, initiatives } from '../../db/schema';
import { requireActor, type Ctx } from '../../http/context';
import { conflict, forbidden, notFound, uniqueViolation } from '../../http/errors';
import { audit, diff } from '../../lib/audit';
import { changedFields } from '../../lib/patch';
import { purgeActivity, removeStoredFiles } from '../../lib/purge';
import { findInitiative, toOwner } from '../initiatives';
import { signedPicture } from '../../lib/pictures';
import {
  activityNameTaken,
  activitySubject,
  selectActivity,
  selectActivityAccess,
  type ActivityRow,
} from './activities.queries';

type ActivityInput = z.output<typeof activityBody>;
type ActivityPatch = z.output<typeof activityPatch>;
/** `/initiative/:initiativeId/activity/:activityId`: the activity belongs to that initiative. */
export interface ActivityPath {
  initiativeId: number;
  activityId: number;
}

const nameTaken = () =>
  conflict('NAME_TAKEN', 'This initiative already has an activity with this name');

async function guardUnique<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (e) {
    if (uniqueViolation(e) !== null) throw nameTaken();
    throw e;
  }
}

/** The activity at the path with the caller's relations, or 404 (unknown, elsewhere, hidden). */
export async function findActivity(ctx: Ctx, path: ActivityPath) {
  const row = await selectActivityAccess(ctx.db, ctx.actor, path.activityId);
  if (!row || !isParent(path.initiativeId, row.initiativeId)) throw notFound('Activity');
  const subject = activitySubject(row);
  if (!can(ctx.actor, 'read', subject)) throw notFound('Activity');
  return { ...row, subject };
}

async function findDetail(ctx: Ctx, path: ActivityPath): Promise<ActivityRow> {
  const row = await selectActivity(ctx.db, ctx.actor, path.activityId);
  if (
    !row ||
    !isParent(path.initiativeId, row.initiativeId) ||
    !can(ctx.actor, 'read', activitySubject(row))
  ) {
    throw notFound('Activity');
  }
  return row;
}

/** The one mapper from an activity row to the response; money in euros (server-rules §8). */
function toActivity(ctx: Ctx, row: ActivityRow): Activity {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    purpose: row.purpose,
    target_audience: row.targetAudience,
    budget: centsToEuros(row.budgetCents),
    income: centsToEuros(row.incomeCents),
    expenses: centsToEuros(row.expensesCents),
    hidden: row.hidden,
    profile_picture: row.pictureKey ? signedPicture(ctx, row.pictureKey) : null,
    initiative: {
      id: row.initiativeId,
      name: row.initiativeName,
      kvk_registration: row.kvkRegistration,
      location: row.location,
    },
    activity_owners: row.owners.map((o) => toOwner(ctx, o)),
  };
}

export async function getActivity(ctx: Ctx, path: ActivityPath): Promise<Activity> {
  return toActivity(ctx, await findDetail(ctx, path));
}

/** API field names → columns (money in cents); undefined leaves a column as it is. */
const columnsOf = (input: Partial<ActivityInput>) => ({
  name: input.name,
  description: input.description,
  purpose: input.purpose,
  targetAudience: input.target_audience,
  budgetCents: input.budget === undefined ? undefined : eurosToCents(input.budget),
  hidden: input.hidden,
});

/** Creates an activity: managers and owners of the initiative (create_activity). */
export async function createActivity(ctx: Ctx, initiativeId: number, input: ActivityInput) {
  const actor = requireActor(ctx);
  const initiative = await findInitiative(ctx, initiativeId);
  if (!can(actor, 'create_activity', initiative.subject)) {
    throw forbidden('You may not create activities in this initiative');
  }
  if (await activityNameTaken(ctx.db, initiativeId, input.name)) throw nameTaken();
  const id = await guardUnique(() =>
    ctx.db.transaction(async (tx) => {
      // Share-lock the initiative so that a concurrent delete cannot orphan the insert.
      const [parent] = await tx
        .select({ id: initiatives.id })
        .from(initiatives)
        .where(eq(initiatives.id, initiativeId))
        .for('key share');
      if (!parent) throw notFound('Initiative');
      const [row] = await tx
        .insert(activities)
        .values({
          initiativeId,
          name: input.name,
          description: input.description,
          purpose: input.purpose,
          targetAudience: input.target_audience,
          budgetCents: eurosToCents(input.budget),
          hidden: input.hidden,
        })
        .returning({ id: activities.id });
      await audit(tx, {
        actorId: actor.id,
        entityClass: 'Activity',
        entityId: row!.id,
        action: 'create',
        changes: diff({}, { initiative_id: initiativeId, ...input }),
      });
      return row!.id;
    }),
  );
  return getActivity(ctx, { initiativeId, activityId: id });
}

/** Field-level edit (server-rules §5–6): a changed field outside edit-fields is a 403. */
export async function updateActivity(ctx: Ctx, path: ActivityPath, input: ActivityPatch) {
  const actor = requireActor(ctx);
  const row = await findDetail(ctx, path);
  const subject = activitySubject(row);
  if (!can(actor, 'edit', subject)) throw forbidden('You may not edit this activity');
  const before = {
    name: row.name,
    description: row.description,
    purpose: row.purpose,
    target_audience: row.targetAudience,
    budget: centsToEuros(row.budgetCents),
    hidden: row.hidden,
  };
  const changes = changedFields(before, input, editableFields(actor, subject));
  if (Object.keys(changes).length === 0) return toActivity(ctx, row);
  if (
    changes.name !== undefined &&
    (await activityNameTaken(ctx.db, row.initiativeId, changes.name, row.id))
  ) {
    throw nameTaken();
  }
  await guardUnique(() =>
    ctx.db.transaction(async (tx) => {
      const updated = await tx
        .update(activities)
        .set(columnsOf(changes))
        .where(eq(activities.id, row.id))
        .returning({ id: activities.id });
      if (updated.length === 0) throw notFound('Activity');
      await audit(tx, {
        actorId: actor.id,
        entityClass: 'Activity',
        entityId: row.id,
        action: 'update',
        changes: diff(before, changes),
      });
    }),
  );
  return getActivity(ctx, path);
}

/**
 * Deletes the activity with its owner links and manual payments in one transaction; its bank
 * payments stay linked to the initiative; files go after the commit (server-rules §10).
 */
export async function deleteActivity(ctx: Ctx, path: ActivityPath): Promise<void> {
  const actor = requireActor(ctx);
  const row = await findActivity(ctx, path);
  if (!can(actor, 'delete', row.subject)) throw forbidden('You may not delete this activity');
  const purged = await ctx.db.transaction(async (tx) => {
    const result = await purgeActivity(tx, row.id);
    const deleted = await tx
      .delete(activities)
      .where(eq(activities.id, row.id))
      .returning({ id: activities.id });
    if (deleted.length === 0) throw notFound('Activity');
    await audit(tx, {
      actorId: actor.id,
      entityClass: 'Activity',
      entityId: row.id,
      action: 'delete',
      changes: diff(
        {
          name: row.name,
          deleted_payments: result.deletedPayments,
          unlinked_payments: result.unlinkedPayments,
        },
        { name: null, deleted_payments: [], unlinked_payments: [] },
      ),
    });
    return result;
  });
  await removeStoredFiles(ctx, purged.fileKeys);
}
