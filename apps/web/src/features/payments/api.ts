/**
 * Server state of the payments of initiatives and activities: their lists (infinite, filtered),
 * one payment, and the mutations (create, edit, delete, add and remove attachments). A change
 * refreshes every payment list, the initiative's and activity's totals (income, expenses) and
 * their media (docs/spec-map.md §4: lists refresh after every successful change).
 */
import { PAGE_SIZE } from '@helder/shared/http/client';
import type { PaymentInput, PaymentPatch, ReviewInput } from '@helder/shared/payments';
import { paymentsRoutes } from '@helder/shared/payments/client';
import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import { useEffect } from 'react';
import { callApi, isApiError, nextOffset } from '../../lib/api';
import { activitiesQueries } from '../activities';
import { useSession } from '../auth';
import { initiativesQueries } from '../initiatives';
import { mediaQueries } from '../media';
import type { PaymentsListFilter } from './filters';
import { usePaymentsFilter } from './routing';
import type { PaymentsScope } from './schemas';

const all = ['payments'] as const;

export const paymentsQueries = {
  all: () => all,
  lists: () => [...all, 'list'] as const,
  /**
   * GET /payments/initiative/{id}[/activity/{activityId}], 20 at a time from offset 0, newest
   * first. The filter is part of the key: a new filter is a new list that starts at page 1. A
   * page with fewer than 20 payments is the last one.
   */
  list: ({ initiativeId, activityId }: PaymentsScope, filter: PaymentsListFilter) =>
    infiniteQueryOptions({
      queryKey: [...paymentsQueries.lists(), initiativeId, activityId ?? null, filter] as const,
      queryFn: async ({ pageParam, signal }) => {
        const query = { ...filter, offset: pageParam, limit: PAGE_SIZE };
        const { payments, totalCount, totals, shielded } =
          activityId === undefined
            ? await callApi(paymentsRoutes.initiative, {
                params: { initiativeId },
                query,
                signal,
              })
            : await callApi(paymentsRoutes.activity, {
                params: { initiativeId, activityId },
                query,
                signal,
              });
        return { payments, totalCount, totals, shielded };
      },
      initialPageParam: 0,
      getNextPageParam: (lastPage, allPages) => nextOffset(lastPage.payments, allPages),
    }),
  detail: (paymentId: number) =>
    queryOptions({
      queryKey: [...all, 'detail', paymentId] as const,
      queryFn: ({ signal }) => callApi(paymentsRoutes.get, { params: { paymentId }, signal }),
    }),
};

export function usePayments(scope: PaymentsScope, filter: PaymentsListFilter) {
  return useInfiniteQuery(paymentsQueries.list(scope, filter));
}

/**
 * The review summary belongs to an initiative (not an activity) and to logged-in readers:
 * visitors never load it (ADR 0027's budget).
 */
export const showsReviewSummary = (loggedIn: boolean, { activityId }: PaymentsScope) =>
  loggedIn && activityId === undefined;

/**
 * Asks for the Transactieoverzicht's first page, and an insider for the initiative's review
 * summary, while the initiative or activity it is on still loads (`shown`: it is the tab shown).
 * The tab mounts only once that has arrived, and the summary's chunk after that; asked for here,
 * the three requests go out together instead of one after another.
 */
export function usePaymentsEarly({ initiativeId, activityId }: PaymentsScope, shown: boolean) {
  const queryClient = useQueryClient();
  const filter = usePaymentsFilter();
  const summary = showsReviewSummary(useSession() !== null, { initiativeId, activityId });
  useEffect(() => {
    if (!shown) return;
    void queryClient.prefetchInfiniteQuery(
      paymentsQueries.list({ initiativeId, activityId }, filter),
    );
    if (summary) void queryClient.prefetchQuery(reviewSummaryQuery(initiativeId));
  }, [queryClient, filter, summary, initiativeId, activityId, shown]);
}

export function usePayment(paymentId: number) {
  return useQuery(paymentsQueries.detail(paymentId));
}

/**
 * After any change: the payment lists (also the /transactions overview's, which live under the
 * same root), the initiatives and activities (their totals) and the media. `keep` is a payment
 * whose detail is not refetched (a deleted one).
 */
function refreshAfterChange(queryClient: QueryClient, keep?: number) {
  const skipped = keep === undefined ? undefined : paymentsQueries.detail(keep).queryKey;
  return Promise.all([
    queryClient.invalidateQueries({
      queryKey: paymentsQueries.all(),
      predicate: (query) =>
        skipped === undefined || JSON.stringify(query.queryKey) !== JSON.stringify(skipped),
    }),
    queryClient.invalidateQueries({ queryKey: initiativesQueries.all() }),
    queryClient.invalidateQueries({ queryKey: activitiesQueries.all() }),
    queryClient.invalidateQueries({ queryKey: mediaQueries.all() }),
  ]);
}

