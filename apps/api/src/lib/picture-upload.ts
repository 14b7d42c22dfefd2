import { eq } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Actor, EntityClass, Subject } from '@helder/shared/permissions';
import type { Picture } from '@helder/shared/users';
import { requireActor, type Ctx } from '../http/context';
import { invalid, notFound, unsupportedMediaType } from '../http/errors';
import { sniff, type Upload } from '../http/uploads';
import { diff } from './audit';
import {
  headerPixels,
  imageJob,
  loadSharp,
  MAX_PIXELS,
  removeStoredFiles,
  signedPicture,
  storeFile,
} from './pictures';
import { authorize, write } from './write';

/** Profile pictures of users, initiatives and activities, funders' logos (docs/api-rules.md §11). */
const PICTURE_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;

const notAPicture = () => unsupportedMediaType(PICTURE_TYPES.join(', '));

/**
 * Throws 422 for a picture over 40 megapixels, judged by its header before a single pixel is
 * decoded, and 415 unless sharp can decode the whole image (a corrupt file is the client's fault).
 */
async function assertUsable(path: string) {
  const sharp = await loadSharp();
  const pixels = await headerPixels(path);
  if (pixels === 0) throw notAPicture();
  if (pixels > MAX_PIXELS) {
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

type PictureTable = PgTable & { id: AnyPgColumn };

/**
 * Where a row keeps its picture's key: `pictureKey` (audited as `profile_picture`) unless the
 * table names another column, as a funder's logo does.
 */
interface PictureSlot {
  property: string;
  column: AnyPgColumn;
  audited: string;
}

/** The row whose picture changes. */
interface PictureRow {
  entityClass: EntityClass;
  table: PictureTable;
  slot: PictureSlot;
  id: number;
}

/**
 * Stores a new picture (multipart field `file`, png/jpeg/webp sniffed, thumbnails) under `folder`
 * and swaps it in; the old files are removed after the commit, the new ones when the swap fails.
 */
async function replacePicture(
  ctx: Ctx,
  actor: Actor,
  row: PictureRow,
  folder: string,
  files: Upload[],
): Promise<Picture> {
  const file = files.find((f) => f.fieldname === 'file');
  if (!file) throw invalid('file', 'required', 'Send the picture in the multipart field "file"');
  const type = await sniff(file, PICTURE_TYPES);
  await assertUsable(file.path);
  const key = await storeFile(ctx.storage, folder, file.path, type);
  try {
    await swapPicture(ctx, actor, row, key);
  } catch (e) {
    await removeStoredFiles(ctx, [key]);
    throw e;
  }
  return signedPicture(ctx, key);
}

/**
 * Stores the new key (null: none) in the locked row and audits the change; the old files go after
 * the commit. 404 when the row is gone. Clearing a row without a picture changes nothing and
 * audits nothing, so removing twice answers the same.
 */
function swapPicture(ctx: Ctx, actor: Actor, row: PictureRow, key: string | null) {
  const { table, slot } = row;
  const byId = eq(table.id, row.id);
  return write(ctx, actor, {
    run: async (tx) => {
      const [current] = await tx.select({ key: slot.column }).from(table).where(byId).for('update');
      if (!current) throw notFound(row.entityClass);
      await tx
        .update(table)
        .set({ [slot.property]: key })
        .where(byId);
      return current.key as string | null;
    },
    audit: (old) => ({
      entityClass: row.entityClass,
      entityId: row.id,
      action: 'update',
      changes: diff({ [slot.audited]: old }, { [slot.audited]: key }),
    }),
    files: (old) => (old ? [old] : []),
  });
}

/**
 * The picture of an entity's row, stored under `<folder>/<id>`: its upload and its removal, each
 * for whoever may edit the row (docs/api-rules.md §11). `find` is the feature's 404 for the row
 * at `at`.
 */
export function rowPictures<At>(picture: {
  entityClass: EntityClass;
  table: PictureTable & { pictureKey?: AnyPgColumn };
  /** Another key column than `pictureKey`; `audited` is its name in the audit log. */
  slot?: PictureSlot;
  folder: string;
  find: (ctx: Ctx, at: At) => Promise<{ id: number; subject: Subject }>;
  denied: string;
}) {
  const { pictureKey } = picture.table;
  const slot =
    picture.slot ??
    (pictureKey && { property: 'pictureKey', column: pictureKey, audited: 'profile_picture' });
  if (!slot) throw new Error(`${picture.entityClass}: a picture needs a key column`);
  const editable = async (ctx: Ctx, at: At) => {
    const actor = requireActor(ctx);
    const { id, subject } = await picture.find(ctx, at);
    authorize(actor, 'edit', subject, picture.denied);
    return { actor, row: { entityClass: picture.entityClass, table: picture.table, slot, id } };
  };
  return {
    upload: async (ctx: Ctx, at: At, files: Upload[]): Promise<Picture> => {
      const { actor, row } = await editable(ctx, at);
      return replacePicture(ctx, actor, row, `${picture.folder}/${row.id}`, files);
    },
    remove: async (ctx: Ctx, at: At): Promise<void> => {
      const { actor, row } = await editable(ctx, at);
      await swapPicture(ctx, actor, row, null);
    },
  };
}
