import type { z } from 'zod';
import type { Activity, activityBody, activityPatch } from '@helder/shared/activities';
import { centsToEuros, eurosToCents } from '@helder/shared/money';
import { isParent } from '@helder/shared/http';
import { activities, initiatives } from '../../db/schema';
import { requireActor, type Ctx } from '../../http/context';
import { conflict } from '../../http/errors';
import { figuresInEuros } from '../../lib/figures';
import { purgeActivity } from '../../lib/purge';
import { entityWriter, readable, subjectLoader } from '../../lib/write';
import { aboutUnit, findInitiative, toOwner } from '../initiatives';
import { signedPicture } from '../../lib/pictures';
import {
  activityNameTaken,
  activitySubject,
  selectActivity,
  selectActivityAccess,
  type ActivityAccessRow,
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
const writes = entityWriter({
  entityClass: 'Activity',
  table: activities,
  parent: { entityClass: 'Initiative', table: initiatives },
  onConflict: nameTaken,
});

/** The row when it lies under the path's initiative (0: any). */
const atPath = <R extends { initiativeId: number }>(path: ActivityPath, row: R | undefined) =>
  row && isParent(path.initiativeId, row.initiativeId) ? row : undefined;

/** The activity at the path with the caller's relations, or 404 (unknown, elsewhere, hidden). */
export async function findActivity(ctx: Ctx, path: ActivityPath) {
  return readableActivity(
    ctx,
    path,
    await selectActivityAccess(ctx.db, ctx.actor, path.activityId),
  );
}

/** An activity's access row (activityAccessColumns) as the caller may read it at the path, or 404. */
export const readableActivity = <R extends ActivityAccessRow>(
  ctx: Ctx,
  path: ActivityPath,
  row: R | undefined,
) => readable(ctx.actor, atPath(path, row), activitySubject, 'Activity');

/**
 * entity-access for Activity: hidden flags (its own and its initiative's) and the caller's
 * relations in one statement.
 */
export const loadActivitySubject = subjectLoader(selectActivityAccess, activitySubject);

async function findDetail(ctx: Ctx, path: ActivityPath): Promise<ActivityRow> {
  return readableActivity(ctx, path, await selectActivity(ctx.db, ctx.actor, path.activityId));
}

/** The one mapper from an activity row to the response; money in euros (docs/api-rules.md §8). */
function toActivity(ctx: Ctx, row: ActivityRow): Activity {
  return {
    hidden: row.hidden,
    ...aboutUnit(row),
    ...figuresInEuros(row),
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
  const id = await writes.create(ctx, actor, {
    action: 'create_activity',
    subject: initiative.subject,
    denied: 'You may not create activities in this initiative',
    clash: async () =>
      (await activityNameTaken(ctx.db, initiativeId, input.name)) ? nameTaken() : null,
    parentId: initiativeId,
    values: {
      initiativeId,
      name: input.name,
      description: input.description,
      purpose: input.purpose,
      targetAudience: input.target_audience,
      budgetCents: eurosToCents(input.budget),
      hidden: input.hidden,
    },
    audited: { initiative_id: initiativeId, ...input },
  });
  return getActivity(ctx, { initiativeId, activityId: id });
}

/** Field-level edit (docs/api-rules.md §5–6): a changed field outside edit-fields is a 403. */
export async function updateActivity(ctx: Ctx, path: ActivityPath, input: ActivityPatch) {
  const actor = requireActor(ctx);
  const row = await findDetail(ctx, path);
  const before = {
    name: row.name,
    description: row.description,
    purpose: row.purpose,
    target_audience: row.targetAudience,
    budget: centsToEuros(row.budgetCents),
    hidden: row.hidden,
  };
  const edited = await writes.edit(ctx, actor, row.id, {
    subject: activitySubject(row),
    denied: 'You may not edit this activity',
    before,
    input,
    columns: columnsOf,
    clash: async ({ name }) =>
      name !== undefined && (await activityNameTaken(ctx.db, row.initiativeId, name, row.id))
        ? nameTaken()
        : null,
  });
  return edited ? getActivity(ctx, path) : toActivity(ctx, row);
}

/**
 * Deletes the activity with its owner links and manual payments in one transaction; its bank
 * payments stay linked to the initiative; files go after the commit (docs/api-rules.md §10).
 */
export async function deleteActivity(ctx: Ctx, path: ActivityPath): Promise<void> {
  const actor = requireActor(ctx);
  const row = await findActivity(ctx, path);
  await writes.remove(ctx, actor, row.id, {
    subject: row.subject,
    denied: 'You may not delete this activity',
    audited: { name: row.name },
    beneath: async (tx) => {
      const purged = await purgeActivity(tx, row.id, actor.id);
      return {
        audited: {
          deleted_payments: purged.deletedPayments,
          unlinked_payments: purged.unlinkedPayments,
        },
        fileKeys: purged.fileKeys,
      };
    },
  });
}
