import { z } from 'zod';
import { idSchema, numberish, optionalQuery } from '../http';
import { attachmentSchema } from '../media/media.schema';
import {
  BANK_ACCESS_DAYS_MAX,
  BANK_DAYS_DEFAULT,
  BANK_HISTORY_DAYS_MAX,
  BANK_PROVIDERS,
  BANK_SYNC_PROBLEMS,
  CSV_DATE_FORMATS,
  CSV_DECIMALS,
  CSV_DELIMITERS,
  INSTITUTION_BICS,
  SKIP_REASONS,
  STATEMENT_FORMATS,
  STATEMENT_PROGRESS_STATUSES,
} from './bank-accounts.constants';

/**
 * A bank account as its owner and users see it (`owned_bank_accounts`, the Banks tab). `name`
 * and `expiration_date` are always filled in (docs/api-rules.md §13): the account's own name,
 * else its holder, else its bank and last digits; `NEVER_EXPIRES` when nothing expires.
 */
export const bankAccountSummarySchema = z.object({
  id: z.number(),
  name: z.string().nullable(),
  iban: z.string(),
  institution_name: z.string(),
  institution_logo: z.string().nullable(),
  expiration_date: z.string().nullable(),
  user_count: z.number(),
  is_revoked: z.boolean(),
  last_synced_at: z.string().nullable(),
  next_sync_at: z.string().nullable(),
  holder_name: z.string().nullable(),
  provider: z.enum(BANK_PROVIDERS),
  /** The provider's id of the bank, to renew the consent ('Vernieuw nu'); null for files. */
  institution_id: z.string().nullable(),
  /** Why the account does not sync now, or null when it does (or is a statement file's). */
  sync_problem: z.enum(BANK_SYNC_PROBLEMS).nullable(),
});
export type BankAccountSummary = z.infer<typeof bankAccountSummarySchema>;

/** A user's picture object, as users, initiatives and activities carry it. */
const pictureSchema = attachmentSchema.omit({ id: true });

export const bankAccountUserSchema = z.object({
  id: z.number(),
  email: z.string(),
  profile_picture: pictureSchema.nullable(),
});

/** The account's owner, as a linked user (initiative owners) is shown. */
export const bankAccountOwnerSchema = bankAccountUserSchema.extend({
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
});

/** GET /user/{uid}/bank-account/{id}: the account with the people it is shared with. */
export const bankAccountSchema = bankAccountSummarySchema.extend({
  owner_id: z.number(),
  owner: bankAccountOwnerSchema,
  /** Payments still come in: neither revoked nor past its expiration date. */
  is_linked: z.boolean(),
  /** The institution's logo, as the call table names it on an account (= institution_logo). */
  logo: z.string().nullable(),
  users: z.array(bankAccountUserSchema),
});
export type BankAccount = z.infer<typeof bankAccountSchema>;

export const bankAccountsResponse = z.object({
  ownedBankAccounts: z.array(bankAccountSummarySchema),
  usedBankAccounts: z.array(bankAccountSummarySchema),
});
export type BankAccounts = z.infer<typeof bankAccountsResponse>;

/** Cents as euros on the wire (docs/api-rules.md §8). */
const euros = z.number();

/** A payment the account holds that a line of the file is taken for (so not imported again). */
export const statementDuplicateSchema = z.object({
  payment_id: z.number(),
  booking_date: z.string(),
  amount: euros,
  counterparty: z.string().nullable(),
  description: z.string().nullable(),
});
export type StatementDuplicate = z.infer<typeof statementDuplicateSchema>;

/** How many of an account's already imported lines the preview lists; the rest are counted. */
export const PREVIEW_DUPLICATES_SHOWN = 100;

/** What one account of the file would gain. */
export const statementAccountPreviewSchema = z.object({
  iban: z.string().nullable(),
  holder_name: z.string().nullable(),
  /** The caller's existing account of this IBAN, or null when the import will create it. */
  bank_account_id: z.number().nullable(),
  first_date: z.string().nullable(),
  last_date: z.string().nullable(),
  line_count: z.number(),
  new_count: z.number(),
  duplicate_count: z.number(),
  opening_balance: euros.nullable(),
  closing_balance: euros.nullable(),
  /** Opening + the lines = closing; null when the file has no balances. */
  balance_matches: z.boolean().nullable(),
  /**
   * The first PREVIEW_DUPLICATES_SHOWN of the `duplicate_count` lines, in file order, each as
   * the payment it is taken for. Absent from servers before it was added.
   */
  duplicates: z.array(statementDuplicateSchema).optional(),
  /** The account's bank; null for a number without an IBAN whose bank the file does not name. */
  institution_name: z.string().nullable(),
  /** The bank must be chosen on confirm (`bank`, one of DUTCH_INSTITUTIONS) before importing. */
  bank_required: z.boolean(),
});

