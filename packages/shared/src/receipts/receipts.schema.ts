import { z } from 'zod';
import { idSchema, optionalQuery } from '../http';
import { attachmentSchema, receiptReadingSchema } from '../media/media.schema';
import { amountSchema, bookingDateSchema } from '../payments/payments.schema';
import { COUNTERPARTY_NAME_MAX, SHORT_DESCRIPTION_MAX } from '../payments/payments.constants';
import { MAX_INBOX_RECEIPTS } from './receipts.constants';

/** The inbox of an initiative, or without `initiative_id` the caller's own (/transactions). */
export const inboxQuery = z.object({ initiative_id: optionalQuery(idSchema) });

/**
 * A payment a receipt may belong to: an expense of the receipt's amount, booked within
 * MATCH_DAYS of its date, that the caller may add attachments to (docs/api-rules.md §22).
 */
export const matchCandidateSchema = z.object({
  payment: z.object({
    id: z.number(),
    booking_date: z.string(),
    transaction_amount: z.number(),
    counterparty: z.string(),
    short_user_description: z.string(),
    initiative_id: z.number(),
    initiative_name: z.string(),
    activity_id: z.number().nullable(),
    activity_name: z.string().nullable(),
  }),
  /** Days between the booking day and the receipt's day. */
  days: z.number(),
  /** The payment has a receipt already: it ranks below those without. */
  has_receipt: z.boolean(),
  /** The shop's name is found in the counterparty's. */
  name_match: z.boolean(),
  /** Ranked first; more than one candidate so marked is a tie the person decides. */
  best: z.boolean(),
});
export type MatchCandidate = z.infer<typeof matchCandidateSchema>;

export const inboxReceiptSchema = z.object({
  id: z.number(),
  initiative_id: z.number().nullable(),
  created_at: z.string(),
  /** The stored file; its `id` is the receipt's. */
  file: attachmentSchema,
  /** Null when no job queue reads receipts on this server. */
  reading: receiptReadingSchema.nullable(),
  /** The one best candidate; null when there is none or when the best ones tie. */
  proposed_payment_id: z.number().nullable(),
  candidates: z.array(matchCandidateSchema),
});
export type InboxReceipt = z.infer<typeof inboxReceiptSchema>;

export const inboxResponse = z.object({ receipts: z.array(inboxReceiptSchema) });

export const receiptParams = z.object({ receiptId: idSchema });

export const matchBody = z.object({ payment_id: idSchema });
export const matchesBody = z.object({
  matches: z
    .array(z.object({ receipt_id: idSchema, payment_id: idSchema }))
    .min(1)
    .max(MAX_INBOX_RECEIPTS),
});

/** A receipt that went to a payment: the payment's id and the attachment it became. */
export const matchedSchema = z.object({ payment_id: z.number(), attachment: attachmentSchema });
export const matchesResponse = z.object({ matched: z.array(matchedSchema) });

/**
 * A text the person may have emptied: absent means "from the reading", `""` or null "none".
 */
const textOverReading = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((v) => (v === '' ? null : v));

/**
 * A manual expense made from a receipt: what the body leaves out comes from the reading. The
 * amount is an expense whatever its sign. The initiative is the receipt's; one dropped on the
 * caller's own payments names it.
 */
export const paymentFromReceiptBody = z.object({
  initiative_id: idSchema.optional(),
  activity_id: idSchema.nullish().transform((v) => v ?? null),
  transaction_amount: amountSchema.optional(),
  booking_date: bookingDateSchema.optional(),
  creditor_name: textOverReading(COUNTERPARTY_NAME_MAX),
  short_user_description: textOverReading(SHORT_DESCRIPTION_MAX),
});
export type PaymentFromReceipt = z.input<typeof paymentFromReceiptBody>;
