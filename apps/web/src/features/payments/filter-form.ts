/**
 * The filter modal's form (FilterPaymentsModal): what its inputs hold and how they become a
 * filter. Apart from filters.ts so that the pages reading the filter from the URL do not load zod.
 */
import { hasAtMostTwoDecimals, MAX_AMOUNT_EUROS, parseAmount } from '@helder/shared/money';
import type { PaymentRoute } from '@helder/shared/payments';
import { PAYMENT_ROUTES } from '@helder/shared/payments/client';
import { z } from 'zod';
import { dayToText, parseDayText } from '../../lib/dates';
import { amountParam, type PaymentsListFilter } from './filters';

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
