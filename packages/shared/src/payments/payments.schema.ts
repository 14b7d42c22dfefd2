import { z } from 'zod';
import { booleanish, idSchema, numberish, optionalQuery, pagingQuery } from '../http';
import { attachmentSchema } from '../media/media.schema';
import { hasAtMostTwoDecimals, MAX_AMOUNT_EUROS } from '../money';
import {
  ACCOUNT_MAX,
  COUNTERPARTY_NAME_MAX,
  EXPORT_FORMATS,
  LONG_DESCRIPTION_MAX,
  MANUAL_PAYMENT,
  NAME_FILTER_MAX,
  PAYMENT_ROUTES,
  PAYMENT_TYPES,
  REVIEW_COMMENT_MAX,
  REVIEW_STATUSES,
  REVIEW_VERDICTS,
  SHORT_DESCRIPTION_MAX,
  UNLINK_ID,
} from './payments.constants';
import { linkSuggestionSchema } from './suggestions.schema';

/** A payment amount in euros: not zero, at most 2 decimals, |amount| ≤ 999 999 999.99. */
export const amountSchema = numberish(
  z
    .number()
    .refine((n) => n !== 0, { message: 'An amount cannot be zero' })
    .refine((n) => Math.abs(n) <= MAX_AMOUNT_EUROS, { message: 'The amount is too large' })
    .refine(hasAtMostTwoDecimals, { message: 'At most two decimals' }),
);

/** ISO 8601 date and time with an offset or Z (docs/api-rules.md §1). */
export const bookingDateSchema = z.iso.datetime({ offset: true });

/** Text that may be absent: absent, null and '' are all stored as null. */
const optionalLine = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((v) => (v === '' || v === undefined ? null : v));
const optionalMultiline = (max: number) =>
  z
    .string()
    .transform((s) => s.replace(/\r\n?/g, '\n').trim())
    .pipe(z.string().max(max))
    .nullish()
    .transform((v) => (v === '' || v === undefined ? null : v));

/** The fields a client writes, on create and (each optional) on edit. */
const writable = {
  transaction_amount: amountSchema,
  booking_date: bookingDateSchema,
  route: z.enum(PAYMENT_ROUTES).optional(),
  creditor_name: optionalLine(COUNTERPARTY_NAME_MAX),
  creditor_account: optionalLine(ACCOUNT_MAX),
  debtor_name: optionalLine(COUNTERPARTY_NAME_MAX),
  debtor_account: optionalLine(ACCOUNT_MAX),
  short_user_description: optionalLine(SHORT_DESCRIPTION_MAX),
  long_user_description: optionalMultiline(LONG_DESCRIPTION_MAX),
  hidden: booleanish().default(false),
  hide_counterparty: booleanish().default(false),
};

/** POST /payment: a manual payment in an initiative, or in one of its activities. */
export const paymentBody = z.object({
  ...writable,
  type: z.literal(MANUAL_PAYMENT).default(MANUAL_PAYMENT),
  initiative_id: idSchema,
  activity_id: idSchema.nullish().transform((v) => v ?? null),
});
export type PaymentInput = z.input<typeof paymentBody>;

/**
 * PATCH /payment/{id}: only what changes. Unknown fields (`transaction_id`, `id`, the links) are
 * dropped; links change through their own calls.
 */
export const paymentPatch = z.object({
  transaction_amount: writable.transaction_amount.optional(),
  booking_date: writable.booking_date.optional(),
  route: writable.route,
  creditor_name: writable.creditor_name.optional(),
  creditor_account: writable.creditor_account.optional(),
  debtor_name: writable.debtor_name.optional(),
  debtor_account: writable.debtor_account.optional(),
  short_user_description: writable.short_user_description.optional(),
  long_user_description: writable.long_user_description.optional(),
  hidden: booleanish().optional(),
  hide_counterparty: booleanish().optional(),
});
export type PaymentPatch = z.input<typeof paymentPatch>;

/**
 * The payment as the lists show it. Account numbers are absent for callers who may not read them;
 * for them the texts are masked and a shielded counterparty's name is SHIELDED_NAME. Empty text is
 * "" (docs/api-rules.md §1, §6).
 */
export const paymentFieldsSchema = z.object({
  id: z.number(),
  transaction_id: z.string(),
  booking_date: z.string(),
  transaction_amount: z.number(),
  creditor_name: z.string(),
  creditor_account: z.string().optional(),
  debtor_name: z.string(),
  debtor_account: z.string().optional(),
  route: z.enum(PAYMENT_ROUTES),
  short_user_description: z.string(),
  long_user_description: z.string(),
  hidden: z.boolean(),
  /** The counterparty's name is shielded from the public (docs/api-rules.md §6). */
  hide_counterparty: z.boolean(),
  type: z.enum(PAYMENT_TYPES),
});
export type PaymentFields = z.infer<typeof paymentFieldsSchema>;

/**
 * The funder's review of an expense (docs/api-rules.md §20), for callers who see reviews. Its
 * status is 'open' while no one reviewed it, or since a reviewer reopened it.
 */
