import { can, type EntityClass, type Subject } from '@helder/shared/permissions';
import type { Ctx } from '../../http/context';

/**
 * How `entity-access` turns an entity id into the permission Subject of `can()` (ADR 0004). A
 * loader returns null when the entity does not exist; the caller's relations (`ctx.actor`) are
 * computed inside it, ideally in one query. Each feature exports the loader of its own class;
 * `features/subjects.ts` keys them all by class, so a class without a loader does not compile.
 */
export type SubjectOf<C extends EntityClass> = Extract<Subject, { type: C }>;
type SubjectLoader<C extends EntityClass> = (ctx: Ctx, id: number) => Promise<SubjectOf<C> | null>;
export type SubjectLoaders = { readonly [C in EntityClass]: SubjectLoader<C> };

/**
 * The Subject of an entity the caller may read; null when it does not exist or is invisible to
 * the caller (both a 404 to the client).
 */
export async function loadSubject(
  ctx: Ctx,
  loaders: SubjectLoaders,
  entityClass: EntityClass,
  id: number,
): Promise<Subject | null> {
  const subject = await (loaders[entityClass] as SubjectLoader<EntityClass>)(ctx, id);
  if (subject === null || !can(ctx.actor, 'read', subject)) return null;
  return subject;
}
