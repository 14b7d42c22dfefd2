/** Server state of the regulations feature: query keys, queries and mutations. */
import { regulationsContract, type OfficerRole, type Regulation } from '@helder/shared/regulations';
import { usersContract } from '@helder/shared/users';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PickedUser } from '../../components/ui/UserPicker';
import { callApi } from '../../lib/api';
import { authKeys } from '../auth';

export const regulationsKeys = {
  all: ['regulations'] as const,
  list: (funderId: number) => [...regulationsKeys.all, 'list', funderId] as const,
  detail: (funderId: number, regulationId: number) =>
    [...regulationsKeys.all, 'detail', funderId, regulationId] as const,
};

export interface RegulationInput {
  name: string;
  description: string;
}

export function useRegulations(funderId: number) {
  return useQuery({
    queryKey: regulationsKeys.list(funderId),
    queryFn: ({ signal }) => callApi(regulationsContract.list, { params: { funderId }, signal }),
    select: (data) => data.regulations,
  });
}

/** GET …/regulation/:regulationId: the regulation with its grants, officers and funder. */
export function useRegulation(funderId: number, regulationId: number) {
  return useQuery({
    queryKey: regulationsKeys.detail(funderId, regulationId),
    queryFn: ({ signal }) =>
      callApi(regulationsContract.get, { params: { funderId, regulationId }, signal }),
  });
}

export function useCreateRegulation(funderId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RegulationInput) =>
      callApi(regulationsContract.create, { params: { funderId }, body }),
    onSuccess: (regulation) => {
      queryClient.setQueryData(regulationsKeys.detail(funderId, regulation.id), regulation);
      return queryClient.invalidateQueries({ queryKey: regulationsKeys.list(funderId) });
    },
  });
}

export function useUpdateRegulation(funderId: number, regulationId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RegulationInput) =>
      callApi(regulationsContract.update, { params: { funderId, regulationId }, body }),
    onSuccess: (regulation) => {
      queryClient.setQueryData(regulationsKeys.detail(funderId, regulationId), regulation);
      return queryClient.invalidateQueries({ queryKey: regulationsKeys.list(funderId) });
    },
  });
}

export function useDeleteRegulation(funderId: number, regulationId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callApi(regulationsContract.remove, { params: { funderId, regulationId } }),
    // The detail stays cached: the closing modal still shows it while it fades out.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: regulationsKeys.list(funderId) }),
  });
}

/** PATCH …/officers: replaces the set of one role (grant officer or policy officer). */
export function useSetOfficers(funderId: number, regulationId: number, role: OfficerRole) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userIds: number[]) =>
      callApi(regulationsContract.setOfficers, {
        params: { funderId, regulationId },
        body: { user_ids: userIds, role },
      }),
    onSuccess: async ({ users }) => {
      const key = role === 'grant officer' ? 'grant_officers' : 'policy_officers';
      queryClient.setQueryData<Regulation>(regulationsKeys.detail(funderId, regulationId), (old) =>
        old ? { ...old, [key]: users } : old,
      );
      // Officers hold rights on the regulation and its grants.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: regulationsKeys.detail(funderId, regulationId) }),
        queryClient.invalidateQueries({ queryKey: authKeys.all }),
      ]);
    },
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
  const { users } = await callApi(usersContract.list, { query: { email, limit: 10 }, signal });
  return users.map(toPickedUser);
}
