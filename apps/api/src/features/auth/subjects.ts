import { eq } from 'drizzle-orm';
import { can, type EntityClass, type Subject } from '@helder/shared/permissions';
import { users } from '../../db/schema';
import type { Ctx } from '../../http/context';

/**
 * How `entity-access` (and any service) turns an entity id into the permission Subject of
 * `can()`. Each feature registers the loader of its own class, from its `index.ts`:
 *
 *   registerSubjectLoader('Funder', async (ctx, id) => ...)
 *
 * A loader returns null when the entity does not exist; relations of the caller (`ctx.actor`)
 * are computed inside it, ideally in one query.
 */
export type SubjectOf<C extends EntityClass> = Extract<Subject, { type: C }>;
export type SubjectLoader<C extends EntityClass> = (
  ctx: Ctx,
  id: number,
) => Promise<SubjectOf<C> | null>;

const loaders = new Map<EntityClass, SubjectLoader<EntityClass>>();

export function registerSubjectLoader<C extends EntityClass>(
  entityClass: C,
  loader: SubjectLoader<C>,
) {
  if (loaders.has(entityClass)) throw new Error(`A subject loader for ${entityClass} exists`);
  loaders.set(entityClass, loader as unknown as SubjectLoader<EntityClass>);
}

/**
 * The Subject of an entity the caller may read; null when it does not exist, is invisible to
 * the caller, or its class has no loader yet (all of which are a 404 to the client).
 */
export async function loadSubject(
  ctx: Ctx,
  entityClass: EntityClass,
  id: number,
): Promise<Subject | null> {
  const loader = loaders.get(entityClass);
  if (!loader) return null;
  const subject = await loader(ctx, id);
  if (subject === null || !can(ctx.actor, 'read', subject)) return null;
  return subject;
}

registerSubjectLoader('User', async (ctx, id) => {
  const [row] = await ctx.db
    .select({ id: users.id, hidden: users.hidden, isSuperuser: users.isSuperuser })
    .from(users)
    .where(eq(users.id, id));
  return row ? { type: 'User', ...row } : null;
});
