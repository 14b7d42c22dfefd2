import {
  type AnyPgColumn,
  bigint,
  boolean,
  foreignKey,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { PAYMENT_ROUTES, PAYMENT_TYPES, REVIEW_STATUSES } from '@helder/shared/payments';
import { bankAccounts, statementImports } from './bank-accounts';
import { activities, initiatives } from './initiatives';
import { users } from './users';

/**
 * A payment: signed amount in cents (income > 0, expense < 0), manual ('handmatig') or imported
 * from a bank account. A payment linked to an activity is always linked to that activity's
 * initiative too: the composite key (activity_id, initiative_id) enforces it, so totals of an
 * initiative are a sum over `initiative_id` alone (docs/api-rules.md §8).
 *
 * Deleting an initiative or activity deletes its manual payments in the service
 * (docs/api-rules.md §10); the `set null` keys are the safety net that leaves bank-imported payments
 * unlinked.
 */
export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    type: text('type', { enum: PAYMENT_TYPES }).notNull().default('handmatig'),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    bookingDate: timestamp('booking_date', { withTimezone: true }).notNull(),
    transactionId: text('transaction_id'),
    creditorName: text('creditor_name'),
    creditorAccount: text('creditor_account'),
    debtorName: text('debtor_name'),
    debtorAccount: text('debtor_account'),
    iban: text('iban'),
    route: text('route', { enum: PAYMENT_ROUTES }).notNull(),
    shortUserDescription: text('short_user_description'),
    longUserDescription: text('long_user_description'),
    hidden: boolean('hidden').notNull().default(false),
    /** The counterparty's name is shown to the public as 'afgeschermd' (docs/api-rules.md §6). */
    hideCounterparty: boolean('hide_counterparty').notNull().default(false),
    initiativeId: integer('initiative_id').references(() => initiatives.id, {
      onDelete: 'set null',
    }),
    activityId: integer('activity_id'),
    /** The bank account it was imported from; null for a manual payment. */
    bankAccountId: integer('bank_account_id').references(() => bankAccounts.id, {
      onDelete: 'set null',
    }),
    /**
     * What makes an imported line the same line again (docs/api-rules.md §13): the bank's
     * reference, else a hash of its fields and its occurrence that day; unique per account.
     */
    dedupeKey: text('dedupe_key'),
    /** The statement file it came from. */
    statementImportId: integer('statement_import_id').references(() => statementImports.id, {
      onDelete: 'set null',
    }),
    /**
     * A payment of the same account this imported line may double: fetched by the bank link and
     * given by a statement file, alike but not surely one booking, so both are kept and the user
     * is shown the pair (docs/api-rules.md §13).
     */
    possibleDuplicateOf: integer('possible_duplicate_of').references(
      (): AnyPgColumn => payments.id,
      { onDelete: 'set null' },
    ),
    /** Who recorded a manual payment (kept when they are deleted, docs/api-rules.md §10). */
    createdById: integer('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    foreignKey({
      name: 'payments_activity_initiative_fk',
      columns: [t.activityId, t.initiativeId],
      foreignColumns: [activities.id, activities.initiativeId],
    }).onDelete('set null'),
    // The lists' order (booking_date desc, id desc), read backwards along these keys.
    index('payments_initiative_idx').on(t.initiativeId, t.bookingDate, t.id),
    index('payments_activity_idx').on(t.activityId, t.bookingDate, t.id),
    index('payments_bank_account_idx').on(t.bankAccountId, t.bookingDate, t.id),
    uniqueIndex('payments_bank_account_dedupe_idx').on(t.bankAccountId, t.dedupeKey),
    // Deleting payments (a revoke deletes thousands) looks up the flags that point at each.
    index('payments_possible_duplicate_idx')
      .on(t.possibleDuplicateOf)
      .where(sql`${t.possibleDuplicateOf} is not null`),
  ],
);

/** Receipts and photos of a payment (pdf, png, jpeg); images have thumbnails beside them. */
export const paymentAttachments = pgTable(
  'payment_attachments',
  {
    id: serial('id').primaryKey(),
    paymentId: integer('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'cascade' }),
    storageKey: text('storage_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('payment_attachments_payment_idx').on(t.paymentId, t.id)],
);

/**
 * The funder's review of an expense (docs/api-rules.md §20): the current state only, one row per
 * reviewed payment; who changed it and when is in the audit log. No row is 'open'. A rejected
 * expense the owner corrects or adds a receipt to becomes 'answered', which the reviewer sees
 * as open again; reopening deletes the row.
 */
export const paymentReviews = pgTable(
  'payment_reviews',
  {
    paymentId: integer('payment_id')
      .primaryKey()
      .references(() => payments.id, { onDelete: 'cascade' }),
    status: text('status', { enum: REVIEW_STATUSES }).notNull(),
    comment: text('comment').notNull().default(''),
    reviewerId: integer('reviewer_id').references(() => users.id, { onDelete: 'set null' }),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('payment_reviews_reviewer_idx').on(t.reviewerId)],
);
