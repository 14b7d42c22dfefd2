import { check, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { paymentAttachments } from './payments';

/**
 * What reading a receipt proposed (docs/api-rules.md §19): one row per attachment, written by the
 * reading job. `fields` holds the parser's proposal when done; `error` why it failed.
 */
export const receiptReadings = pgTable(
  'receipt_readings',
  {
    attachmentId: integer('attachment_id')
      .primaryKey()
      .references(() => paymentAttachments.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ['queued', 'done', 'failed'] }).notNull(),
    fields: jsonb('fields'),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('receipt_readings_status', sql`${t.status} in ('queued', 'done', 'failed')`)],
);
