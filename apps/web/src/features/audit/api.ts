/** Server state of the audit feature: an entity's history, a page at a time. */
import { auditRoutes } from '@helder/shared/audit/client';
import type { EntityClass } from '@helder/shared/permissions';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { callApi } from '../../lib/api';
import { useCan, useSession } from '../auth';

const auditQueries = {
  all: () => ['audit'] as const,
  /**
   * Newest first; each next page starts below the last entry read (`next_after`), so that
   * changes made while the reader pages never repeat or skip an entry.
   */
  history: (entityClass: EntityClass, entityId: number) =>
    infiniteQueryOptions({
      queryKey: [...auditQueries.all(), entityClass, entityId] as const,
      queryFn: ({ pageParam, signal }) =>
        callApi(auditRoutes.list, {
          query: {
            entity_class: entityClass,
            entity_id: entityId,
            ...(pageParam === null ? {} : { after: pageParam }),
          },
          signal,
        }),
      initialPageParam: null as number | null,
      getNextPageParam: (last) => (last.has_more ? last.next_after : null),
    }),
};

/** Fetched only while the panel is open: a closed panel costs no request. */
export function useHistory(entityClass: EntityClass, entityId: number, enabled: boolean) {
  return useInfiniteQuery({ ...auditQueries.history(entityClass, entityId), enabled });
}

/**
 * Whether the caller is an administrator, by the class action only administrators hold
 * (inviting users, docs/api-rules.md §5). It only hides the panel; the API decides.
 */
export function useIsAdmin(): boolean {
  const session = useSession();
  return useCan('User', undefined, { enabled: session !== null }).can('create');
}

/**
 * Asks the history panel's question (useIsAdmin) while the page's entity loads: the panel sits in
 * a footer that appears only once the entity has arrived, so asking from there was a second wave.
 */
export function useHistoryEarly(): void {
  useIsAdmin();
}
