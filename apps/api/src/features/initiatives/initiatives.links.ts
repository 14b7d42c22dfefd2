import type { EntityClass, Actor } from '@helder/shared/permissions';
import type { Owner } from '@helder/shared/initiatives';
import type { Executor } from '../../db/client';
import type { Ctx } from '../../http/context';
import { notFound } from '../../http/errors';
import { audit, diff } from '../../lib/audit';
import { signedPicture } from '../../lib/pictures';
import { lockVisibleUsers } from '../regulations';
import type { OwnerRow } from './initiatives.queries';

/**
 * What initiatives and activities share: owner sets (server-rules §4: a set call replaces the
 * whole set; unknown ids → 404, nothing changed).
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
