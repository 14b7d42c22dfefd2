import {
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * A bank account whose payments are imported (docs/api-rules.md §13). Its owner linked it; its
 * users are the people it is shared with. Both may read its payments and link them to initiatives,
 * also while they are not linked to anything (docs/api-rules.md §5). One row per provider account.
 */
export const bankAccounts = pgTable(
  'bank_accounts',
  {
    id: serial('id').primaryKey(),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Where the payments come from: a statement file, the open-banking provider or its sandbox. */
    provider: text('provider').notNull(),
    providerAccountId: text('provider_account_id').notNull(),
    iban: text('iban').notNull(),
    name: text('name'),
    holderName: text('holder_name'),
    institutionName: text('institution_name'),
    institutionLogo: text('institution_logo'),
    /** When the bank consent ends; null for statement files, which need none. */
    expirationDate: timestamp('expiration_date', { withTimezone: true }),
    isRevoked: boolean('is_revoked').notNull().default(false),
    lastSyncedAt: timestamp('last_synced_at', { withTimezone: true }),
    nextSyncAt: timestamp('next_sync_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('bank_accounts_provider_account_idx').on(t.provider, t.providerAccountId),
    index('bank_accounts_owner_idx').on(t.ownerId),
  ],
);

/** The people a bank account is shared with. */
export const bankAccountUsers = pgTable(
  'bank_account_users',
  {
    bankAccountId: integer('bank_account_id')
      .notNull()
      .references(() => bankAccounts.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.bankAccountId, t.userId] }),
    index('bank_account_users_user_idx').on(t.userId),
  ],
);
