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
    /** The provider's id of the bank (renewal links it again there); null for files. */
    institutionId: text('institution_id'),
    /** The open-banking link the account is read through now; null for files. */
    bankLinkId: integer('bank_link_id').references(() => bankLinks.id, { onDelete: 'set null' }),
    /**
     * What stays the same for the account across re-authorisations (IBAN, else the provider's
     * stable hash), so a renewal finds the same row when the provider's account id changes.
     */
    stableKey: text('stable_key'),
    /** Why the account does not sync now (BANK_SYNC_PROBLEMS), or null. */
    syncProblem: text('sync_problem'),
    /** When the bank consent ends; null for statement files, which need none. */
    expirationDate: timestamp('expiration_date', { withTimezone: true }),
    /** When the owner was told the consent ends within a week; cleared by a renewal. */
    expiryWarnedAt: timestamp('expiry_warned_at', { withTimezone: true }),
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

export const BANK_LINK_STATUSES = ['started', 'linked', 'failed', 'ended'] as const;

/**
 * One attempt to link (or renew) a user's bank through the open-banking provider: started with
 * a single-use state (its `nonce`), finished by the provider's redirect. Once linked it is the
 * consent its accounts are read through, until `validUntil`.
 */
export const bankLinks = pgTable(
  'bank_links',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    institutionId: text('institution_id').notNull(),
    institutionName: text('institution_name').notNull(),
    institutionLogo: text('institution_logo'),
    accessDays: integer('access_days').notNull(),
    historyDays: integer('history_days').notNull(),
    /** The random part of the state; the callback that uses it clears `stateUsedAt` once. */
    nonce: text('nonce').notNull(),
    stateUsedAt: timestamp('state_used_at', { withTimezone: true }),
    /** The provider's id of the attempt (requisition id, authorization id). */
    attemptId: text('attempt_id'),
    /** The provider's id of the link once made (requisition id, session id). */
    linkId: text('link_id'),
    status: text('status', { enum: BANK_LINK_STATUSES }).notNull().default('started'),
    validUntil: timestamp('valid_until', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('bank_links_nonce_idx').on(t.nonce),
    index('bank_links_user_idx').on(t.userId),
  ],
);

/**
 * Each transaction call made for an account, kept a day: the provider allows four per account in
 * any 24 hours, and every instance counts the same rows before it calls.
 */
export const bankSyncCalls = pgTable(
  'bank_sync_calls',
  {
    id: serial('id').primaryKey(),
    bankAccountId: integer('bank_account_id')
      .notNull()
      .references(() => bankAccounts.id, { onDelete: 'cascade' }),
    calledAt: timestamp('called_at', { withTimezone: true }).notNull().defaultNow(),
    /** Whether a person was present (the first fetch, 'Nu synchroniseren'). */
    attended: boolean('attended').notNull().default(false),
  },
  (t) => [index('bank_sync_calls_account_idx').on(t.bankAccountId, t.calledAt)],
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
