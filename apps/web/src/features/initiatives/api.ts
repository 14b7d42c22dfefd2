/**
 * Server state of the initiatives feature: the overview (infinite, filtered), one initiative, and
 * the mutations (create under a grant, edit, picture, delete, owners). Every mutation updates or
 * invalidates what it changes: the lists, the detail, the regulation's grant counts, permissions.
 */
import { PAGE_SIZE } from '@helder/shared/http';
import {
  initiativesContract,
  type Initiative,
  type InitiativeInput,
  type InitiativePatch,
  type Owner,
} from '@helder/shared/initiatives';
import { usersContract } from '@helder/shared/users';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PickedUser } from '../../components/ui/UserPicker';
import { callApi } from '../../lib/api';
import { authKeys } from '../auth';
import { regulationsKeys } from '../regulations';

export { PAGE_SIZE as INITIATIVES_PAGE_SIZE };

export interface InitiativeFilters {
  /** 'Mijn Initiatieven' (only_mine=true). */
  mine: boolean;
  /** Name search ('' = all). */
  name: string;
}

export const initiativesKeys = {
  all: ['initiatives'] as const,
  lists: () => [...initiativesKeys.all, 'list'] as const,
  list: (filters: InitiativeFilters) => [...initiativesKeys.lists(), filters] as const,
  details: () => [...initiativesKeys.all, 'detail'] as const,
  detail: (id: number) => [...initiativesKeys.details(), id] as const,
};

/**
 * The overview, 20 at a time from offset 0 (a new filter is a new query, so it starts over);
 * a page with fewer than 20 initiatives is the last one.
 */
export function useInitiativesList(filters: InitiativeFilters) {
  return useInfiniteQuery({
    queryKey: initiativesKeys.list(filters),
    queryFn: async ({ pageParam, signal }) => {
      const { initiatives } = await callApi(initiativesContract.list, {
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
    getNextPageParam: (lastPage, allPages) =>
      lastPage.length < PAGE_SIZE ? undefined : allPages.length * PAGE_SIZE,
  });
}

export function useInitiative(id: number) {
  return useQuery({
    queryKey: initiativesKeys.detail(id),
    queryFn: ({ signal }) => callApi(initiativesContract.get, { params: { id }, signal }),
  });
}

export interface GrantPath {
  funderId: number;
  regulationId: number;
  grantId: number;
}

/** POST /api/funder/:funderId/regulation/:regulationId/grant/:grantId/initiative. */
export function useCreateInitiative(path: GrantPath) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: InitiativeInput) =>
      callApi(initiativesContract.create, {
        params: path,
        body,
      }),
    onSuccess: (initiative) => {
      queryClient.setQueryData(initiativesKeys.detail(initiative.id), initiative);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: initiativesKeys.lists() }),
        // The grant rows count their initiatives.
        queryClient.invalidateQueries({
          queryKey: regulationsKeys.detail(path.funderId, path.regulationId),
        }),
      ]);
    },
  });
}

export function useUpdateInitiative(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: InitiativePatch) =>
      callApi(initiativesContract.update, { params: { id }, body }),
    onSuccess: (initiative) => {
      queryClient.setQueryData(initiativesKeys.detail(id), initiative);
      return queryClient.invalidateQueries({ queryKey: initiativesKeys.lists() });
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
      return callApi(initiativesContract.uploadPicture, { params: { id }, body });
    },
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: initiativesKeys.detail(id) }),
        queryClient.invalidateQueries({ queryKey: initiativesKeys.lists() }),
      ]),
  });
}

/** DELETE /api/initiative/:id/profile-picture: the picture and its files. */
export function useRemoveInitiativePicture(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callApi(initiativesContract.removePicture, { params: { id } }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: initiativesKeys.detail(id) }),
        queryClient.invalidateQueries({ queryKey: initiativesKeys.lists() }),
      ]),
  });
}

/** DELETE /api/initiative/:id; the detail stays cached while the page is being left. */
export function useDeleteInitiative(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callApi(initiativesContract.remove, { params: { id } }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: initiativesKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: regulationsKeys.all }),
      ]),
  });
}

/** PATCH /api/initiative/:id/owners: replaces the initiatiefnemers. */
export function useSetInitiativeOwners(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userIds: number[]) =>
      callApi(initiativesContract.setOwners, { params: { id }, body: { user_ids: userIds } }),
    onSuccess: ({ users }) => {
      queryClient.setQueryData<Initiative>(initiativesKeys.detail(id), (old) =>
        old ? { ...old, initiative_owners: users } : old,
      );
      // Owners hold rights on the initiative; 'Mijn Initiatieven' changes.
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: initiativesKeys.all }),
        queryClient.invalidateQueries({ queryKey: authKeys.all }),
      ]);
    },
  });
}

/** An owner as the user picker shows it. */
export function ownerToPicked(
  owner: Pick<Owner, 'id' | 'email' | 'first_name' | 'last_name'>,
): PickedUser {
  const name = [owner.first_name, owner.last_name].filter(Boolean).join(' ');
  return { id: owner.id, email: owner.email, ...(name ? { name } : {}) };
}

/** Owner search: GET /api/users?email=… (case-insensitive substring), ten at most. */
export async function searchUsersByEmail(
  email: string,
  signal: AbortSignal,
): Promise<PickedUser[]> {
  const { users } = await callApi(usersContract.list, { query: { email, limit: 10 }, signal });
  return users.map(ownerToPicked);
}
