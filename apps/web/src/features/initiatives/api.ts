/**
 * Server state of the initiatives feature: the overview (infinite, filtered), one initiative, and
 * the mutations (create under a grant, edit, picture, delete, owners). Every mutation updates or
 * invalidates what it changes: the lists, the detail, the regulation's grant counts, permissions.
 */
import { PAGE_SIZE } from '@helder/shared/http/client';
import type {
  initiativesContract,
  InitiativeInput,
  InitiativePatch,
} from '@helder/shared/initiatives';
import { initiativesRoutes } from '@helder/shared/initiatives/client';
import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { callApi, nextOffset, type ParsedParamsOf } from '../../lib/api';
import { authKeys } from '../auth';
import { regulationsQueries } from '../regulations';

export interface InitiativeFilters {
  /** 'Mijn Initiatieven' (only_mine=true). */
  mine: boolean;
  /** Name search ('' = all). */
  name: string;
}

const all = ['initiatives'] as const;

export const initiativesQueries = {
  all: () => all,
  lists: () => [...all, 'list'] as const,
  /**
   * The overview, 20 at a time from offset 0 (a new filter is a new query, so it starts over);
   * a page with fewer than 20 initiatives is the last one.
   */
  list: (filters: InitiativeFilters) =>
    infiniteQueryOptions({
      queryKey: [...initiativesQueries.lists(), filters] as const,
      queryFn: async ({ pageParam, signal }) => {
        const { initiatives } = await callApi(initiativesRoutes.list, {
          query: {
            offset: pageParam,
            limit: PAGE_SIZE,
            only_mine: filters.mine ? true : undefined,
            name: filters.name || undefined,
          },
          signal,
        });
        return initiatives;
      },
      initialPageParam: 0,
      getNextPageParam: (lastPage, allPages) => nextOffset(lastPage, allPages),
    }),
  detail: (id: number) =>
    queryOptions({
      queryKey: [...all, 'detail', id] as const,
      queryFn: ({ signal }) => callApi(initiativesRoutes.get, { params: { id }, signal }),
    }),
};

export function useInitiativesList(filters: InitiativeFilters) {
  return useInfiniteQuery(initiativesQueries.list(filters));
}

export function useInitiative(id: number) {
  return useQuery(initiativesQueries.detail(id));
}

export type GrantPath = ParsedParamsOf<typeof initiativesContract.create>;

/** POST /api/funder/:funderId/regulation/:regulationId/grant/:grantId/initiative. */
export function useCreateInitiative(path: GrantPath) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: InitiativeInput) =>
      callApi(initiativesRoutes.create, {
        params: path,
        body,
      }),
    onSuccess: (initiative) => {
      queryClient.setQueryData(initiativesQueries.detail(initiative.id).queryKey, initiative);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: initiativesQueries.lists() }),
        // The grant rows count their initiatives.
        queryClient.invalidateQueries({
          queryKey: regulationsQueries.detail(path).queryKey,
        }),
      ]);
    },
  });
}

export function useUpdateInitiative(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: InitiativePatch) =>
      callApi(initiativesRoutes.update, { params: { id }, body }),
    onSuccess: (initiative) => {
      queryClient.setQueryData(initiativesQueries.detail(id).queryKey, initiative);
      return queryClient.invalidateQueries({ queryKey: initiativesQueries.lists() });
    },
  });
}

/** POST /api/initiative/:id/profile-picture (multipart field `file`). */
export function useUploadInitiativePicture(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => {
      const body = new FormData();
      body.append('file', file);
      return callApi(initiativesRoutes.uploadPicture, { params: { id }, body });
    },
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: initiativesQueries.detail(id).queryKey }),
        queryClient.invalidateQueries({ queryKey: initiativesQueries.lists() }),
      ]),
  });
}

/** DELETE /api/initiative/:id/profile-picture: the picture and its files. */
export function useRemoveInitiativePicture(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callApi(initiativesRoutes.removePicture, { params: { id } }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: initiativesQueries.detail(id).queryKey }),
        queryClient.invalidateQueries({ queryKey: initiativesQueries.lists() }),
      ]),
  });
}

/** DELETE /api/initiative/:id; the detail stays cached while the page is being left. */
export function useDeleteInitiative(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callApi(initiativesRoutes.remove, { params: { id } }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: initiativesQueries.lists() }),
        queryClient.invalidateQueries({ queryKey: regulationsQueries.all() }),
      ]),
  });
}

/** PATCH /api/initiative/:id/owners: replaces the initiatiefnemers. */
export function useSetInitiativeOwners(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userIds: number[]) =>
      callApi(initiativesRoutes.setOwners, { params: { id }, body: { user_ids: userIds } }),
    onSuccess: ({ users }) => {
      queryClient.setQueryData(initiativesQueries.detail(id).queryKey, (old) =>
        old ? { ...old, initiative_owners: users } : old,
      );
      // Owners hold rights on the initiative; 'Mijn Initiatieven' changes.
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: initiativesQueries.all() }),
        queryClient.invalidateQueries({ queryKey: authKeys.all }),
      ]);
    },
  });
}
