import sharp from 'sharp';
import type { Actor, EntityClass } from '@helder/shared/permissions';
import type { Picture } from '@helder/shared/users';
import type { Executor } from '../db/client';
import type { Ctx } from '../http/context';
import { invalid, notFound, unsupportedMediaType } from '../http/errors';
import { sniff, type Upload } from '../http/uploads';
import { audit } from './audit';
import { imageJob, MAX_PIXELS, signedPicture, storeFile } from './pictures';
import { removeStoredFiles } from './purge';

/** Profile pictures of users, initiatives and activities (server-rules §11). */
export const PICTURE_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;

const notAPicture = () => unsupportedMediaType(PICTURE_TYPES.join(', '));

/**
 * Throws 422 for a picture over 40 megapixels, judged by its header before a single pixel is
 * decoded, and 415 unless sharp can decode the whole image (a corrupt file is the client's fault).
 */
async function assertUsable(path: string) {
  const { width, height } = await sharp(path)
    .metadata()
    .catch(() => ({ width: 0, height: 0 }));
  if (!width || !height) throw notAPicture();
  if (width * height > MAX_PIXELS) {
    throw invalid('file', 'too_many_pixels', 'The picture is larger than 40 megapixels');
  }
  try {
    await imageJob(() =>
      sharp(path, { limitInputPixels: MAX_PIXELS })
        .resize(8, 8, { fit: 'inside' })
        .raw()
        .toBuffer(),
    );
  } catch {
    throw notAPicture();
  }
}

export interface PictureTarget {
  entityClass: EntityClass;
  entityId: number;
  /** Storage folder, e.g. `users/3` or `initiatives/7`. */
  folder: string;
  /**
   * Locks the row and stores the new key (null: no picture); returns the old key, or undefined
   * when the row is gone.
   */
  swap(tx: Executor, key: string | null): Promise<string | null | undefined>;
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
  const type = await sniff(file, PICTURE_TYPES);
  await assertUsable(file.path);
  const key = await storeFile(ctx.storage, target.folder, file.path, type);
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

/**
 * Clears the picture; its files are removed after the commit. Without a picture nothing changes
 * and nothing is audited, so removing twice answers the same.
 */
export async function removePicture(
  ctx: Ctx,
  actor: Actor,
  target: Pick<PictureTarget, 'entityClass' | 'entityId' | 'swap'>,
): Promise<void> {
  const oldKey = await ctx.db.transaction(async (tx) => {
    const old = await target.swap(tx, null);
    if (old === undefined) throw notFound(target.entityClass);
    if (old) {
      await audit(tx, {
        actorId: actor.id,
        entityClass: target.entityClass,
        entityId: target.entityId,
        action: 'update',
        changes: { profile_picture: { from: old, to: null } },
      });
    }
    return old;
  });
  if (oldKey) await removeStoredFiles(ctx, [oldKey]);
}
