/**
 * Server state of the Transactieoverzicht of /transactions (docs/spec-map.md §2.9, §4): the
 * payments the user may link or manage (GET /api/payments/user/:userId, 20 a page, filtered), the
 * targets the caller may link to, and the link mutation (one or more PATCHes, a save or its undo).
 * A link changes the totals of the initiatives and activities on both sides and every payment
 * list, so those are refreshed.
 */
import { bankAccountsRoutes } from '@helder/shared/bank-accounts/client';
import { PAGE_SIZE } from '@helder/shared/http/client';
import type { paymentsContract, UserPayment } from '@helder/shared/payments';
import { paymentsRoutes, UNLINK_ID } from '@helder/shared/payments/client';
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
import { callApi, type ResponseOf } from '../../lib/api';
import { activitiesQueries } from '../activities';
import { authKeys } from '../auth';
import { initiativesQueries } from '../initiatives';

/**
 * The overview's filters; '' = no filter. Sent as search (the top bar's) / iban /
 * initiative_name / activity_name, and unlinked ('Niet gekoppeld').
 */
export interface OverviewFilters {
  search: string;
  iban: string;
  initiative: string;
  activity: string;
  unlinked: boolean;
}

export const NO_FILTERS: OverviewFilters = {
  search: '',
  iban: '',
  initiative: '',
  activity: '',
  unlinked: false,
};

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
   * The user's payments, 20 at a time; a new filter is a new query, so it starts at page 1. The
   * next page follows the last payment of the one before (`after`), not an offset: a payment
   * linked meanwhile leaves the unlinked list, and an offset would then skip one. A page with
   * fewer than 20 payments is the last one.
   */
  userList: (userId: number, filters: OverviewFilters) =>
    infiniteQueryOptions({
      queryKey: [...linkingQueries.userLists(userId), filters] as const,
      queryFn: ({ pageParam, signal }) =>
        callApi(paymentsRoutes.user, {
          params: { userId },
          query: {
            limit: PAGE_SIZE,
            after: pageParam,
            search: filters.search || undefined,
            iban: filters.iban || undefined,
            initiative_name: filters.initiative || undefined,
            activity_name: filters.activity || undefined,
            unlinked: filters.unlinked || undefined,
          },
          signal,
        }),
      initialPageParam: undefined as number | undefined,
      getNextPageParam: (lastPage) =>
        lastPage.payments.length < PAGE_SIZE ? undefined : lastPage.payments.at(-1)?.id,
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

export function useLinkableInitiatives({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...linkingQueries.linkableInitiatives(), enabled });
}

/** The initiative's linkable activities; nothing is fetched without an initiative. */
export function useLinkableActivities(initiativeId: number | null) {
  return useQuery({
    ...linkingQueries.linkableActivities(initiativeId ?? 0),
    enabled: initiativeId !== null,
  });
}

type LinkedPayment = ResponseOf<typeof paymentsContract.linkInitiative>;

/** What a payment is linked to: an initiative, and within it an activity; null is none. */
export interface LinkState {
  initiativeId: number | null;
  activityId: number | null;
}

/** A payment taken from one link to another: a save, or undoing one. */
export interface LinkChange {
  paymentId: number;
  from: LinkState;
  to: LinkState;
}

export const linkOf = (row: UserPayment): LinkState => ({
  initiativeId: row.initiative_id,
  activityId: row.initiative_id === null ? null : row.activity_id,
});

export const sameLink = (a: LinkState, b: LinkState) =>
  a.initiativeId === b.initiativeId && a.activityId === b.activityId;

/**
 * The calls from one link to another, in the order the API allows them (docs/api-rules.md §5):
 * the initiative changes only while no activity is linked, an activity only within the linked
 * initiative. -1 unlinks.
 */
function linkCalls({ paymentId, from, to }: LinkChange): (() => Promise<LinkedPayment>)[] {
  const calls: (() => Promise<LinkedPayment>)[] = [];
  const activity = (initiativeId: number, activityId: number) => () =>
    callApi(paymentsRoutes.linkActivity, {
      params: { paymentId },
      body: { initiative_id: initiativeId, activity_id: activityId },
    });
  const initiativeMoves = from.initiativeId !== to.initiativeId;
  let activityId = from.activityId;
  if (from.initiativeId !== null && activityId !== null && (initiativeMoves || !to.activityId)) {
    calls.push(activity(from.initiativeId, UNLINK_ID));
    activityId = null;
  }
  if (initiativeMoves) {
    calls.push(() =>
      callApi(paymentsRoutes.linkInitiative, {
        params: { paymentId },
        body: { initiative_id: to.initiativeId ?? UNLINK_ID },
      }),
    );
  }
  if (to.initiativeId !== null && to.activityId !== null && to.activityId !== activityId) {
    calls.push(activity(to.initiativeId, to.activityId));
  }
  return calls;
}

/** The user's payment lists with the payment's new links; 'Niet gekoppeld (n)' counts along. */
function putLinked(queryClient: QueryClient, userId: number, linked: LinkedPayment) {
  queryClient.setQueriesData<InfiniteData<UserPaymentsPage>>(
    { queryKey: linkingQueries.userLists(userId) },
    (data) => {
      const before = data?.pages
        .flatMap((page) => page.payments)
        .find((row) => row.id === linked.id);
      if (!data || !before) return data;
      const wasUnlinked = before.initiative_id === null;
      const isUnlinked = linked.initiative_id === null;
      const delta = Number(isUnlinked) - Number(wasUnlinked);
      return {
        ...data,
        pages: data.pages.map((page) => ({
          ...page,
          unlinkedCount: Math.max(0, page.unlinkedCount + delta),
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
      };
    },
  );
}

/**
 * Puts the answers' links into the cached rows at once, then refreshes what the link changed.
 * The user's lists are only marked stale, not read again now: a linked payment stays in the
 * unlinked list in view (showing its link, so it can be undone) until the list is next read.
 */
async function afterLink(
  queryClient: QueryClient,
  userId: number,
  linked: readonly LinkedPayment[],
) {
  for (const payment of linked) putLinked(queryClient, userId, payment);
  await Promise.all([
    queryClient.invalidateQueries({
      queryKey: payments,
      refetchType: 'none',
    }),
    queryClient.invalidateQueries({ queryKey: initiativesQueries.all() }),
    queryClient.invalidateQueries({ queryKey: activitiesQueries.all() }),
  ]);
}

/**
 * Takes a payment from one link to another: PATCH /api/payment/:paymentId/initiative
 * {initiative_id} and …/activity {initiative_id, activity_id} as needed. Each mutation has its
 * own state, so a row's error stays the row's. When a later call fails, what the earlier ones
 * changed is still shown.
 */
export function useRelink(userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (change: LinkChange) => {
      let linked: LinkedPayment | undefined;
      try {
        for (const call of linkCalls(change)) linked = await call();
      } finally {
        if (linked) await afterLink(queryClient, userId, [linked]);
      }
      return linked;
    },
    // Linking failures are only logged (docs/spec-map.md §8); the row says it is unchanged.
    onError: (error) => console.error('Linking the payment failed', error),
  });
}

/**
 * Takes many payments to new links at once: POST /api/payments/links, all or nothing. Undoing
 * sends the changes back the other way through the same call.
 */
export function useBulkLink(userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (changes: readonly LinkChange[]) => {
      const { payments: linked } = await callApi(paymentsRoutes.bulkLink, {
        body: {
          links: changes.map(({ paymentId, to }) => ({
            payment_id: paymentId,
            initiative_id: to.initiativeId,
            activity_id: to.activityId,
          })),
        },
      });
      await afterLink(queryClient, userId, linked);
      return linked;
    },
    onError: (error) => console.error('Linking the payments failed', error),
  });
}
