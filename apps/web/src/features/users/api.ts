/**
 * Server state of the users (contacts) feature: the directory (infinite, filtered by e-mail), one
 * user, and the mutations (invite, edit, picture, delete). Every mutation invalidates what it
 * changes, so the list refreshes after add, edit, profile edit, password change and delete.
 */
import { PAGE_SIZE } from '@helder/shared/http/client';
import type { InviteUserInput, UpdateUserInput } from '@helder/shared/users';
import { usersRoutes } from '@helder/shared/users/client';
import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type { PickedUser } from '../../components/ui/UserPicker';
import { callApi, nextOffset } from '../../lib/api';
import { authKeys, renewSession } from '../auth';

const all = ['users'] as const;

export const usersQueries = {
  all: () => all,
  lists: () => [...all, 'list'] as const,
  /**
   * The directory, 20 at a time: page 1 for a new search, later pages appended (the caller
   * deduplicates by id: a user added between two page loads shifts the offsets). A page with
   * fewer than 20 users is the last one.
   */
  list: (email: string) =>
    infiniteQueryOptions({
      queryKey: [...usersQueries.lists(), { email }] as const,
      queryFn: async ({ pageParam, signal }) => {
        const { users } = await callApi(usersRoutes.list, {
          query: { offset: pageParam, limit: PAGE_SIZE, email },
          signal,
        });
        return users;
      },
      initialPageParam: 0,
      getNextPageParam: (lastPage, allPages) => nextOffset(lastPage, allPages),
      // A search that is no longer shown is dropped: coming back to it starts again at page 1.
      gcTime: 0,
    }),
  detail: (id: number) =>
    queryOptions({
      queryKey: [...all, 'detail', id] as const,
      queryFn: ({ signal }) => callApi(usersRoutes.get, { params: { id }, signal }),
    }),
};

export function useUsersList(email: string) {
  return useInfiniteQuery(usersQueries.list(email));
}

/** One user; null (no valid id in the URL) fetches nothing. */
export function useUser(id: number | null) {
  return useQuery({ ...usersQueries.detail(id ?? 0), enabled: id !== null });
}

/** After a change: the lists, the user details and the caller's permissions may all differ. */
function useInvalidateUsers() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: usersQueries.all() }),
      queryClient.invalidateQueries({ queryKey: authKeys.all }),
    ]);
}

/** POST /api/user (multipart): creates the account; the server mails the invitation. */
export function useInviteUser() {
  const invalidate = useInvalidateUsers();
  return useMutation({
    mutationFn: (body: InviteUserInput) => callApi(usersRoutes.invite, { body }),
    onSuccess: () => invalidate(),
  });
}

/** PATCH /api/user/:id: profile, settings or password. */
export function useUpdateUser(id: number) {
  const invalidate = useInvalidateUsers();
  return useMutation({
    mutationFn: (body: UpdateUserInput) => callApi(usersRoutes.update, { params: { id }, body }),
    onSuccess: () => invalidate(),
  });
}

/** PATCH {password} on your own account, then a new token: the old ones end with the password. */
export function useChangePassword(id: number) {
  const invalidate = useInvalidateUsers();
  return useMutation({
    mutationFn: async (password: string) => {
      const user = await callApi(usersRoutes.update, { params: { id }, body: { password } });
      // Before anything refetches with the old token, which would end the session.
      await renewSession(password);
      return user;
    },
    onSuccess: () => invalidate(),
  });
}

/** POST /api/user/:id/profile-picture (multipart field `file`). */
export function useUploadPicture(id: number) {
  const invalidate = useInvalidateUsers();
  return useMutation({
    mutationFn: (file: File) => {
      const body = new FormData();
      body.append('file', file);
      return callApi(usersRoutes.uploadPicture, { params: { id }, body });
    },
    onSuccess: () => invalidate(),
  });
}

/** DELETE /api/user/:id/profile-picture: the picture and its files. */
export function useRemovePicture(id: number) {
  const invalidate = useInvalidateUsers();
  return useMutation({
    mutationFn: () => callApi(usersRoutes.removePicture, { params: { id } }),
    onSuccess: () => invalidate(),
  });
}

/** DELETE /api/user/:id; only the lists refresh (the deleted user's page is being left). */
export function useDeleteUser(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callApi(usersRoutes.remove, { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersQueries.lists() }),
  });
}

/** A person of the API ({ id, email?, first_name, last_name }) as the user picker shows it. */
export function toPickedUser(person: {
  id: number;
  email?: string | undefined;
  first_name: string | null;
  last_name: string | null;
}): PickedUser {
  const name = [person.first_name, person.last_name].filter(Boolean).join(' ');
  return { id: person.id, email: person.email, ...(name ? { name } : {}) };
}

/** User search for the pickers: GET /api/users?email=… (case-insensitive substring). */
export async function searchUsersByEmail(email: string, signal: AbortSignal) {
  const { users } = await callApi(usersRoutes.list, { query: { email, limit: 10 }, signal });
  return users.map(toPickedUser);
}
