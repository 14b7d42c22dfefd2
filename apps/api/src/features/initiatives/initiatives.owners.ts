import { eq } from 'drizzle-orm';
import type { Actor } from '@helder/shared/permissions';
import type { Executor } from '../../db/client';
import { initiativeOwners, initiatives } from '../../db/schema';
import { requireActor, type Ctx } from '../../http/context';
import { rowPictures } from '../../lib/picture-upload';
import { authorize } from '../../lib/write';
import { replaceUserLinks } from '../users';
import { ownersJson } from './initiatives.queries';
import { toOwner } from './initiatives.response';
import { findInitiative } from './initiatives.service';

/** An initiative's owners (initiatiefnemers) and picture. */

async function selectOwners(db: Executor, actor: Actor | null, id: number) {
  const [row] = await db
    .select({
      owners: ownersJson(actor, {
        userId: initiativeOwners.userId,
        where: eq(initiativeOwners.initiativeId, initiatives.id),
      }),
    })
    .from(initiatives)
    .where(eq(initiatives.id, id));
  return row?.owners ?? [];
}

/** Replaces the initiative's owners; unknown (or invisible) user ids → 404, nothing changed. */
export async function setInitiativeOwners(ctx: Ctx, id: number, userIds: number[]) {
  const actor = requireActor(ctx);
  const row = await findInitiative(ctx, id);
  authorize(actor, 'set_owners', row.subject, 'You may not set the owners of this initiative');
  await replaceUserLinks(
    ctx,
    actor,
    {
      entityClass: 'Initiative',
      entityId: id,
      parent: initiatives,
      links: initiativeOwners,
      where: eq(initiativeOwners.initiativeId, id),
      row: (userId) => ({ initiativeId: id, userId }),
      audited: 'owners',
    },
    userIds,
  );
  return (await selectOwners(ctx.db, ctx.actor, id)).map((o) => toOwner(ctx, o));
}

/** Whoever may edit the initiative may change its picture, by upload or removal alike. */
export const { upload: uploadInitiativePicture, remove: removeInitiativePicture } = rowPictures({
  entityClass: 'Initiative',
  table: initiatives,
  folder: 'initiatives',
  find: findInitiative,
  denied: 'You may not edit this initiative',
});
