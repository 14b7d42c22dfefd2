import { eq } from 'drizzle-orm';
import type { Actor } from '@helder/shared/permissions';
import type { Picture } from '@helder/shared/users';
import { activities, activityOwners } from '../../db/schema';
import { requireActor, type Ctx } from '../../http/context';
import type { Upload } from '../../http/uploads';
import { removePicture, replacePicture, type PictureTarget } from '../../lib/picture-upload';
import { authorize } from '../../lib/write';
import { ownersJson, toOwner } from '../initiatives';
import { replaceUserLinks } from '../users';
import { findActivity, type ActivityPath } from './activities.service';

/** An activity's owners (activiteitnemers) and picture. */

/** Replaces the activity's owners; unknown (or invisible) user ids → 404, nothing changed. */
export async function setActivityOwners(ctx: Ctx, path: ActivityPath, userIds: number[]) {
  const actor = requireActor(ctx);
  const row = await findActivity(ctx, path);
  authorize(actor, 'set_owners', row.subject, 'You may not set the owners of this activity');
  const id = row.id;
  await replaceUserLinks(
    ctx,
    actor,
    {
      entityClass: 'Activity',
      entityId: id,
      parent: activities,
      links: activityOwners,
      where: eq(activityOwners.activityId, id),
      row: (userId) => ({ activityId: id, userId }),
      audited: 'owners',
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
  authorize(actor, 'edit', row.subject, 'You may not edit this activity');
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
