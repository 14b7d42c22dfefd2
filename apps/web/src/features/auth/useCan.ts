import type { ActionOf, EntityClass } from '@helder/shared/permissions';
import { useEntityActions } from './api';

export interface UseCanOptions {
  /** False while the entity is not known yet: nothing is fetched and every action is refused. */
  enabled?: boolean;
}

export interface EntityPermissions<C extends EntityClass> {
  can: (action: ActionOf<C>) => boolean;
  /** The first answer is on its way; until then every action is refused. */
  isLoading: boolean;
}

/**
 * The caller's actions on one entity, or on its class when `id` is left out, as entity-access
 * reports them. Components sharing an entity share one request through the query cache. The
 * answer only hides buttons; the API decides.
 */
export function useCan<C extends EntityClass>(
  entity: C,
  id?: number,
  { enabled = true }: UseCanOptions = {},
): EntityPermissions<C> {
  const access = useEntityActions(enabled ? { entity_class: entity, entity_id: id } : null);
  // The wire sends plain strings, so an action the web does not know yet is simply never asked.
  const actions: readonly string[] = access.data?.actions ?? [];
  return { can: (action) => actions.includes(action), isLoading: access.isLoading };
}
