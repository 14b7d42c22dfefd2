import {
  boolean,
  date,
  index,
  integer,
  jsonb,
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
    /** The owner's column mapping for CSV files of a bank whose layout we do not know. */
    csvMapping: jsonb('csv_mapping'),
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

export const STATEMENT_IMPORT_STATUSES = ['preview', 'imported'] as const;

/**
 * One uploaded statement file: previewed first (the file waits in storage under `storageKey`),
 * then imported in one transaction, after which the file is removed and the counts stay as the
 * record of what it added. `bankAccountId` is null while the preview's account is not yet created.
 */
export const statementImports = pgTable(
  'statement_imports',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    bankAccountId: integer('bank_account_id').references(() => bankAccounts.id, {
      onDelete: 'cascade',
    }),
    status: text('status', { enum: STATEMENT_IMPORT_STATUSES }).notNull().default('preview'),
    fileName: text('file_name').notNull(),
    sha256: text('sha256').notNull(),
    format: text('format').notNull(),
    flavour: text('flavour'),
    storageKey: text('storage_key'),
    /** The CSV mapping the file was read with, to read it the same way on confirm. */
    csvMapping: jsonb('csv_mapping'),
    firstDate: date('first_date'),
    lastDate: date('last_date'),
    newCount: integer('new_count').notNull().default(0),
    duplicateCount: integer('duplicate_count').notNull().default(0),
    skippedCount: integer('skipped_count').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    importedAt: timestamp('imported_at', { withTimezone: true }),
  },
  (t) => [
    index('statement_imports_user_idx').on(t.userId),
    index('statement_imports_account_idx').on(t.bankAccountId),
  ],
);
