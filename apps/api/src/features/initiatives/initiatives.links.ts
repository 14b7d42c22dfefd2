import sharp from 'sharp';
import type { EntityClass, Actor } from '@helder/shared/permissions';
import type { Picture } from '@helder/shared/users';
import type { Owner } from '@helder/shared/initiatives';
import type { Executor } from '../../db/client';
import type { Ctx } from '../../http/context';
import { invalid, notFound, unsupportedMediaType } from '../../http/errors';
import { sniff, type Upload } from '../../http/uploads';
import { audit, diff } from '../../lib/audit';
import { storeFile } from '../../lib/pictures';
import { removeStoredFiles } from '../../lib/purge';
import { lockVisibleUsers } from '../regulations';
import { signedPicture } from '../users';
import type { OwnerRow } from './initiatives.queries';

/**
 * What initiatives and activities share: owner sets (server-rules §4: a set call replaces the
 * whole set; unknown ids → 404, nothing changed) and profile pictures (§11).
 */

/** The response shape of an owner: e-mail for logged-in callers, signed picture URLs. */
export function toOwner(ctx: Pick<Ctx, 'actor' | 'config' | 'clock'>, row: OwnerRow): Owner {
  return {
    id: row.id,
    ...(ctx.actor !== null ? { email: row.email } : {}),
    first_name: row.first_name,
    last_name: row.last_name,
    profile_picture: row.picture_key ? signedPicture(ctx, row.picture_key) : null,
  };
}

export interface OwnerLinks {
  entityClass: Extract<EntityClass, 'Initiative' | 'Activity'>;
  entityId: number;
  /** Locks the parent row until the commit; false when it is gone. */
  lock(tx: Executor): Promise<boolean>;
  /** Deletes every link, returning the user ids it held. */
  clear(tx: Executor): Promise<number[]>;
  insert(tx: Executor, userIds: number[]): Promise<void>;
}

export async function replaceOwners(ctx: Ctx, actor: Actor, links: OwnerLinks, ids: number[]) {
  const wanted = [...new Set(ids)];
  const sorted = (list: number[]) => [...list].sort((a, b) => a - b);
  await ctx.db.transaction(async (tx) => {
    if (!(await links.lock(tx))) throw notFound(links.entityClass);
    const found = await lockVisibleUsers(tx, actor, wanted);
    if (found.length !== wanted.length) throw notFound('User');
    const current = await links.clear(tx);
    if (wanted.length > 0) await links.insert(tx, wanted);
    const changes = diff({ owners: sorted(current) }, { owners: sorted(wanted) });
    if (Object.keys(changes).length > 0) {
      await audit(tx, {
        actorId: actor.id,
        entityClass: links.entityClass,
        entityId: links.entityId,
        action: 'update',
        changes,
      });
    }
  });
}

const PICTURE_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;

/** Throws 415 unless sharp can decode the whole image (a corrupt file is the client's fault). */
async function assertDecodable(data: Buffer) {
  try {
    await sharp(data).resize(8, 8, { fit: 'inside' }).raw().toBuffer();
  } catch {
    throw unsupportedMediaType(PICTURE_TYPES.join(', '));
  }
}

export interface PictureTarget {
  entityClass: Extract<EntityClass, 'Initiative' | 'Activity'>;
  entityId: number;
  /** Storage folder, e.g. `initiatives/7`. */
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
