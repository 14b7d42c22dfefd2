/**
 * The payment form's rules (docs/spec-map.md §5, docs/api-rules.md §8): the amount is an
 * optionally negative decimal with a comma or a dot ('Ongeldige invoer. Vul een correct bedrag
 * in' otherwise); a typed minus makes the route 'uitgaven', and what is sent is the amount signed
 * by the route; the booking date is a day (dd-mm-jjjj); the short description is at most 128
 * characters, the long one at most 512. Messages are keys of the `payments` namespace.
 *
 * The form validates and sends only the fields it shows as inputs: for a bank-imported payment
 * the bank's fields are read-only (edit-fields leaves them out).
 */
import { hasAtMostTwoDecimals, MAX_AMOUNT_EUROS, parseAmount } from '@helder/shared/money';
import {
  bookingDateSchema,
  type Payment,
  type PaymentInput,
  type PaymentPatch,
  type PaymentRoute,
} from '@helder/shared/payments';
import {
  ACCOUNT_MAX,
  COUNTERPARTY_NAME_MAX,
  LONG_DESCRIPTION_MAX,
  MANUAL_PAYMENT,
  PAYMENT_ROUTES,
  SHORT_DESCRIPTION_MAX,
  signedForRoute,
} from '@helder/shared/payments/client';
import { PAYMENT_BANK_FIELDS, PAYMENT_USER_FIELDS } from '@helder/shared/permissions';
import { z } from 'zod';
import { formatAmountInput } from '../../lib/amount';
import type { Resources } from '../../lib/i18n';
import {
  amsterdamDay,
  dayToText,
  middayInAmsterdam,
  parseDayText,
  type IsoDay,
} from '../../lib/dates';

/** Every field of the form, in its order on screen. */
export const PAYMENT_FORM_FIELDS = [...PAYMENT_BANK_FIELDS, ...PAYMENT_USER_FIELDS] as const;
export type PaymentField = (typeof PAYMENT_FORM_FIELDS)[number];

export const isPaymentField = (field: string): field is PaymentField =>
  (PAYMENT_FORM_FIELDS as readonly string[]).includes(field);

type TextField = Exclude<
  PaymentField,
  'transaction_amount' | 'route' | 'booking_date' | 'hidden' | 'hide_counterparty'
>;
const TEXT_FIELDS = [
  'creditor_name',
  'creditor_account',
  'debtor_name',
  'debtor_account',
  'short_user_description',
  'long_user_description',
] as const satisfies readonly TextField[];

/** What the inputs hold: the amount and the day as typed. */
export interface PaymentFormValues {
  transaction_amount: string;
  route: PaymentRoute;
  booking_date: string;
  creditor_name: string;
  creditor_account: string;
  debtor_name: string;
  debtor_account: string;
  short_user_description: string;
  long_user_description: string;
  hidden: boolean;
  hide_counterparty: boolean;
}

/** The shown fields once valid: the amount signed by the route, the day as YYYY-MM-DD. */
export interface PaymentFormOutput {
  transaction_amount?: number;
  route?: PaymentRoute;
  booking_date?: IsoDay;
  creditor_name?: string;
  creditor_account?: string;
  debtor_name?: string;
  debtor_account?: string;
  short_user_description?: string;
  long_user_description?: string;
  hidden?: boolean;
  hide_counterparty?: boolean;
}

type Validation = Resources['payment-forms']['form']['validation'];
export type PaymentMessageKey = `form.validation.${keyof Validation}`;
const message = (key: keyof Validation) => ({ message: `form.validation.${key}` as const });

/** The route a typed amount gives: a minus anywhere in it means 'uitgaven' (docs/spec-map.md §4). */
export const routeOfTyped = (text: string): PaymentRoute =>
  text.includes('-') ? 'uitgaven' : 'inkomen';

const amountRule = z
  .string()
  .transform((text) => parseAmount(text))
  .refine(
    (euros): euros is number =>
      euros !== null &&
      Number.isFinite(euros) &&
      euros !== 0 &&
      Math.abs(euros) <= MAX_AMOUNT_EUROS &&
      hasAtMostTwoDecimals(euros),
    message('amountInvalid'),
  );

const dayRule = z
  .string()
  .trim()
  .min(1, message('dateRequired'))
  .transform((text, context) => {
    const day = parseDayText(text);
    if (day === null) {
      context.addIssue({ code: 'custom', ...message('dateInvalid') });
      return z.NEVER;
    }
    return day;
  });

const textRule = (max: number, key: keyof Validation) => z.string().trim().max(max, message(key));
/** A multi-line text: line ends as the server stores them (so the counter agrees with it). */
const multilineRule = (max: number, key: keyof Validation) =>
  z
    .string()
    .transform((text) => text.replace(/\r\n?/g, '\n').trim())
    .pipe(z.string().max(max, message(key)));

