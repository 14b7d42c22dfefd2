/**
 * One interface for the open-banking providers (GoCardless Bank Account Data, Enable Banking).
 * Each adapter speaks its provider's real HTTP API and turns what it answers into these shapes;
 * linking, import, dedupe, scheduling and expiry warnings live once, above this interface, and
 * never see a provider's own field names.
 */

export type ProviderName = 'gocardless' | 'enablebanking';

/** A bank the user can link, as the add-bank flow lists it. */
export interface Institution {
  /** Our id of the bank: GoCardless's institution id; Enable Banking's `<country>:<name>`. */
  id: string;
  name: string;
  /** An absolute URL of the bank's logo, or null. */
  logo: string | null;
  bic: string | null;
  /** The longest consent the bank grants, in days. */
  maxAccessDays: number;
  /** How far back the bank gives transactions, in days. */
  maxHistoryDays: number;
}

/**
 * The user who caused a request, when one is present (a link, the first fetch after consent,
 * 'Nu synchroniseren'). Enable Banking forwards it as PSU headers, which tells the bank that a
 * person is online; it must never be sent on a scheduled, unattended call.
 */
export interface PresentUser {
  ipAddress: string;
  userAgent: string;
}

export interface StartLinkInput {
  institutionId: string;
  /** Days the consent should last; the adapter caps it at the bank's maximum. */
  accessDays: number;
  /** Days of history asked for (GoCardless's end-user agreement; Enable Banking ignores it). */
  historyDays: number;
  /** Where the provider sends the browser back; the adapter adds its own query. */
  redirectUrl: string;
  /** Our signed, single-use state; comes back on the redirect unchanged (≤ 200 characters). */
  state: string;
  /** Two-letter language of the bank's pages, e.g. 'nl'. */
  language: string;
  user: PresentUser | null;
}

export interface StartedLink {
  /** The provider's id of this attempt: a requisition id, or an authorization_id. */
  attemptId: string;
  /** The bank's consent page, to open in the user's browser. */
  url: string;
}

/** What the provider's redirect back says, read without calling anyone. */
export interface CallbackQuery {
  /** Our state as it came back (GoCardless: `ref`; Enable Banking: `state`), or null. */
  state: string | null;
  /** Enable Banking's authorisation code; GoCardless has none. */
  code: string | null;
  /** The provider's error code on the redirect ('UserCancelledSession', 'access_denied'), or null. */
  error: string | null;
  /** Its description, for the log only. */
  errorDetail: string | null;
}

/** An account the user granted access to. */
export interface LinkedAccount {
  /** The provider's id of the account for data calls; may change when the user re-authorises. */
  accountId: string;
  /**
   * What stays the same for this account across re-authorisations: the IBAN where there is one,
   * else Enable Banking's `identification_hash` or GoCardless's account id.
   */
  stableKey: string;
  iban: string | null;
  /** The account's own name at the bank ('Stichting Buurtmoestuin'), or null. */
  name: string | null;
  holderName: string | null;
  currency: string;
}

export interface FinishedLink {
  /** The id of the link for later calls: a requisition id, or an Enable Banking session id. */
  linkId: string;
  /** When the consent ends. */
  validUntil: Date;
  accounts: LinkedAccount[];
}

interface FinishLinkInput {
  /** What `startLink` returned as `attemptId`. */
  attemptId: string;
  /** From the redirect (Enable Banking). */
  code: string | null;
  /** The consent length asked for in `startLink`, for providers that do not return it. */
  accessDays: number;
  user: PresentUser | null;
}

export type LinkStatus = 'pending' | 'active' | 'expired' | 'revoked' | 'failed';

export interface TransactionQuery {
  /** YYYY-MM-DD, inclusive. */
  from: string;
  /** YYYY-MM-DD, inclusive. */
  to: string;
  /** The `nextCursor` of the previous page; it carries its own query (from/to are then ignored). */
  cursor: string | null;
  user: PresentUser | null;
}

export interface ProviderTransaction {
  /**
   * The provider's or bank's own id of the booking, unique per account over time
   * (GoCardless `internalTransactionId`, else `transactionId`; Enable Banking `entry_reference`
   * where it is a real id), or null: the import then keys the line by its content.
   */
  bankId: string | null;
  status: 'booked' | 'pending';
  /** YYYY-MM-DD; null when the bank gave none (a booked row without a date waits). */
  bookingDate: string | null;
  valueDate: string | null;
  /** Signed cents: negative leaves the account. Exact (no floating point on the way). */
  amountCents: number;
  currency: string;
  counterpartyName: string | null;
  counterpartyIban: string | null;
  /** Remittance information, joined and with whitespace folded; null when there is none. */
  description: string | null;
}

export interface TransactionPage {
  transactions: ProviderTransaction[];
  /** Opaque; null on the last page. */
  nextCursor: string | null;
}

/**
 * What went wrong, in one vocabulary for both providers. `message` is what the provider said
 * (its summary/message and detail), safe to log: it never holds a secret or a token.
 */
export type ProviderErrorKind =
  /** The consent ended, was revoked or the link is gone: the user must link again. */
  | 'reauth_required'
  /** Too many calls; `retryAt` when the provider says when, else the next day. */
  | 'rate_limited'
  /** The provider or the bank failed, timed out or answered something unreadable. */
  | 'unavailable'
  /** The provider refused the request as malformed (a bug or a bad range). */
  | 'invalid_request'
  | 'not_found'
  /** Our own credentials (secret, key, app id) are wrong. */
  | 'credentials_invalid'
  /** The account's data is still being prepared; try again shortly. */
  | 'processing';

export class ProviderError extends Error {
  constructor(
    readonly kind: ProviderErrorKind,
    message: string,
    readonly details: { status?: number; code?: string; retryAt?: Date } = {},
  ) {
    super(message);
    this.name = 'ProviderError';
  }
}

export interface BankProvider {
  readonly name: ProviderName;
  /** The banks of a country (ISO 3166 alpha-2), sandbox bank included where the provider has one. */
  listInstitutions(country: string): Promise<Institution[]>;
  startLink(input: StartLinkInput): Promise<StartedLink>;
  readCallback(query: Readonly<Record<string, string | undefined>>): CallbackQuery;
  /**
   * Turns a successful redirect into a link with its accounts. Throws ProviderError:
   * `not_found` for an unknown attempt, `reauth_required` when the user did not finish or the
   * code expired, `unavailable` when the provider failed.
   */
  finishLink(input: FinishLinkInput): Promise<FinishedLink>;
  linkStatus(linkId: string): Promise<LinkStatus>;
  /** Booked and pending transactions of an account in a date range, a page at a time. */
  listTransactions(accountId: string, query: TransactionQuery): Promise<TransactionPage>;
  /** Ends the consent at the provider; a link that is gone already is not an error. */
  deleteLink(linkId: string): Promise<void>;
}

/**
 * A decimal amount as the providers write it ('-15.00', '1234.5', '12') in cents, exactly.
 * Throws ProviderError('unavailable') on anything else: a malformed amount is never guessed.
 */
export function decimalToCents(amount: string): number {
  const match = /^([+-]?)(\d{1,13})(?:\.(\d{1,2}))?$/.exec(amount.trim());
  if (!match) throw new ProviderError('unavailable', `Unreadable amount '${amount}'`);
  const [, sign, whole, fraction = ''] = match;
  const cents = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  return sign === '-' ? -cents : cents;
}
