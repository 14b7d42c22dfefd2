/**
 * Server state of the receipt inbox (docs/api-rules.md §22): the caller's unmatched receipts of an
 * initiative (or their own), polled while one is still being read; confirming matches, recording
 * an expense from a receipt and removing one (dropping files is receipts.upload.ts). A match
 * changes payments: their lists, totals and media are refreshed as after any payment change.
 */
import { receiptsRoutes } from '@helder/shared/receipts/client';
import type { InboxReceipt, PaymentFromReceipt } from '@helder/shared/receipts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../lib/api';
import { mediaQueries } from '../media';
import { paymentsQueries } from './api';

/** The list polls this often while a receipt is read, and stops after POLL_LIMIT tries. */
const POLL_MS = 1500;
const POLL_LIMIT = 80;

export const inboxKey = (initiativeId?: number) => ['receipt-inbox', initiativeId ?? null] as const;
export const scopeQuery = (initiativeId?: number) =>
  initiativeId === undefined ? {} : { initiative_id: initiativeId };

export const isQueued = (receipt: InboxReceipt) => receipt.reading?.status === 'queued';

export function useInbox(initiativeId?: number) {
  return useQuery({
    queryKey: inboxKey(initiativeId),
    queryFn: ({ signal }) =>
      callApi(receiptsRoutes.list, { query: scopeQuery(initiativeId), signal }),
    refetchInterval: (query) =>
      query.state.data?.receipts.some(isQueued) && query.state.dataUpdateCount < POLL_LIMIT
        ? POLL_MS
        : false,
  });
}

function useRefresh(initiativeId?: number) {
  const queryClient = useQueryClient();
  return (changedPayments: boolean) =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: inboxKey(initiativeId) }),
      ...(changedPayments
        ? [
            queryClient.invalidateQueries({ queryKey: paymentsQueries.all() }),
            queryClient.invalidateQueries({ queryKey: mediaQueries.all() }),
          ]
        : []),
    ]);
}

export interface ReceiptMatch {
  receipt_id: number;
  payment_id: number;
}

/** Attaches every chosen receipt to its payment, all or none. */
export function useConfirmMatches(initiativeId?: number) {
  const refresh = useRefresh(initiativeId);
  return useMutation({
    mutationFn: (matches: ReceiptMatch[]) =>
      callApi(receiptsRoutes.matchAll, { body: { matches } }),
    onSuccess: () => refresh(true),
  });
}

/** A manual expense from the receipt, as the person confirmed it, with the receipt attached. */
export function usePaymentFromReceipt(initiativeId?: number) {
  const refresh = useRefresh(initiativeId);
  return useMutation({
    mutationFn: ({ receiptId, body }: { receiptId: number; body: PaymentFromReceipt }) =>
      callApi(receiptsRoutes.createPayment, { params: { receiptId }, body }),
    onSuccess: () => refresh(true),
  });
}

export function useRemoveReceipt(initiativeId?: number) {
  const refresh = useRefresh(initiativeId);
  return useMutation({
    mutationFn: (receiptId: number) => callApi(receiptsRoutes.remove, { params: { receiptId } }),
    onSuccess: () => refresh(false),
  });
}
