import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { initiatives } from './initiatives';
import { paymentAttachments } from './payments';
import { users } from './users';

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

/**
 * A receipt dropped on an initiative (or on the caller's own payments) before it belongs to a
 * payment (docs/api-rules.md §22): only its uploader sees it. It is read like an attachment; the
 * reading lives on the row until the receipt is matched, when file and reading move to a
 * payment attachment and the row goes. `status` is null when no job queue read it.
 */
export const receiptInbox = pgTable(
  'receipt_inbox',
  {
    id: serial('id').primaryKey(),
    initiativeId: integer('initiative_id').references(() => initiatives.id, {
      onDelete: 'cascade',
    }),
    uploadedBy: integer('uploaded_by')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    storageKey: text('storage_key').notNull(),
    status: text('status', { enum: ['queued', 'done', 'failed'] }),
    fields: jsonb('fields'),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('receipt_inbox_status', sql`${t.status} in ('queued', 'done', 'failed')`),
    index('receipt_inbox_uploader_idx').on(t.uploadedBy, t.initiativeId, t.id),
  ],
);
