/**
 * The filter of an initiative's or activity's payments (docs/spec-map.md §2.7): start and end
 * day, minimum and maximum amount, route. It lives in the URL's search parameters of the tab (and
 * of the payment modals opened from it), so it survives a reload and the filter modal can read
 * and write it. Only filled values are kept and sent; amounts are written with a dot.
 */
import { hasAtMostTwoDecimals, MAX_AMOUNT_EUROS, parseAmount } from '@helder/shared/money';
import { PAYMENT_ROUTES, type PaymentRoute } from '@helder/shared/payments';
import { z } from 'zod';
import { dayToText, isIsoDay, parseDayText, type IsoDay } from './dates';

export interface PaymentsListFilter {
  start_date?: IsoDay;
  end_date?: IsoDay;
  /** Euros as a plain decimal with a dot: '12.5'. */
  min_amount?: string;
  max_amount?: string;
  route?: PaymentRoute;
}

export type FilterKey = keyof PaymentsListFilter;
/** In the order the filter modal and the chips show them. */
export const FILTER_KEYS = [
  'start_date',
  'end_date',
  'min_amount',
  'max_amount',
  'route',
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

// The filter modal's form.

export type FilterMessageKey =
  | 'filter.validation.dateInvalid'
  | 'filter.validation.amountInvalid'
  | 'filter.validation.minAboveMax'
  | 'filter.validation.startAfterEnd';

/** What the filter modal's inputs hold: days as typed (dd-mm-jjjj), amounts as typed. */
export interface FilterFormValues {
  start_date: string;
  end_date: string;
  min_amount: string;
  max_amount: string;
  route: '' | PaymentRoute;
}

export function filterToForm(filter: PaymentsListFilter): FilterFormValues {
  return {
    start_date: filter.start_date ? dayToText(filter.start_date) : '',
    end_date: filter.end_date ? dayToText(filter.end_date) : '',
    min_amount: filter.min_amount?.replace('.', ',') ?? '',
    max_amount: filter.max_amount?.replace('.', ',') ?? '',
    route: filter.route ?? '',
  };
}

const dayField = z
  .string()
  .trim()
  .refine((text) => text === '' || parseDayText(text) !== null, {
    message: 'filter.validation.dateInvalid' satisfies FilterMessageKey,
  })
  .transform((text) => (text === '' ? undefined : (parseDayText(text) ?? undefined)));

/** An amount filter: empty, or 0 or more with at most two decimals ('12,50' and '12.50'). */
const amountField = z
  .string()
  .transform((text) => parseAmount(text))
  .refine(
    (euros) =>
      euros === null ||
      (Number.isFinite(euros) &&
        euros >= 0 &&
        euros <= MAX_AMOUNT_EUROS &&
        hasAtMostTwoDecimals(euros)),
    { message: 'filter.validation.amountInvalid' satisfies FilterMessageKey },
  )
  .transform((euros) => (euros === null ? undefined : amountParam(euros)));

export const filterFormSchema = z
  .object({
    start_date: dayField,
    end_date: dayField,
    min_amount: amountField,
    max_amount: amountField,
    route: z.union([z.literal(''), z.enum(PAYMENT_ROUTES)]),
  })
  .superRefine((values, context) => {
    if (values.start_date && values.end_date && values.start_date > values.end_date) {
      context.addIssue({
        code: 'custom',
        path: ['end_date'],
        message: 'filter.validation.startAfterEnd' satisfies FilterMessageKey,
      });
    }
    if (
      values.min_amount !== undefined &&
      values.max_amount !== undefined &&
      Number(values.min_amount) > Number(values.max_amount)
    ) {
      context.addIssue({
        code: 'custom',
        path: ['max_amount'],
        message: 'filter.validation.minAboveMax' satisfies FilterMessageKey,
      });
    }
  })
  .transform((values): PaymentsListFilter => {
    const filter: PaymentsListFilter = {};
    if (values.start_date) filter.start_date = values.start_date;
    if (values.end_date) filter.end_date = values.end_date;
    if (values.min_amount !== undefined) filter.min_amount = values.min_amount;
    if (values.max_amount !== undefined) filter.max_amount = values.max_amount;
    if (values.route) filter.route = values.route;
    return filter;
  });