export const reviewSchema = z.object({
  status: z.enum([...REVIEW_STATUSES, 'open']),
  comment: z.string(),
  /** The reviewer's name; '' while open, or when the reviewer is gone. */
  reviewer_name: z.string(),
  reviewed_at: z.string().nullable(),
});
export type Review = z.infer<typeof reviewSchema>;

/** True unless the text holds a C0 or C1 control character other than a tab or line break. */
function withoutControls(text: string) {
  for (const char of text) {
    const code = char.charCodeAt(0);
    if (char === '\t' || char === '\n') continue;
    if (code < 0x20 || (code >= 0x7f && code <= 0x9f)) return false;
  }
  return true;
}

/** PUT /payment/{id}/review: approve, or reject with a reason. */
export const reviewBody = z
  .object({
    status: z.enum(REVIEW_VERDICTS),
    comment: z
      .string()
      .transform((s) => s.replace(/\r\n?/g, '\n').trim())
      .pipe(
        z
          .string()
          .max(REVIEW_COMMENT_MAX)
          // Owners read it on screens and in the audit log, where a bell or an escape code
          // means nothing (docs/api-rules.md §20); tabs and line breaks stay.
          .refine(withoutControls, { message: 'The comment holds control characters' }),
      )
      .default(''),
  })
  .refine((b) => b.status === 'approved' || b.comment !== '', {
    message: 'A rejection needs a comment',
    path: ['comment'],
  });
export type ReviewInput = z.input<typeof reviewBody>;

/** An amount and how many payments make it. */
const countedSum = z.object({ count: z.number(), amount: z.number() });
/**
 * GET /payments/initiative/{id}/review: how much of the initiative's spending is reviewed.
 * `summary` is null for callers who do not see reviews, and while the regulation has none.
 * Amounts are positive euros of expenses; reviewed = approved + rejected; open counts answered.
 */
export const reviewSummarySchema = z.object({
  enabled: z.boolean(),
  summary: z
    .object({
      expenses: countedSum,
      reviewed: countedSum,
      approved: countedSum,
      rejected: countedSum,
      open: countedSum,
    })
    .nullable(),
});
export type ReviewSummary = z.infer<typeof reviewSummarySchema>;

/** GET /payment/{id}: the payment with its links and receipts. */
/**
 * The payment of the same bank account an imported line may double (docs/api-rules.md §13):
 * alike, but not surely one booking, so the import kept both.
 */
export const possibleDuplicateSchema = z.object({
  payment_id: z.number(),
  booking_date: z.string(),
  amount: z.number(),
  counterparty: z.string().nullable(),
  description: z.string().nullable(),
});
export type PossibleDuplicate = z.infer<typeof possibleDuplicateSchema>;

export const paymentSchema = paymentFieldsSchema.extend({
  iban: z.string().optional(),
  initiative_id: z.number().nullable(),
  initiative_name: z.string().nullable(),
  activity_id: z.number().nullable(),
  activity_name: z.string().nullable(),
  n_attachments: z.number(),
  attachments: z.array(attachmentSchema),
  /** Only on a reviewable expense, for callers who see reviews (docs/api-rules.md §20). */
  review: reviewSchema.optional(),
  /** Only for callers who see the bank account's payments (docs/api-rules.md §13). */
  possible_duplicate_of: possibleDuplicateSchema.nullable().optional(),
});
export type Payment = z.infer<typeof paymentSchema>;

/**
 * A euro amount filter: a plain decimal of at most 2 decimals. A negative bound compares the
 * signed amount (the call table's client sends them for expenses), any other the absolute
 * amount (docs/api-rules.md §1).
 */
const amountFilter = optionalQuery(
  numberish(z.number().min(-MAX_AMOUNT_EUROS).max(MAX_AMOUNT_EUROS).refine(hasAtMostTwoDecimals)),
);
/** A calendar day, read in Europe/Amsterdam (docs/api-rules.md §1). */
const dayFilter = optionalQuery(z.iso.date({ message: 'A date is written YYYY-MM-DD' }));

/**
 * Keyset paging: the payments after this one (the last of the page before) in the list's order,
 * newest first; `offset` counts on from there. It must be a payment of the list (else 422).
 */
const afterQuery = optionalQuery(idSchema);

/** The filters of the initiative and activity lists; min above max is a 422. */
export const paymentsQuery = pagingQuery
  .extend({
    start_date: dayFilter,
    end_date: dayFilter,
    min_amount: amountFilter,
    max_amount: amountFilter,
    route: optionalQuery(z.enum(PAYMENT_ROUTES)),
    /** 'missing': only expenses without a receipt (docs/api-rules.md §22). */
    receipt: optionalQuery(z.enum(['missing'])),
    after: afterQuery,
  })
  .refine(
    (q) => q.min_amount === undefined || q.max_amount === undefined || q.min_amount <= q.max_amount,
    { message: 'min_amount is above max_amount', path: ['min_amount'] },
  )
  .refine(
    (q) => q.start_date === undefined || q.end_date === undefined || q.start_date <= q.end_date,
    { message: 'start_date is after end_date', path: ['start_date'] },
  );
