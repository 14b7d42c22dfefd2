/**
 * The data of the charts that load their own: an initiative's spending over time, a regulation's
 * initiatives and the grants of a funder's regulations, each read as the public pages read them.
 */
import { regulationsRoutes } from '@helder/shared/regulations/client';
import { spendingRoutes } from '@helder/shared/spending/client';
import { useQueries, useQuery } from '@tanstack/react-query';
import { callApi } from '../../lib/api';
import { spentOf, type BudgetItem } from './specs';

const all = ['charts'] as const;

export const useSpendingOverTime = (initiativeId: number) =>
  useQuery({
    queryKey: [...all, 'spending', initiativeId] as const,
    queryFn: ({ signal }) =>
      callApi(spendingRoutes.initiative, {
        params: { initiativeId },
        query: { interval: 'month' },
        signal,
      }),
    select: (data) => data.periods,
  });

export const useRegulationInitiatives = (funderId: number, regulationId: number) =>
  useQuery({
    queryKey: [...all, 'regulation', funderId, regulationId] as const,
    queryFn: ({ signal }) =>
      callApi(spendingRoutes.regulation, { params: { funderId, regulationId }, signal }),
    select: (data): BudgetItem[] =>
      data.initiatives.map((i) => ({
        id: i.id,
        label: i.name,
        group: i.grant.name,
        budget: i.budget,
        spent: spentOf(i.expenses),
      })),
  });

/** The grants of the regulations, one request per regulation, as one result. */
export function useFunderGrants(funderId: number, regulationIds: number[]) {
  return useQueries({
    queries: regulationIds.map((regulationId) => ({
      queryKey: [...all, 'grants', funderId, regulationId] as const,
      queryFn: ({ signal }: { signal: AbortSignal }) =>
        callApi(regulationsRoutes.get, { params: { funderId, regulationId }, signal }),
    })),
    combine: (results) => ({
      isPending: results.some((r) => r.isPending),
      error: results.find((r) => r.isError)?.error ?? null,
      refetch: () => Promise.all(results.map((r) => r.refetch())),
      items: results.flatMap((r): BudgetItem[] =>
        (r.data?.grants ?? []).map((g) => ({
          id: g.id,
          label: g.name,
          group: r.data?.name ?? '',
          budget: g.budget,
          spent: spentOf(g.expenses),
        })),
      ),
    }),
  });
}