export const statementPreviewSchema = z.object({
  id: z.number(),
  file_name: z.string(),
  format: z.enum(STATEMENT_FORMATS),
  flavour: z.string().nullable(),
  accounts: z.array(statementAccountPreviewSchema),
  skipped: z.array(
    z.object({ line: z.number(), reason: z.enum(SKIP_REASONS), detail: z.string() }),
  ),
  new_count: z.number(),
  duplicate_count: z.number(),
  skipped_count: z.number(),
});
export type StatementPreview = z.infer<typeof statementPreviewSchema>;

/** The confirm's query: the bank of the file's account numbers that do not name theirs. */
export const statementConfirmQuery = z.object({
  bank: optionalQuery(z.enum(INSTITUTION_BICS)),
});

export const statementResultSchema = z.object({
  id: z.number(),
  new_count: z.number(),
  duplicate_count: z.number(),
  skipped_count: z.number(),
  /**
   * Lines kept beside a payment the bank link fetched that they only look like, each flagged
   * with it (docs/api-rules.md §13). Absent from servers before it was added.
   */
  possible_duplicate_count: z.number().optional(),
  bank_account_ids: z.array(z.number()),
});
export type StatementResult = z.infer<typeof statementResultSchema>;

export const statementProgressSchema = z.object({
  id: z.number(),
  status: z.enum(STATEMENT_PROGRESS_STATUSES),
  /** The file's lines, and how many of them are processed so far (added, or known already). */
  line_count: z.number(),
  done_count: z.number(),
});
export type StatementProgress = z.infer<typeof statementProgressSchema>;

/** Multipart text fields beside `file`. */
export const statementUploadFields = z.object({
  /** The account a file without its own account number belongs to (and whose mapping to use). */
  bank_account_id: idSchema.optional(),
  /** JSON of a CSV column mapping (CsvMapping), for a CSV layout we do not know. */
  mapping: z.string().max(4000).optional(),
});

/**
 * The column mapping a user supplies for a CSV export of a bank whose layout is not known (the
 * upload's `mapping` field, as JSON). It is saved with the bank account, so the API validates it
 * again before each use.
 */
/** A 0-based column index; far above any real export, so a typo cannot allocate much. */
const column = z.number().int().min(0).max(255);

export const csvMappingSchema = z.strictObject({
  delimiter: z.enum(CSV_DELIMITERS),
  hasHeader: z.boolean(),
  date: column,
  dateFormat: z.enum(CSV_DATE_FORMATS),
  amount: column,
  decimal: z.enum(CSV_DECIMALS),
  /** Amount unsigned plus a debit/credit column; without it the amount carries its own sign. */
  debitCredit: z
    .strictObject({
      column,
      /** Cell values (compared trimmed, case-insensitively) that mean money left the account. */
      debitValues: z.array(z.string().trim().min(1).max(40)).min(1).max(10),
    })
    .optional(),
  /** The own account (IBAN); without it all rows belong to one account of unknown IBAN. */
  account: column.optional(),
  counterpartyName: column.optional(),
  counterpartyIban: column.optional(),
  /** Joined with a space, in this order. */
  description: z.array(column).max(10).optional(),
  /** ISO 4217 code per row; without it every row is taken as EUR. */
  currency: column.optional(),
  /** The bank's unique id of a booking, used for deduplication instead of a hash. */
  reference: column.optional(),
});

export type CsvMapping = z.infer<typeof csvMappingSchema>;

/** A bank to link, as the add-bank flow's first step lists it. */
export const institutionSchema = z.object({
  id: z.string(),
  name: z.string(),
  logo: z.string().nullable(),
  /** The longest consent and history the bank grants, in days. */
  max_access_days: z.number(),
  max_history_days: z.number(),
});
export type Institution = z.infer<typeof institutionSchema>;
export const institutionsResponse = z.object({ institutions: z.array(institutionSchema) });

/** Longer than any bank id either provider uses. */
const INSTITUTION_ID_MAX = 200;

const days = (max: number) =>
  optionalQuery(numberish(z.number().int().min(1).max(max))).default(BANK_DAYS_DEFAULT);

/**
 * A provider's id of a bank: GoCardless's ('ABNAMRO_ABNANL2A') or ours for Enable Banking
 * ('NL:ABN AMRO'). Both are short printable text; anything else is refused before a link is
 * stored or the provider is asked.
 */
const institutionId = z
  .string()
  .trim()
  .min(1, 'Choose a bank')
  .max(INSTITUTION_ID_MAX, `A bank id is at most ${INSTITUTION_ID_MAX} characters`)
  .regex(/^[^\p{C}]+$/u, 'A bank id holds no control or invisible characters');

/** GET /users/{uid}/gocardless-initiate: the bank and the consent asked for. */
export const bankLinkQuery = z.object({
  institution_id: institutionId,
  n_days_access: days(BANK_ACCESS_DAYS_MAX),
  n_days_history: days(BANK_HISTORY_DAYS_MAX),
});
/** The bank's consent page, to open in a new window. */
export const bankLinkResponse = z.object({ url: z.string() });

/**
 * 'Nu synchroniseren': `queued` when a sync starts now; `waiting` when the provider's daily
 * limit allows the next call only at `next_sync_at`.
 */
export const bankSyncResponse = z.object({
  status: z.enum(['queued', 'waiting']),
  next_sync_at: z.string().nullable(),
});