export type PaymentsQuery = z.input<typeof paymentsQuery>;
/** The filters without paging: what an export takes. */
export type PaymentsFilter = Omit<z.output<typeof paymentsQuery>, 'offset' | 'limit' | 'after'>;

export const paymentListItemSchema = z.object({
  payment: paymentFieldsSchema,
  activity_name: z.string().nullable(),
  n_attachments: z.number(),
  /** Only on a reviewable expense, for callers who see reviews (docs/api-rules.md §20). */
  review_status: reviewSchema.shape.status.optional(),
});
export type PaymentListItem = z.infer<typeof paymentListItemSchema>;
/** Income (0 or more) and expenses (0 or less) in euros. */
export const moneySumsSchema = z.object({ income: z.number(), expenses: z.number() });
export type MoneySums = z.infer<typeof moneySumsSchema>;
export const paymentsResponse = z.object({
  payments: z.array(paymentListItemSchema),
  totalCount: z.number(),
  /** The sums of every payment the list holds with its filter, not only the page's. */
  totals: moneySumsSchema,
  /**
   * What the scope's payments the caller may not see add up to, whatever the filter: with
   * `totals` of the unfiltered list, the scope's income and expenses (docs/api-rules.md §8).
   */
  shielded: moneySumsSchema,
});

/** GET /payments/user/{id}: the payments the user may link or manage. */
export const userPaymentsQuery = pagingQuery.extend({
  /**
   * Words in the counterparty's name, the descriptions or the IBAN, or an amount such as '12,50'
   * (the top bar's search).
   */
  search: optionalQuery(z.string().max(NAME_FILTER_MAX)),
  /** true: only the payments linked to no initiative ('Niet gekoppeld'). */
  unlinked: optionalQuery(booleanish()),
  initiative_name: optionalQuery(z.string().max(NAME_FILTER_MAX)),
  activity_name: optionalQuery(z.string().max(NAME_FILTER_MAX)),
  iban: optionalQuery(z.string().max(ACCOUNT_MAX)),
  after: afterQuery,
});
export type UserPaymentsQuery = z.input<typeof userPaymentsQuery>;

export const userPaymentSchema = z.object({
  id: z.number(),
  booking_date: z.string(),
  initiative_id: z.number().nullable(),
  initiative_name: z.string().nullable(),
  activity_id: z.number().nullable(),
  activity_name: z.string().nullable(),
  creditor_name: z.string(),
  debtor_name: z.string(),
  short_user_description: z.string(),
  iban: z.string(),
  transaction_amount: z.number(),
  type: z.enum(PAYMENT_TYPES),
  /** Only on the caller's own unlinked lines with a link to propose (suggestions.schema.ts). */
  suggestion: linkSuggestionSchema.optional(),
  /** Only on lines of the user's own or shared bank accounts (docs/api-rules.md §13). */
  possible_duplicate_of: possibleDuplicateSchema.nullable().optional(),
});
export type UserPayment = z.infer<typeof userPaymentSchema>;
export const userPaymentsResponse = z.object({
  payments: z.array(userPaymentSchema),
  totalCount: z.number(),
  /** How many of the payments the other filters leave are linked to no initiative. */
  unlinkedCount: z.number(),
});

/** A link target id: an id, or null / -1 to remove the link (docs/spec-map.md §9). */
const linkTarget = z
  .union([z.literal(UNLINK_ID), z.literal(String(UNLINK_ID)), idSchema, z.null()])
  .transform((v): number | null => (typeof v === 'number' && v !== UNLINK_ID ? v : null));
export const linkInitiativeBody = z.object({ initiative_id: linkTarget });
export const linkActivityBody = z.object({ initiative_id: idSchema, activity_id: linkTarget });

export const linkTargetSchema = z.object({ id: z.number(), name: z.string() });
export type LinkTarget = z.infer<typeof linkTargetSchema>;

/**
 * GET …/export: the list's filters without paging (same checks, so a bad filter is the same 422),
 * and the file format, csv unless asked.
 */
export const exportQuery = z
  .object({
    start_date: dayFilter,
    end_date: dayFilter,
    min_amount: amountFilter,
    max_amount: amountFilter,
    route: optionalQuery(z.enum(PAYMENT_ROUTES)),
    receipt: optionalQuery(z.enum(['missing'])),
    format: optionalQuery(z.enum(EXPORT_FORMATS)).default('csv'),
  })
  .refine(
    (q) => q.min_amount === undefined || q.max_amount === undefined || q.min_amount <= q.max_amount,
    { message: 'min_amount is above max_amount', path: ['min_amount'] },
  )
  .refine(
    (q) => q.start_date === undefined || q.end_date === undefined || q.start_date <= q.end_date,
    { message: 'start_date is after end_date', path: ['start_date'] },
  );
export type ExportQuery = z.input<typeof exportQuery>;

/**
 * An export answers with a file (text/csv or xlsx), not JSON: the response schema only documents
 * it; the API streams the file past the serializer.
 */
export const exportFileResponse = z
  .unknown()
  .describe('A file: text/csv (UTF-8 with BOM, ";" separated) or an xlsx workbook');
