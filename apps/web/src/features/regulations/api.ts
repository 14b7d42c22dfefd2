/** Server state of the regulations feature: query factories and the mutations that refresh them. */
import type { regulationsContract, OfficerRole } from '@helder/shared/regulations';
import { regulationsRoutes } from '@helder/shared/regulations/client';
import {
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import { callApi, type ParsedBodyOf, type ParsedParamsOf } from '../../lib/api';
import { authKeys } from '../auth';

/** A regulation's place in the tree, as its contract reads the path. */
export type RegulationPath = ParsedParamsOf<typeof regulationsContract.get>;

const all = ['regulations'] as const;

export const regulationsQueries = {
  /** Every regulation query: what changes beneath a regulation refreshes them all. */
  all: () => all,
  list: (funderId: number) =>
    queryOptions({
      queryKey: [...all, 'list', funderId] as const,
      queryFn: ({ signal }) => callApi(regulationsRoutes.list, { params: { funderId }, signal }),
      select: (data) => data.regulations,
    }),
  /** GET …/regulation/:regulationId: the regulation with its grants, officers and funder. */
  detail: ({ funderId, regulationId }: RegulationPath) =>
    queryOptions({
      queryKey: [...all, 'detail', funderId, regulationId] as const,
      queryFn: ({ signal }) =>
        callApi(regulationsRoutes.get, { params: { funderId, regulationId }, signal }),
    }),
};

export const useRegulations = (funderId: number) => useQuery(regulationsQueries.list(funderId));
export const useRegulation = (path: RegulationPath) => useQuery(regulationsQueries.detail(path));

const refreshList = (queryClient: QueryClient, funderId: number) =>
  queryClient.invalidateQueries({ queryKey: regulationsQueries.list(funderId).queryKey });

export function useCreateRegulation(funderId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ParsedBodyOf<typeof regulationsContract.create>) =>
      callApi(regulationsRoutes.create, { params: { funderId }, body }),
    onSuccess: (regulation) => {
      const path = { funderId, regulationId: regulation.id };
      queryClient.setQueryData(regulationsQueries.detail(path).queryKey, regulation);
      return refreshList(queryClient, funderId);
    },
  });
}

export function useUpdateRegulation(path: RegulationPath) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ParsedBodyOf<typeof regulationsContract.update>) =>
      callApi(regulationsRoutes.update, { params: path, body }),
    onSuccess: (regulation) => {
      queryClient.setQueryData(regulationsQueries.detail(path).queryKey, regulation);
      return refreshList(queryClient, path.funderId);
    },
  });
}

export function useDeleteRegulation(path: RegulationPath) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callApi(regulationsRoutes.remove, { params: path }),
    // The detail stays cached: the closing modal still shows it while it fades out.
    onSuccess: () => refreshList(queryClient, path.funderId),
  });
}

/** PATCH …/officers: replaces the set of one role (grant officer or policy officer). */
export function useSetOfficers(path: RegulationPath, role: OfficerRole) {
  const queryClient = useQueryClient();
  const { queryKey } = regulationsQueries.detail(path);
  return useMutation({
    mutationFn: (userIds: number[]) =>
      callApi(regulationsRoutes.setOfficers, {
        params: path,
        body: { user_ids: userIds, role },
      }),
    onSuccess: async ({ users }) => {
      const key = role === 'grant officer' ? 'grant_officers' : 'policy_officers';
      queryClient.setQueryData(queryKey, (old) => (old ? { ...old, [key]: users } : old));
      // Officers hold rights on the regulation and its grants.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey }),
        queryClient.invalidateQueries({ queryKey: authKeys.all }),
      ]);
    },
  });
}
