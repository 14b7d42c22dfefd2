/**
 * The `expiration_date` of an account without a consent that ends (a statement file's): far
 * ahead, so a client that counts the days until expiry shows a date rather than 1970
 * (docs/api-rules.md §13, ADR 0021).
 */
export const NEVER_EXPIRES = '9999-12-31T00:00:00.000Z';

/** The day an account's access ends, or null when it never does. */
export const expiresOn = (expirationDate: string | null): string | null =>
  expirationDate === null || expirationDate >= NEVER_EXPIRES ? null : expirationDate;

/**
 * The institution name of the provider's demo bank: a client of the call table shows its fixed
 * sandbox logo for exactly this name when the account has no logo of its own.
 */
export const SANDBOX_INSTITUTION = 'Sandbox';

/** Where an account's payments come from (docs/api-rules.md §13). */
export const BANK_PROVIDERS = ['file', 'sandbox', 'gocardless', 'enablebanking'] as const;
export type BankProvider = (typeof BANK_PROVIDERS)[number];
export const STATEMENT_FORMATS = ['camt053', 'mt940', 'csv'] as const;
export type StatementFormat = (typeof STATEMENT_FORMATS)[number];
/**
 * Why a file is refused (422 with this code in `errors[0].code`, field `file`, and the line in
 * `errors[0].line` where one applies). The web shows each in the reader's language.
 */
export const STATEMENT_ERRORS = [
  'statement_empty',
  'statement_malformed',
  'statement_truncated',
  'statement_doctype',
  'statement_missing_columns',
  'statement_bad_date',
  'statement_bad_amount',
  'statement_unknown_format',
  /** The file is of an account someone else has linked. */
  'statement_foreign_account',
  /** The file names no account and none was chosen. */
  'statement_no_account',
  'statement_too_large',
  /** Another upload of the same user is still being read (429). */
  'statement_busy',
  /** An account in the file has a number without its bank, and no bank was chosen. */
  'statement_no_bank',
  /** The preview is older than a day: the file must be uploaded again. */
  'statement_preview_expired',
] as const;
export type StatementErrorCode = (typeof STATEMENT_ERRORS)[number];
/** Why a line of the file is not imported: another currency, not booked yet, or no amount. */
export const SKIP_REASONS = ['currency', 'not_booked', 'zero_amount'] as const;

/**
 * The Dutch banks by BIC (eight characters), named as people know them. An IBAN names its bank
 * (the BIC's first four letters); an account number from before the IBAN does not, so the file's
 * BIC or the user's choice from this list says which bank it is at.
 */
export const DUTCH_INSTITUTIONS = [
  { bic: 'ABNANL2A', name: 'ABN AMRO' },
  { bic: 'ASNBNL21', name: 'ASN Bank' },
  { bic: 'BUNQNL2A', name: 'bunq' },
  { bic: 'INGBNL2A', name: 'ING' },
  { bic: 'KNABNL2H', name: 'Knab' },
  { bic: 'RABONL2U', name: 'Rabobank' },
  { bic: 'RBRBNL21', name: 'RegioBank' },
  { bic: 'SNSBNL2A', name: 'SNS' },
  { bic: 'TRIONL2U', name: 'Triodos Bank' },
  { bic: 'FVLBNL22', name: 'Van Lanschot Kempen' },
  { bic: 'REVONL22', name: 'Revolut' },
  { bic: 'NTSBDEB1', name: 'N26' },
] as const;
export type InstitutionBic = (typeof DUTCH_INSTITUTIONS)[number]['bic'];
export const INSTITUTION_BICS = DUTCH_INSTITUTIONS.map((i) => i.bic) as [
  InstitutionBic,
  ...InstitutionBic[],
];
/** Where an import stands: previewed, running (its lines being added), or done. */
export const STATEMENT_PROGRESS_STATUSES = ['preview', 'importing', 'imported'] as const;

/**
 * The start of a CSV file that decides its encoding (UTF-8 unless these bytes are not valid
 * UTF-8, then Windows-1252) and holds the lines its layout is judged by: the server reads a
 * statement so, and the web's column mapping its sample, so both show the same characters.
 */
export const CSV_SNIFF_BYTES = 64 * 1024;

/**
 * A CSV column mapping (csvMappingSchema), for a bank whose layout we do not know: how its
 * columns are separated, how it writes a date and the decimal sign of its amounts.
 */
export const CSV_DELIMITERS = [',', ';', '\t'] as const;
export type CsvDelimiter = (typeof CSV_DELIMITERS)[number];
export const CSV_DATE_FORMATS = [
  'yyyy-mm-dd',
  'dd-mm-yyyy',
  'dd/mm/yyyy',
  'yyyymmdd',
  'mm/dd/yyyy',
] as const;
export type CsvDateFormat = (typeof CSV_DATE_FORMATS)[number];
export const CSV_DECIMALS = [',', '.'] as const;
export type CsvDecimal = (typeof CSV_DECIMALS)[number];

/**
 * How a linked account's consent may be asked for (docs/api-rules.md §13): access 1–90 days, history
 * from 1 day to what the bank gives (at most 730).
 */
export const BANK_ACCESS_DAYS_MAX = 90;
export const BANK_HISTORY_DAYS_MAX = 730;
/** What the add-bank flow asks for unless told otherwise (the spec's 90 and 90). */
export const BANK_DAYS_DEFAULT = 90;

/**
 * How adding a bank ended: `message` of /transactions/bankconnections/add-bank?step=3
 * (docs/spec-map.md §4, ADR 0025). Anything else shows as unknown.
 */
export const BANK_LINK_OUTCOMES = [
  'success',
  'third-party-error',
  'jwt-token-expired',
  'jwt-validation-error',
  'user-404',
  'requisition-404',
  /** The user stopped at the bank: nothing was linked. */
  'cancelled',
  /** The account is linked by someone else already; it is never shared silently. */
  'account-taken',
] as const;
export type BankLinkOutcome = (typeof BANK_LINK_OUTCOMES)[number];

/**
 * Why a linked account does not sync now: its consent ended or was revoked (link again), the
 * provider's daily limit is reached (it waits until `next_sync_at`), or the provider failed (it
 * tries again at `next_sync_at`).
 */
export const BANK_SYNC_PROBLEMS = ['reauth_required', 'rate_limited', 'unavailable'] as const;
export type BankSyncProblem = (typeof BANK_SYNC_PROBLEMS)[number];
