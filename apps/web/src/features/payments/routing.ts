/**
 * Where the payment screens are: the scope (initiative, or activity) from the route, the filter
 * from the search parameters, and the Transactieoverzicht tab the payment modals return to (with
 * the filter, so the list under a modal and after it stays the same).
 */
import { useMemo } from 'react';
import { useLocation, useParams, useSearchParams } from 'react-router';
import { parseId } from '../../lib/params';
import { paths } from '../../lib/paths';
import { filterFromSearch, type PaymentsListFilter } from './filters';
import type { PaymentsScope } from './schemas';

/** The initiative, and the activity when the route has one. A malformed id is a route error. */
export function usePaymentsScope(): PaymentsScope {
  const { initiativeId: initiativeText, activityId: activityText } = useParams();
  const initiativeId = parseId(initiativeText);
  const activityId = activityText === undefined ? undefined : parseId(activityText);
  if (initiativeId === null || activityId === null) {
    throw new Error(`Invalid route parameters: ${initiativeText}, ${activityText}`);
  }
  return useMemo(() => ({ initiativeId, activityId }), [initiativeId, activityId]);
}

/** The filter of the current URL. */
export function usePaymentsFilter(): PaymentsListFilter {
  const [search] = useSearchParams();
  const text = search.toString();
  // The same filter object while the search parameters stay the same.
  return useMemo(() => filterFromSearch(new URLSearchParams(text)), [text]);
}

/** The Transactieoverzicht tab of a scope, with the current search (the filter). */
export function useReturnToPayments({ initiativeId, activityId }: PaymentsScope): string {
  const { search } = useLocation();
  return `${paths.paymentsTab(initiativeId, activityId)}${search}`;
}

/** Navigation state the payment modals return with: which payment was just saved. */
export interface SavedPaymentState {
  saved: { id: number; created: boolean };
}

/** The payment a modal just saved, from the navigation state of the tab it returned to. */
export function useSavedPayment(): SavedPaymentState['saved'] | null {
  const state = useLocation().state as Partial<SavedPaymentState> | null;
  const saved = state?.saved;
  return saved && typeof saved.id === 'number' ? saved : null;
}
