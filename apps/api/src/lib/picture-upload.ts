import type { Actor, EntityClass } from '@helder/shared/permissions';
import type { Picture } from '@helder/shared/users';
import type { Executor } from '../db/client';
import type { Ctx } from '../http/context';
import { invalid, notFound, unsupportedMediaType } from '../http/errors';
import { sniff, type Upload } from '../http/uploads';
import { diff } from './audit';
import {
  imageJob,
  loadSharp,
  MAX_PIXELS,
  removeStoredFiles,
  signedPicture,
  storeFile,
} from './pictures';
import { write } from './write';

/** Profile pictures of users, initiatives and activities (docs/api-rules.md §11). */
export const PICTURE_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;

const notAPicture = () => unsupportedMediaType(PICTURE_TYPES.join(', '));

/**
 * Throws 422 for a picture over 40 megapixels, judged by its header before a single pixel is
 * decoded, and 415 unless sharp can decode the whole image (a corrupt file is the client's fault).
 */
async function assertUsable(path: string) {
  const sharp = await loadSharp();
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
  try {
    await swapPicture(ctx, actor, target, key);
  } catch (e) {
    await removeStoredFiles(ctx, [key]);
    throw e;
  }
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
  await swapPicture(ctx, actor, target, null);
}

/** Stores the new key (null: none) and audits the change; the old files go after the commit. */
function swapPicture(
  ctx: Ctx,
  actor: Actor,
  target: Pick<PictureTarget, 'entityClass' | 'entityId' | 'swap'>,
  key: string | null,
) {
  return write(ctx, actor, {
    run: async (tx) => {
      const old = await target.swap(tx, key);
      if (old === undefined) throw notFound(target.entityClass);
      return old;
    },
    audit: (old) => ({
      entityClass: target.entityClass,
      entityId: target.entityId,
      action: 'update',
      changes: diff({ profile_picture: old }, { profile_picture: key }),
    }),
    files: (old) => (old ? [old] : []),
  });
}
