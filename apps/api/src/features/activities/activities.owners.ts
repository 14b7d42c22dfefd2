import { eq } from 'drizzle-orm';
import { activities, activityOwners } from '../../db/schema';
import { requireActor, type Ctx } from '../../http/context';
import { rowPictures } from '../../lib/picture-upload';
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
export const { upload: uploadActivityPicture, remove: removeActivityPicture } = rowPictures({
  entityClass: 'Activity',
  table: activities,
  folder: 'activities',
  find: findActivity,
  denied: 'You may not edit this activity',
});
