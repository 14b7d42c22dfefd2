/** Server state of the grants feature: the grant query and the grant mutations. */
import { grantsContract, type Grant } from '@helder/shared/grants';
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { callApi } from '../../lib/api';
import { authKeys } from '../auth';
import { regulationsKeys } from '../regulations';

export const grantsKeys = {
  all: ['grants'] as const,
  detail: (funderId: number, regulationId: number, grantId: number) =>
    [...grantsKeys.all, 'detail', funderId, regulationId, grantId] as const,
};

export interface GrantInput {
  name: string;
  reference: string;
  budget: number;
}

interface RegulationPath {
  funderId: number;
  regulationId: number;
}

interface GrantPath extends RegulationPath {
  grantId: number;
}

/** The regulation's detail holds the grant list: refetch it after every grant change. */
const refreshRegulation = (queryClient: QueryClient, path: RegulationPath) =>
  queryClient.invalidateQueries({
    queryKey: regulationsKeys.detail(path.funderId, path.regulationId),
  });

export function useGrant(path: GrantPath) {
  return useQuery({
    queryKey: grantsKeys.detail(path.funderId, path.regulationId, path.grantId),
    queryFn: ({ signal }) =>
      callApi(grantsContract.get, {
        params: path,
        signal,
      }),
  });
}

export function useCreateGrant(path: RegulationPath) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: GrantInput) => callApi(grantsContract.create, { params: path, body }),
    onSuccess: (grant) => {
      queryClient.setQueryData(
        grantsKeys.detail(path.funderId, path.regulationId, grant.id),
        grant,
      );
      return refreshRegulation(queryClient, path);
    },
  });
}

export function useUpdateGrant(path: GrantPath) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: GrantInput) => callApi(grantsContract.update, { params: path, body }),
    onSuccess: (grant) => {
      queryClient.setQueryData(
        grantsKeys.detail(path.funderId, path.regulationId, grant.id),
        grant,
      );
      return refreshRegulation(queryClient, path);
    },
  });
}

export function useDeleteGrant(path: GrantPath) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callApi(grantsContract.remove, { params: path }),
    // The detail stays cached: the closing modal still shows it while it fades out.
    onSuccess: () => refreshRegulation(queryClient, path),
  });
}

/** PATCH …/grant/:grantId/overseers: replaces the grant's overseers (penvoerders). */
export function useSetOverseers(path: GrantPath) {
  const queryClient = useQueryClient();
  const key = grantsKeys.detail(path.funderId, path.regulationId, path.grantId);
  return useMutation({
    mutationFn: (userIds: number[]) =>
      callApi(grantsContract.setOverseers, {
        params: path,
        body: { user_ids: userIds },
      }),
    onSuccess: async ({ users }) => {
      queryClient.setQueryData<Grant>(key, (old) => (old ? { ...old, overseers: users } : old));
      // Overseers hold rights on the grant's initiatives.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: key }),
        queryClient.invalidateQueries({ queryKey: authKeys.all }),
      ]);
    },
  });
}
