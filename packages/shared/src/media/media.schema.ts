import { z } from 'zod';

/**
 * One medium: an attachment of a visible payment (docs/api-rules.md §11). URLs are absolute, signed
 * and expiring; thumbnails are null for PDFs, whose URL ends in `.pdf` before the query string.
 */
export const attachmentSchema = z.object({
  id: z.number(),
  attachment_url: z.string(),
  attachment_thumbnail_url_128: z.string().nullable(),
  attachment_thumbnail_url_256: z.string().nullable(),
  attachment_thumbnail_url_512: z.string().nullable(),
});
export type Attachment = z.infer<typeof attachmentSchema>;

/**
 * The payment a medium belongs to, as its caption and link need it: read in the same statement as
 * the media page. The counterparty is the receiver of an expense or the sender of income, as the
 * caller may read it (docs/api-rules.md §6); "" when unknown.
 */
export const mediumPaymentSchema = z.object({
  id: z.number(),
  booking_date: z.string(),
  transaction_amount: z.number(),
  counterparty: z.string(),
  /** The activity it is linked to, or null when it belongs to the initiative only. */
  activity_id: z.number().nullable(),
});
export type MediumPayment = z.infer<typeof mediumPaymentSchema>;

/** A medium of the Media tab: an attachment with its payment (a later addition, new field only). */
export const mediumSchema = attachmentSchema.extend({ payment: mediumPaymentSchema });
export type Medium = z.infer<typeof mediumSchema>;

export const mediaResponse = z.object({ attachments: z.array(attachmentSchema) });

/** The Media tab's page: media with their payments. */
export const mediaPageResponse = z.object({ attachments: z.array(mediumSchema) });

/** A field a receipt proposes, with how sure the reader is; unsure ones are marked to check. */
const proposed = <T extends z.ZodType>(value: T) =>
  z.object({ value, confidence: z.number(), unsure: z.boolean() }).nullable();

/** Why a receipt could not be read (docs/api-rules.md §19). */
export const readingErrors = [
  'unreadable',
  'encrypted',
  'too_many_pages',
  'no_text',
  'timeout',
  'failed',
] as const;
export type ReadingError = (typeof readingErrors)[number];

/**
 * What reading a receipt proposes (docs/api-rules.md §19): while queued, fields and error are
 * null; when done, the fields (each null when not found); when failed, the reason. Amounts in
 * euros; no amount is proposed for a receipt in another currency than the euro.
 */
export const receiptReadingSchema = z.object({
  status: z.enum(['queued', 'done', 'failed']),
  error: z.enum(readingErrors).nullable(),
  fields: z
    .object({
      date: proposed(z.string()),
      amount: proposed(z.number()),
      shop: proposed(z.string()),
      vat: proposed(z.number()),
      vat_rates: z.array(z.number()),
      currency: z.string(),
    })
    .nullable(),
});
export type ReceiptReading = z.infer<typeof receiptReadingSchema>;
