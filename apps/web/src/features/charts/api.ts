/**
 * The data of the charts that load their own: an initiative's spending over time, a regulation's
 * initiatives and the grants of a funder's regulations, each read as the public pages read them.
 */
import { regulationsRoutes } from '@helder/shared/regulations/client';
import { spendingRoutes } from '@helder/shared/spending/client';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../lib/api';
import type { BudgetItem } from './specs';

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
        expenses: i.expenses,
      })),
  });

/**
 * The grants of a funder's regulations, as each regulation's page lists them: one request per
 * regulation, answered together.
 */
export const useFunderGrants = (funderId: number, regulationIds: number[]) =>
  useQuery({
    queryKey: [...all, 'grants', funderId, regulationIds] as const,
    queryFn: ({ signal }) =>
      Promise.all(
        regulationIds.map((regulationId) =>
          callApi(regulationsRoutes.get, { params: { funderId, regulationId }, signal }),
        ),
      ),
    select: (regulations): BudgetItem[] =>
      regulations.flatMap((regulation) =>
        regulation.grants.map((grant) => ({
          id: grant.id,
          label: grant.name,
          group: regulation.name,
          budget: grant.budget,
          expenses: grant.expenses,
        })),
      ),
  });
