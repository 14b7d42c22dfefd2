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

export const mediaResponse = z.object({ attachments: z.array(attachmentSchema) });
