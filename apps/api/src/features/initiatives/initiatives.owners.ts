import { eq } from 'drizzle-orm';
import type { Actor } from '@helder/shared/permissions';
import type { Picture } from '@helder/shared/users';
import type { Executor } from '../../db/client';
import { initiativeOwners, initiatives } from '../../db/schema';
import { requireActor, type Ctx } from '../../http/context';
import type { Upload } from '../../http/uploads';
import { removePicture, replacePicture, type PictureTarget } from '../../lib/picture-upload';
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
async function pictureOf(ctx: Ctx, id: number): Promise<{ actor: Actor; target: PictureTarget }> {
  const actor = requireActor(ctx);
  const row = await findInitiative(ctx, id);
  authorize(actor, 'edit', row.subject, 'You may not edit this initiative');
  return {
    actor,
    target: {
      entityClass: 'Initiative',
      entityId: id,
      folder: `initiatives/${id}`,
      swap: async (tx, key) => {
        const [current] = await tx
          .select({ key: initiatives.pictureKey })
          .from(initiatives)
          .where(eq(initiatives.id, id))
          .for('update');
        if (!current) return undefined;
        await tx.update(initiatives).set({ pictureKey: key }).where(eq(initiatives.id, id));
        return current.key;
      },
    },
  };
}

export async function uploadInitiativePicture(
  ctx: Ctx,
  id: number,
  files: Upload[],
): Promise<Picture> {
  const { actor, target } = await pictureOf(ctx, id);
  return replacePicture(ctx, actor, target, files);
}

export async function removeInitiativePicture(ctx: Ctx, id: number): Promise<void> {
  const { actor, target } = await pictureOf(ctx, id);
  await removePicture(ctx, actor, target);
}
