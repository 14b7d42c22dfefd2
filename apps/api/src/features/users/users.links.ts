import { eq, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgInsertValue, PgTable } from 'drizzle-orm/pg-core';
import type { Actor, EntityClass } from '@helder/shared/permissions';
import type { Ctx } from '../../http/context';
import { notFound } from '../../http/errors';
import { diff } from '../../lib/audit';
import { write } from '../../lib/write';
import { lockVisibleUsers } from './users.queries';

/** The users linked to one entity in one role: officers, overseers, owners, account users. */
export interface UserLinks<T extends PgTable & { userId: AnyPgColumn }> {
  entityClass: EntityClass;
  entityId: number;
  /** The entity's table; its row is locked while the set is replaced. */
  parent: PgTable & { id: AnyPgColumn };
  links: T;
  /** The link rows of this entity (and role) in `links`. */
  where: SQL;
  row(userId: number): PgInsertValue<T>;
  /** The name of the set in the audit log, e.g. `owners`. */
  audited: string;
}

/**
 * A set call (docs/api-rules.md §4): replaces the whole set in one transaction. Any id that
 * names no user the actor may see is a 404 and nothing changes. The entity's row is locked, so
 * concurrent set calls follow each other and a deleted entity is a clean 404.
 */
export async function replaceUserLinks<T extends PgTable & { userId: AnyPgColumn }>(
  ctx: Ctx,
  actor: Actor,
  set: UserLinks<T>,
  ids: number[],
): Promise<void> {
  const wanted = [...new Set(ids)];
  const sorted = (list: number[]) => [...list].sort((a, b) => a - b);
  const { parent, links } = set;
  await write(ctx, actor, {
    run: async (tx) => {
      const [locked] = await tx
        .select({ id: parent.id })
        .from(parent)
        .where(eq(parent.id, set.entityId))
        .for('no key update');
      if (!locked) throw notFound(set.entityClass);
      const found = await lockVisibleUsers(tx, actor, wanted);
      if (found.length !== wanted.length) throw notFound('User');
      const current = await tx.delete(links).where(set.where).returning({ userId: links.userId });
      if (wanted.length > 0) await tx.insert(links).values(wanted.map((id) => set.row(id)));
      return current.map((c) => c.userId as number);
    },
    audit: (current) => ({
      entityClass: set.entityClass,
      entityId: set.entityId,
      action: 'update',
      changes: diff({ [set.audited]: sorted(current) }, { [set.audited]: sorted(wanted) }),
    }),
  });
}
