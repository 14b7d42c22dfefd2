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