/** POST /payment/{id}/attachments: multipart, field `files` once per file (docs/api-rules.md §1). */
function uploadAttachments(paymentId: number, files: readonly File[]) {
  const body = new FormData();
  for (const file of files) body.append('files', file);
  return callApi(paymentsRoutes.addAttachments, { params: { paymentId }, body });
}

export interface CreatePaymentInput {
  body: PaymentInput;
  files: readonly File[];
}

/**
 * POST /payment, then the attachments to the new payment. The payment stays when only the
 * upload fails: the result says so (`attachmentsFailed`), so the caller can offer it again.
 */
export function useCreatePayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ body, files }: CreatePaymentInput) => {
      const payment = await callApi(paymentsRoutes.create, { body });
      let attachmentsFailed = false;
      if (files.length > 0) {
        try {
          await uploadAttachments(payment.id, files);
        } catch {
          attachmentsFailed = true;
        }
      }
      return { payment, attachmentsFailed };
    },
    onSuccess: ({ payment, attachmentsFailed }) => {
      if (!attachmentsFailed) {
        queryClient.setQueryData(paymentsQueries.detail(payment.id).queryKey, payment);
      }
      return refreshAfterChange(queryClient);
    },
  });
}

/** Thrown by a save when the attachments (not the fields) could not be changed. */
export class AttachmentsError extends Error {
  override readonly name = 'AttachmentsError';
  constructor(override readonly cause: unknown) {
    super('Changing the attachments failed');
  }
}

export interface SavePaymentInput {
  /** Attachments marked for removal. */
  remove: readonly number[];
  /** New files to upload. */
  files: readonly File[];
  /** The changed fields; empty sends no PATCH. */
  patch: PaymentPatch;
  /** Called once the removals are done, and once the upload is done (so a retry skips them). */
  onRemoved?: () => void;
  onUploaded?: () => void;
}

/**
 * Saving the edit form (docs/spec-map.md §4): remove the marked attachments, upload the new ones,
 * then PATCH only the changed fields (nothing when nothing changed). Everything is refreshed
 * afterwards, also after a failure halfway.
 */
export function useSavePayment(paymentId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ remove, files, patch, onRemoved, onUploaded }: SavePaymentInput) => {
      try {
        await Promise.all(
          remove.map((attachmentId) =>
            callApi(paymentsRoutes.removeAttachment, {
              params: { paymentId, attachmentId },
            }).catch((error: unknown) => {
              // Already gone (an earlier try removed it): that is what we wanted.
              if (!(isApiError(error) && error.status === 404)) throw error;
            }),
          ),
        );
        if (remove.length > 0) onRemoved?.();
        if (files.length > 0) {
          await uploadAttachments(paymentId, files);
          onUploaded?.();
        }
      } catch (error) {
        throw new AttachmentsError(error);
      }
      if (Object.keys(patch).length === 0) return null;
      return callApi(paymentsRoutes.update, { params: { paymentId }, body: patch });
    },
    onSuccess: (payment) => {
      if (payment) queryClient.setQueryData(paymentsQueries.detail(paymentId).queryKey, payment);
    },
    onSettled: () => refreshAfterChange(queryClient),
  });
}

/** DELETE /payment/{id}: a manual payment with its attachments. */
export function useDeletePayment(paymentId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callApi(paymentsRoutes.remove, { params: { paymentId } }),
    onSuccess: () => refreshAfterChange(queryClient, paymentId),
  });
}

/**
 * GET /payments/initiative/{id}/review: how much of the initiative's spending the funder reviewed
 * (docs/api-rules.md §20). Under the payments root, so every payment change refreshes it.
 */
export const reviewSummaryQuery = (initiativeId: number) =>
  queryOptions({
    queryKey: [...all, 'review-summary', initiativeId] as const,
    queryFn: ({ signal }) =>
      callApi(paymentsRoutes.reviewSummary, { params: { initiativeId }, signal }),
  });

/** PUT (approve or reject) and DELETE (reopen) /payment/{id}/review. */
export function useReviewPayment(paymentId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (verdict: ReviewInput | null) =>
      verdict === null
        ? callApi(paymentsRoutes.reopen, { params: { paymentId } })
        : callApi(paymentsRoutes.review, { params: { paymentId }, body: verdict }),
    onSuccess: (payment) => {
      queryClient.setQueryData(paymentsQueries.detail(paymentId).queryKey, payment);
      return refreshAfterChange(queryClient, paymentId);
    },
  });
}
