/** Server state of the auth feature: login, password flows and entity-access queries. */
import { authContract } from '@helder/shared/auth';
import type { EntityClass } from '@helder/shared/permissions';
import { useMutation, useQuery } from '@tanstack/react-query';
import { ApiError, callApi } from '../../lib/api';
import { getSession, login } from './session';

export interface EntityAccessQuery {
  entity_class: EntityClass;
  entity_id?: number | undefined;
}

export const authKeys = {
  all: ['auth'] as const,
  entityAccess: (query: EntityAccessQuery) => [...authKeys.all, 'entity-access', query] as const,
  actions: (query: EntityAccessQuery) => [...authKeys.entityAccess(query), 'actions'] as const,
  editFields: (query: EntityAccessQuery) =>
    [...authKeys.entityAccess(query), 'edit-fields'] as const,
};

export interface Credentials {
  username: string;
  password: string;
}

/** POST /api/auth/jwt/login (form-encoded); on success the token becomes the session. */
export function useLogin() {
  return useMutation({
    mutationFn: async ({ username, password }: Credentials) => {
      const { access_token } = await callApi(authContract.login, {
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
    const { access_token } = await callApi(authContract.login, {
      body: { username: session.username, password, grant_type: 'password' },
    });
    login(access_token);
  } catch {
    // Deliberately quiet: the password did change; only the session is lost.
  }
}

export function useForgotPassword() {
  return useMutation({
    mutationFn: (email: string) => callApi(authContract.forgotPassword, { body: { email } }),
  });
}

export function useResetPassword() {
  return useMutation({
    mutationFn: (body: { token: string; password: string }) =>
      callApi(authContract.resetPassword, { body }),
  });
}

/** The caller's actions on an entity (or on the class without an id). */
export function useEntityActions(query: EntityAccessQuery | null) {
  return useQuery({
    queryKey: authKeys.actions(query ?? { entity_class: 'User' }),
    queryFn: ({ signal }) =>
      callApi(authContract.actions, { query: query ?? { entity_class: 'User' }, signal }),
    enabled: query !== null,
  });
}

/** The fields the caller may PATCH on an entity. */
export function useEntityEditFields(query: EntityAccessQuery | null) {
  return useQuery({
    queryKey: authKeys.editFields(query ?? { entity_class: 'User' }),
    queryFn: ({ signal }) =>
      callApi(authContract.editFields, { query: query ?? { entity_class: 'User' }, signal }),
    enabled: query !== null,
  });
}
