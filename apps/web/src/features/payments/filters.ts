/**
 * The filter of an initiative's or activity's payments (docs/spec-map.md §2.7): start and end
 * day, minimum and maximum amount, route, and expenses without a receipt. It lives in the URL's search parameters of the tab (and
 * of the payment modals opened from it), so it survives a reload and the filter modal can read
 * and write it. Only filled values are kept and sent; amounts are written with a dot.
 */
import { MAX_AMOUNT_EUROS } from '@helder/shared/money';
import type { PaymentRoute } from '@helder/shared/payments';
import { PAYMENT_ROUTES } from '@helder/shared/payments/client';
import { isIsoDay, type IsoDay } from '../../lib/dates';

export interface PaymentsListFilter {
  start_date?: IsoDay;
  end_date?: IsoDay;
  /** Euros as a plain decimal with a dot: '12.5'. */
  min_amount?: string;
  max_amount?: string;
  route?: PaymentRoute;
  /** 'Zonder bon': only expenses without a receipt (docs/api-rules.md §22). */
  receipt?: 'missing';
}

export type FilterKey = keyof PaymentsListFilter;
/** In the order the filter modal and the chips show them. */
export const FILTER_KEYS = [
  'start_date',
  'end_date',
  'min_amount',
  'max_amount',
  'route',
  'receipt',
] as const satisfies readonly FilterKey[];

const isRoute = (value: string): value is PaymentRoute =>
  (PAYMENT_ROUTES as readonly string[]).includes(value);

/** A euro amount as the URL and the API take it: '1234.5', never '1.234,50'. */
export function amountParam(euros: number): string {
  return String(Math.round(euros * 100) / 100);
}

function isAmountParam(text: string): boolean {
  if (!/^\d{1,9}(\.\d{1,2})?$/.test(text)) return false;
  return Number(text) <= MAX_AMOUNT_EUROS;
}

/** The filter in a URL's search parameters; unknown, empty and malformed values are left out. */
export function filterFromSearch(search: URLSearchParams): PaymentsListFilter {
  const filter: PaymentsListFilter = {};
  const start = search.get('start_date');
  const end = search.get('end_date');
  const min = search.get('min_amount');
  const max = search.get('max_amount');
  const route = search.get('route');
  if (start && isIsoDay(start)) filter.start_date = start;
  if (end && isIsoDay(end)) filter.end_date = end;
  if (min && isAmountParam(min)) filter.min_amount = min;
  if (max && isAmountParam(max)) filter.max_amount = max;
  if (route && isRoute(route)) filter.route = route;
  if (search.get('receipt') === 'missing') filter.receipt = 'missing';
  return filter;
}

/** The search parameters of a filter: only its filled values, in a fixed order. */
export function filterToSearch(filter: PaymentsListFilter): URLSearchParams {
  const search = new URLSearchParams();
  for (const key of FILTER_KEYS) {
    const value = filter[key];
    if (value !== undefined && value !== '') search.set(key, value);
  }
  return search;
}

/** '?start_date=…' or '' for no filter. */
export function searchText(filter: PaymentsListFilter): string {
  const text = filterToSearch(filter).toString();
  return text ? `?${text}` : '';
}

export function isFilterEmpty(filter: PaymentsListFilter): boolean {
  return FILTER_KEYS.every((key) => filter[key] === undefined);
}

/** The filter without one of its values (a chip's remove button). */
export function withoutKey(filter: PaymentsListFilter, key: FilterKey): PaymentsListFilter {
  const { [key]: _removed, ...rest } = filter;
  return rest;
}
