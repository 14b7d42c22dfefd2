import sharp from 'sharp';
import type { Actor, EntityClass } from '@helder/shared/permissions';
import type { Picture } from '@helder/shared/users';
import type { Executor } from '../db/client';
import type { Ctx } from '../http/context';
import { invalid, notFound, unsupportedMediaType } from '../http/errors';
import { sniff, type Upload } from '../http/uploads';
import { audit } from './audit';
import { signedPicture, storeFile } from './pictures';
import { removeStoredFiles } from './purge';

/** Profile pictures of users, initiatives and activities (server-rules §11). */
export const PICTURE_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;

/** Throws 415 unless sharp can decode the whole image (a corrupt file is the client's fault). */
async function assertDecodable(data: Buffer) {
  try {
    await sharp(data).resize(8, 8, { fit: 'inside' }).raw().toBuffer();
  } catch {
    throw unsupportedMediaType(PICTURE_TYPES.join(', '));
  }
}

export interface PictureTarget {
  entityClass: EntityClass;
  entityId: number;
  /** Storage folder, e.g. `users/3` or `initiatives/7`. */
  folder: string;
  /** Locks the row and stores the new key; returns the old key, or undefined when it is gone. */
  swap(tx: Executor, key: string): Promise<string | null | undefined>;
}

/**
 * Stores a new picture (multipart field `file`, png/jpeg/webp sniffed, thumbnails) and swaps it
 * in; the old files are removed after the commit, the new ones when the swap fails.
 */
export async function replacePicture(
  ctx: Ctx,
  actor: Actor,
  target: PictureTarget,
  files: Upload[],
): Promise<Picture> {
  const file = files.find((f) => f.fieldname === 'file');
  if (!file) throw invalid('file', 'required', 'Send the picture in the multipart field "file"');
  const type = await sniff(file.data, PICTURE_TYPES);
  await assertDecodable(file.data);
  const key = await storeFile(ctx.storage, target.folder, file.data, type);
  let oldKey: string | null;
  try {
    oldKey = await ctx.db.transaction(async (tx) => {
      const old = await target.swap(tx, key);
      if (old === undefined) throw notFound(target.entityClass);
      await audit(tx, {
        actorId: actor.id,
        entityClass: target.entityClass,
        entityId: target.entityId,
        action: 'update',
        changes: { profile_picture: { from: old, to: key } },
      });
      return old;
    });
  } catch (e) {
    await removeStoredFiles(ctx, [key]);
    throw e;
  }
  if (oldKey) await removeStoredFiles(ctx, [oldKey]);
  return signedPicture(ctx, key);
}
