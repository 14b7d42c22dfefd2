/** Server state of the grants feature: the grant query factory and the grant mutations. */
import type { grantsContract } from '@helder/shared/grants';
import { grantsRoutes } from '@helder/shared/grants/client';
import {
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import { callApi, type ParsedBodyOf, type ParsedParamsOf } from '../../lib/api';
import { authKeys } from '../auth';
import { regulationsQueries, type RegulationPath } from '../regulations';

/** A grant's place in the tree, as its contract reads the path. */
export type GrantPath = ParsedParamsOf<typeof grantsContract.get>;

const grantsQueries = {
  detail: ({ funderId, regulationId, grantId }: GrantPath) =>
    queryOptions({
      queryKey: ['grants', 'detail', funderId, regulationId, grantId] as const,
      queryFn: ({ signal }) =>
        callApi(grantsRoutes.get, { params: { funderId, regulationId, grantId }, signal }),
    }),
};

export const useGrant = (path: GrantPath) => useQuery(grantsQueries.detail(path));

/** The regulation's detail holds the grant list: refetch it after every grant change. */
const refreshRegulation = (queryClient: QueryClient, { funderId, regulationId }: RegulationPath) =>
  queryClient.invalidateQueries({
    queryKey: regulationsQueries.detail({ funderId, regulationId }).queryKey,
  });

export function useCreateGrant(path: RegulationPath) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ParsedBodyOf<typeof grantsContract.create>) =>
      callApi(grantsRoutes.create, { params: path, body }),
    onSuccess: (grant) => {
      const { queryKey } = grantsQueries.detail({ ...path, grantId: grant.id });
      queryClient.setQueryData(queryKey, grant);
      return refreshRegulation(queryClient, path);
    },
  });
}

export function useUpdateGrant(path: GrantPath) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ParsedBodyOf<typeof grantsContract.update>) =>
      callApi(grantsRoutes.update, { params: path, body }),
    onSuccess: (grant) => {
      queryClient.setQueryData(grantsQueries.detail(path).queryKey, grant);
      return refreshRegulation(queryClient, path);
    },
  });
}

export function useDeleteGrant(path: GrantPath) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callApi(grantsRoutes.remove, { params: path }),
    // The detail stays cached: the closing modal still shows it while it fades out.
    onSuccess: () => refreshRegulation(queryClient, path),
  });
}

/** PATCH …/grant/:grantId/overseers: replaces the grant's overseers (penvoerders). */
export function useSetOverseers(path: GrantPath) {
  const queryClient = useQueryClient();
  const { queryKey } = grantsQueries.detail(path);
  return useMutation({
    mutationFn: (userIds: number[]) =>
      callApi(grantsRoutes.setOverseers, { params: path, body: { user_ids: userIds } }),
    onSuccess: async ({ users }) => {
      queryClient.setQueryData(queryKey, (old) => (old ? { ...old, overseers: users } : old));
      // Overseers hold rights on the grant's initiatives.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey }),
        queryClient.invalidateQueries({ queryKey: authKeys.all }),
      ]);
    },
  });
}
