import { eq } from 'drizzle-orm';
import { can, type Actor } from '@helder/shared/permissions';
import type { Picture } from '@helder/shared/users';
import { activities, activityOwners } from '../../db/schema';
import { requireActor, type Ctx } from '../../http/context';
import { forbidden } from '../../http/errors';
import type { Upload } from '../../http/uploads';
import { removePicture, replacePicture, type PictureTarget } from '../../lib/picture-upload';
import { ownersJson, replaceOwners, toOwner } from '../initiatives';
import { findActivity, type ActivityPath } from './activities.service';

/** An activity's owners (activiteitnemers) and picture. */

/** Replaces the activity's owners; unknown (or invisible) user ids → 404, nothing changed. */
export async function setActivityOwners(ctx: Ctx, path: ActivityPath, userIds: number[]) {
  const actor = requireActor(ctx);
  const row = await findActivity(ctx, path);
  if (!can(actor, 'set_owners', row.subject)) {
    throw forbidden('You may not set the owners of this activity');
  }
  const id = row.id;
  await replaceOwners(
    ctx,
    actor,
    {
      entityClass: 'Activity',
      entityId: id,
      lock: async (tx) =>
        (
          await tx
            .select({ id: activities.id })
            .from(activities)
            .where(eq(activities.id, id))
            .for('no key update')
        ).length > 0,
      clear: async (tx) =>
        (
          await tx
            .delete(activityOwners)
            .where(eq(activityOwners.activityId, id))
            .returning({ userId: activityOwners.userId })
        ).map((r) => r.userId),
      insert: async (tx, ids) => {
        await tx.insert(activityOwners).values(ids.map((userId) => ({ activityId: id, userId })));
      },
    },
    userIds,
  );
  const [owners] = await ctx.db
    .select({
      list: ownersJson(ctx.actor, {
        userId: activityOwners.userId,
        where: eq(activityOwners.activityId, activities.id),
      }),
    })
    .from(activities)
    .where(eq(activities.id, id));
  return (owners?.list ?? []).map((o) => toOwner(ctx, o));
}

/** Managers, initiative owners and the activity's owners may set or remove its picture. */
async function pictureOf(
  ctx: Ctx,
  path: ActivityPath,
): Promise<{ actor: Actor; target: PictureTarget }> {
  const actor = requireActor(ctx);
  const row = await findActivity(ctx, path);
  if (!can(actor, 'edit', row.subject)) throw forbidden('You may not edit this activity');
  const id = row.id;
  return {
    actor,
    target: {
      entityClass: 'Activity',
      entityId: id,
      folder: `activities/${id}`,
      swap: async (tx, key) => {
        const [current] = await tx
          .select({ key: activities.pictureKey })
          .from(activities)
          .where(eq(activities.id, id))
          .for('update');
        if (!current) return undefined;
        await tx.update(activities).set({ pictureKey: key }).where(eq(activities.id, id));
        return current.key;
      },
    },
  };
}

export async function uploadActivityPicture(
  ctx: Ctx,
  path: ActivityPath,
  files: Upload[],
): Promise<Picture> {
  const { actor, target } = await pictureOf(ctx, path);
  return replacePicture(ctx, actor, target, files);
}

export async function removeActivityPicture(ctx: Ctx, path: ActivityPath): Promise<void> {
  const { actor, target } = await pictureOf(ctx, path);
  await removePicture(ctx, actor, target);
}
