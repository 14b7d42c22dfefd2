import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { LANGUAGES } from '@helder/shared/languages';

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    passwordHash: text('password_hash'),
    firstName: text('first_name'),
    lastName: text('last_name'),
    biography: text('biography'),
    role: text('role', { enum: ['user', 'financial', 'administrator'] })
      .notNull()
      .default('user'),
    isActive: boolean('is_active').notNull().default(true),
    isSuperuser: boolean('is_superuser').notNull().default(false),
    isVerified: boolean('is_verified').notNull().default(true),
    hidden: boolean('hidden').notNull().default(false),
    /** Storage key of the original picture; thumbnails sit beside it (see lib/pictures). */
    pictureKey: text('picture_key'),
    /** Bumped when the password changes: access tokens carry it, so older ones stop working. */
    tokenVersion: integer('token_version').notNull().default(0),
    /** The weekly mail about expenses without a receipt (docs/api-rules.md §17); off unsubscribes. */
    receiptReminders: boolean('receipt_reminders').notNull().default(true),
    /** The language of the mails the user gets. */
    language: text('language', { enum: LANGUAGES }).notNull().default('nl'),
    /**
     * The ISO week (`2026-W48`) of the last receipt reminder: claimed before the mail goes out, so
     * each user gets one a week however many instances and retries run it.
     */
    receiptRemindedWeek: text('receipt_reminded_week'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_lower_idx').on(sql`lower(${t.email})`),
    index('users_name_order_idx').on(t.firstName, t.lastName, t.id),
  ],
);

/** Single-use tokens for invitations and password resets; only their SHA-256 is stored. */
export const passwordTokens = pgTable(
  'password_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    purpose: text('purpose', { enum: ['invite', 'reset'] }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('password_tokens_hash_idx').on(t.tokenHash),
    index('password_tokens_user_idx').on(t.userId),
  ],
);
