/** Server state of the auth feature: login, password flows and entity-access queries. */
import type { authContract } from '@helder/shared/auth';
import { authRoutes } from '@helder/shared/auth/client';
import { usersRoutes } from '@helder/shared/users/client';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { ApiError, callApi, type ParsedBodyOf, type ParsedQueryOf } from '../../lib/api';
import { getSession, login } from './session';

export type EntityAccessQuery = ParsedQueryOf<typeof authContract.actions>;

/** Every auth query lives under `all`: a change of roles or owners invalidates it as a whole. */
export const authKeys = {
  all: ['auth'] as const,
};

const authQueries = {
  actions: (query: EntityAccessQuery) =>
    queryOptions({
      queryKey: [...authKeys.all, 'entity-access', query, 'actions'] as const,
      queryFn: ({ signal }) => callApi(authRoutes.actions, { query, signal }),
    }),
  editFields: (query: EntityAccessQuery) =>
    queryOptions({
      queryKey: [...authKeys.all, 'entity-access', query, 'edit-fields'] as const,
      queryFn: ({ signal }) => callApi(authRoutes.editFields, { query, signal }),
    }),
};

/** What the login form asks; the grant type is always 'password'. */
type Credentials = Pick<ParsedBodyOf<typeof authContract.login>, 'username' | 'password'>;

/** POST /api/auth/jwt/login (form-encoded); on success the token becomes the session. */
export function useLogin() {
  return useMutation({
    mutationFn: async ({ username, password }: Credentials) => {
      const { access_token } = await callApi(authRoutes.login, {
        body: { username, password, grant_type: 'password' },
      });
      if (!login(access_token)) {
        throw new ApiError(200, 'INVALID_RESPONSE', 'The server returned an unusable token');
      }
    },
  });
}

/**
 * Logs in again as the session's user with a password just set: the server ends every earlier
 * token when the password changes. When that fails the next call simply asks to log in.
 */
export async function renewSession(password: string): Promise<void> {
  const session = getSession();
  if (!session) return;
  try {
    const { access_token } = await callApi(authRoutes.login, {
      body: { username: session.username, password, grant_type: 'password' },
    });
    login(access_token);
  } catch {
    // Deliberately quiet: the password did change; only the session is lost.
  }
}

export function useForgotPassword() {
  return useMutation({
    mutationFn: (email: string) => callApi(authRoutes.forgotPassword, { body: { email } }),
  });
}

export function useResetPassword() {
  return useMutation({
    mutationFn: (body: ParsedBodyOf<typeof authContract.resetPassword>) =>
      callApi(authRoutes.resetPassword, { body }),
  });
}

/** POST /api/reminders/unsubscribe with the token of a reminder mail's link. */
export function useUnsubscribeReminders() {
  return useMutation({
    mutationFn: (token: string) => callApi(usersRoutes.unsubscribeReminders, { body: { token } }),
  });
}

/** A disabled query still needs a key and a function; this one is never fetched. */
const idle: EntityAccessQuery = { entity_class: 'User' };

/** The caller's actions on an entity (or on the class without an id); null fetches nothing. */
export function useEntityActions(query: EntityAccessQuery | null) {
  return useQuery({ ...authQueries.actions(query ?? idle), enabled: query !== null });
}

/** The fields the caller may PATCH on an entity; null fetches nothing. */
export function useEntityEditFields(query: EntityAccessQuery | null) {
  return useQuery({ ...authQueries.editFields(query ?? idle), enabled: query !== null });
}