const RULES = {
  transaction_amount: amountRule,
  route: z.enum(PAYMENT_ROUTES),
  booking_date: dayRule,
  creditor_name: textRule(COUNTERPARTY_NAME_MAX, 'nameTooLong'),
  creditor_account: textRule(ACCOUNT_MAX, 'accountTooLong'),
  debtor_name: textRule(COUNTERPARTY_NAME_MAX, 'nameTooLong'),
  debtor_account: textRule(ACCOUNT_MAX, 'accountTooLong'),
  short_user_description: textRule(SHORT_DESCRIPTION_MAX, 'shortTooLong'),
  long_user_description: multilineRule(LONG_DESCRIPTION_MAX, 'longTooLong'),
  hidden: z.boolean(),
  hide_counterparty: z.boolean(),
} satisfies Record<PaymentField, z.ZodType>;

/** The form's schema for the fields it shows; the others pass unchecked and are dropped. */
export function paymentFormSchema(
  fields: readonly PaymentField[],
): z.ZodType<PaymentFormOutput, PaymentFormValues> {
  const skip = z.unknown().transform(() => undefined);
  const shape = Object.fromEntries(
    PAYMENT_FORM_FIELDS.map((field) => [field, fields.includes(field) ? RULES[field] : skip]),
  );
  return z.object(shape).transform((values) => {
    const output = Object.fromEntries(
      Object.entries(values).filter(([, value]) => value !== undefined),
    ) as PaymentFormOutput;
    if (output.transaction_amount !== undefined && output.route !== undefined) {
      output.transaction_amount = signedForRoute(output.transaction_amount, output.route);
    }
    return output;
  }) as unknown as z.ZodType<PaymentFormOutput, PaymentFormValues>;
}

/**
 * A new payment: most are expenses, so the amount starts with a minus and the route with
 * 'uitgaven'; the typed sign still sets the route (removing the minus makes it income; ADR 0031).
 */
export const NEW_PAYMENT_FORM: PaymentFormValues = {
  transaction_amount: '-',
  route: 'uitgaven',
  booking_date: '',
  creditor_name: '',
  creditor_account: '',
  debtor_name: '',
  debtor_account: '',
  short_user_description: '',
  long_user_description: '',
  hidden: false,
  hide_counterparty: false,
};

/**
 * The Amsterdam day of a booking date, or null when the booking date is not an ISO 8601 date
 * and time with an offset (such a payment cannot be edited; docs/spec-map.md §4).
 */
export function bookingDay(iso: string): IsoDay | null {
  return bookingDateSchema.safeParse(iso).success ? amsterdamDay(new Date(iso)) : null;
}

/** A payment in the edit form; its booking day must be valid (see `bookingDay`). */
export function paymentToForm(payment: Payment, day: IsoDay): PaymentFormValues {
  return {
    transaction_amount: formatAmountInput(payment.transaction_amount),
    route: payment.route,
    booking_date: dayToText(day),
    creditor_name: payment.creditor_name,
    creditor_account: payment.creditor_account ?? '',
    debtor_name: payment.debtor_name,
    debtor_account: payment.debtor_account ?? '',
    short_user_description: payment.short_user_description,
    long_user_description: payment.long_user_description,
    hidden: payment.hidden,
    hide_counterparty: payment.hide_counterparty,
  };
}

/** Where a new payment goes: the initiative, or one of its activities. */
export interface PaymentsScope {
  initiativeId: number;
  activityId?: number | undefined;
}

/** POST /payment: a manual payment; empty texts and an unshielded counterparty are left out. */
export function createBody(values: PaymentFormOutput, scope: PaymentsScope): PaymentInput {
  const { transaction_amount = 0, route, booking_date, hidden = false } = values;
  const body: PaymentInput = {
    transaction_amount,
    booking_date: booking_date ? middayInAmsterdam(booking_date) : '',
    hidden,
    type: MANUAL_PAYMENT,
    initiative_id: scope.initiativeId,
    activity_id: scope.activityId ?? null,
  };
  if (route) body.route = route;
  if (values.hide_counterparty) body.hide_counterparty = true;
  for (const field of TEXT_FIELDS) {
    const text = values[field];
    if (text) body[field] = text;
  }
  return body;
}

const cents = (euros: number) => Math.round(euros * 100);

/**
 * PATCH /payment/{id}: only the changed fields with a value (docs/spec-map.md §4); an emptied
 * text is not a change that is sent. Nothing changed gives `{}`.
 */
export function changedFields(values: PaymentFormOutput, payment: Payment): PaymentPatch {
  const patch: PaymentPatch = {};
  const amount = values.transaction_amount;
  if (amount !== undefined && cents(amount) !== cents(payment.transaction_amount)) {
    patch.transaction_amount = amount;
  }
  if (values.route !== undefined && values.route !== payment.route) patch.route = values.route;
  const day = values.booking_date;
  if (day !== undefined && day !== bookingDay(payment.booking_date)) {
    patch.booking_date = middayInAmsterdam(day);
  }
  for (const field of TEXT_FIELDS) {
    const text = values[field];
    if (text && text !== (payment[field] ?? '')) patch[field] = text;
  }
  if (values.hidden !== undefined && values.hidden !== payment.hidden) {
    patch.hidden = values.hidden;
  }
  const shield = values.hide_counterparty;
  if (shield !== undefined && shield !== payment.hide_counterparty) {
    patch.hide_counterparty = shield;
  }
  return patch;
}
