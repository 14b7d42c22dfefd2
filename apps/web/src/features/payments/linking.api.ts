/**
 * Server state of the Transactieoverzicht of /transactions (docs/spec-map.md §2.9, §4): the
 * payments the user may link or manage (GET /api/payments/user/:userId, 20 a page, filtered), the
 * targets the caller may link to, and the two link mutations. A link changes the totals of the
 * initiatives and activities on both sides and every payment list, so those are refreshed.
 */
import { bankAccountsRoutes } from '@helder/shared/bank-accounts/client';
import { PAGE_SIZE } from '@helder/shared/http/client';
import type { paymentsContract } from '@helder/shared/payments';
import { paymentsRoutes } from '@helder/shared/payments/client';
import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type InfiniteData,
  type QueryClient,
} from '@tanstack/react-query';
import { callApi, nextOffset, type ResponseOf } from '../../lib/api';
import { activitiesQueries } from '../activities';
import { authKeys } from '../auth';
import { initiativesQueries } from '../initiatives';

/**
 * The overview's filters; '' = no filter. Sent as search (the top bar's) / iban /
 * initiative_name / activity_name.
 */
export interface OverviewFilters {
  search: string;
  iban: string;
  initiative: string;
  activity: string;
}

export const NO_FILTERS: OverviewFilters = { search: '', iban: '', initiative: '', activity: '' };

type UserPaymentsPage = ResponseOf<typeof paymentsContract.user>;

/** Every payment list of the web app lives under this key (the initiative tabs' lists too). */
const payments = ['payments'] as const;
/** Link targets follow the caller's rights, so they refresh with the other permission answers. */
const linkTargets = [...authKeys.all, 'entity-access', 'link-targets'] as const;

/** Link targets change rarely: one answer serves every row for a minute. */
const TARGETS_STALE_MS = 60_000;

const linkingQueries = {
  userLists: (userId: number) => [...payments, 'user', userId] as const,
  /**
   * The user's payments, 20 at a time from offset 0; a new filter is a new query, so it starts at
   * page 1. A page with fewer than 20 payments is the last one.
   */
  userList: (userId: number, filters: OverviewFilters) =>
    infiniteQueryOptions({
      queryKey: [...linkingQueries.userLists(userId), filters] as const,
      queryFn: ({ pageParam, signal }) =>
        callApi(paymentsRoutes.user, {
          params: { userId },
          query: {
            offset: pageParam,
            limit: PAGE_SIZE,
            search: filters.search || undefined,
            iban: filters.iban || undefined,
            initiative_name: filters.initiative || undefined,
            activity_name: filters.activity || undefined,
          },
          signal,
        }),
      initialPageParam: 0,
      getNextPageParam: (lastPage, allPages) => nextOffset(lastPage.payments, allPages),
    }),
  linkableInitiatives: () =>
    queryOptions({
      queryKey: [...linkTargets, 'initiatives'] as const,
      queryFn: async ({ signal }) => {
        const { initiatives } = await callApi(paymentsRoutes.linkableInitiatives, { signal });
        return initiatives;
      },
      staleTime: TARGETS_STALE_MS,
    }),
  /**
   * The numbers of the caller's own and shared accounts (GET /api/user/:userId/bank-accounts),
   * written without spaces in capitals: the IBAN filter offers every one of them, not only those
   * of the payments loaded so far. Not under the payment lists' key: their updates expect pages.
   */
  accountIbans: (userId: number) =>
    queryOptions({
      queryKey: ['bank-account-ibans', userId] as const,
      queryFn: async ({ signal }) => {
        const { ownedBankAccounts, usedBankAccounts } = await callApi(bankAccountsRoutes.list, {
          params: { userId },
          signal,
        });
        return [...ownedBankAccounts, ...usedBankAccounts].map((account) =>
          normalIban(account.iban),
        );
      },
    }),
  linkableActivities: (initiativeId: number) =>
    queryOptions({
      queryKey: [...linkTargets, 'activities', initiativeId] as const,
      queryFn: async ({ signal }) => {
        const { activities } = await callApi(paymentsRoutes.linkableActivities, {
          params: { initiativeId },
          signal,
        });
        return activities;
      },
      staleTime: TARGETS_STALE_MS,
    }),
};

/** An IBAN as the filter sends and compares it: no spaces, capitals (docs/api-rules.md §5). */
export const normalIban = (iban: string) => iban.replace(/\s/g, '').toUpperCase();

export function useAccountIbans(userId: number) {
  return useQuery(linkingQueries.accountIbans(userId));
}

export function useUserPayments(userId: number, filters: OverviewFilters) {
  return useInfiniteQuery(linkingQueries.userList(userId, filters));
}

/**
 * The unfiltered list as far as it is cached, without fetching it: the filter dropdowns keep
 * offering the values seen before a filter narrowed the rows.
 */
export function useCachedUnfilteredPayments(userId: number) {
  return useInfiniteQuery({ ...linkingQueries.userList(userId, NO_FILTERS), enabled: false });
}

export function useLinkableInitiatives() {
  return useQuery(linkingQueries.linkableInitiatives());
}

/** The initiative's linkable activities; nothing is fetched without an initiative. */
export function useLinkableActivities(initiativeId: number | null) {
  return useQuery({
    ...linkingQueries.linkableActivities(initiativeId ?? 0),
    enabled: initiativeId !== null,
  });
}

type LinkedPayment = ResponseOf<typeof paymentsContract.linkInitiative>;

/** Puts the answer's links into the cached rows at once, then refreshes what the link changed. */
async function afterLink(queryClient: QueryClient, userId: number, linked: LinkedPayment) {
  queryClient.setQueriesData<InfiniteData<UserPaymentsPage>>(
    { queryKey: linkingQueries.userLists(userId) },
    (data) =>
      data && {
        ...data,
        pages: data.pages.map((page) => ({
          ...page,
          payments: page.payments.map((row) =>
            row.id === linked.id
              ? {
                  ...row,
                  initiative_id: linked.initiative_id,
                  initiative_name: linked.initiative_name,
                  activity_id: linked.activity_id,
                  activity_name: linked.activity_name,
                }
              : row,
          ),
        })),
      },
  );
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: payments }),
    queryClient.invalidateQueries({ queryKey: initiativesQueries.all() }),
    queryClient.invalidateQueries({ queryKey: activitiesQueries.all() }),
  ]);
}

/** What a row's dropdown chose: a target id, or UNLINK_ID ('Verbreek verbinding'). */
export type LinkChoice =
  | { kind: 'initiative'; initiativeId: number }
  | { kind: 'activity'; initiativeId: number; activityId: number };

/**
 * PATCH /api/payment/:paymentId/initiative {initiative_id} or …/activity {initiative_id,
 * activity_id}; -1 unlinks. One mutation per row: its error belongs to that row.
 */
export function useLinkPayment(userId: number, paymentId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (choice: LinkChoice) =>
      choice.kind === 'initiative'
        ? callApi(paymentsRoutes.linkInitiative, {
            params: { paymentId },
            body: { initiative_id: choice.initiativeId },
          })
        : callApi(paymentsRoutes.linkActivity, {
            params: { paymentId },
            body: { initiative_id: choice.initiativeId, activity_id: choice.activityId },
          }),
    onSuccess: (linked) => afterLink(queryClient, userId, linked),
    // Linking failures are only logged (docs/spec-map.md §8); the row says it is unchanged.
    onError: (error) => console.error('Linking the payment failed', error),
  });
}
