/**
 * What every bank statement parser (CAMT.053, MT940, CSV) turns a file into: the accounts it
 * speaks of and their booked lines, in the bank's own sign. The import core dedupes, previews and
 * stores these; the open-banking sync will produce the same shape.
 */

import type {
  StatementFormat,
  StatementErrorCode as WireErrorCode,
} from '@helder/shared/bank-accounts';

export { type StatementFormat } from '@helder/shared/bank-accounts';

export interface StatementLine {
  /** Where it stands in the file (1-based line, or the entry's line for XML), for messages. */
  line: number;
  /** The booking date, YYYY-MM-DD (the bank's day; no time). */
  bookingDate: string;
  /** Signed cents: negative leaves the account (debit), positive enters it (credit). */
  amountCents: number;
  /** ISO 4217 code as the file states it, upper case. */
  currency: string;
  counterpartyName: string | null;
  /** IBAN (or other account number) of the other party, spaces removed, upper case. */
  counterpartyIban: string | null;
  /** Payment description / remittance information, whitespace runs folded to one space. */
  description: string | null;
  /**
   * The bank's own unique reference of this booking where the format has one (CAMT
   * AcctSvcrRef, or the entry reference plus the detail's index for batch entries; MT940
   * bank reference where a flavour makes it unique); null otherwise (the import then hashes).
   */
  bankReference: string | null;
}

/**
 * Takes each booked line as a streaming parser reads it, with the account it belongs to, so a
 * large file's lines need not all be held at once; the account's `lines` then stay empty.
 */
export type LineSink = (account: StatementAccount, line: StatementLine) => void;

export interface StatementAccount {
  /** IBAN of the account the statement is of, spaces removed, upper case; null if absent. */
  iban: string | null;
  /**
   * The BIC of the account's bank where the file names it (MT940 `RABONL2U/0123456789`, CAMT
   * `Acct/Svcr`): an account number from before the IBAN does not say which bank it is at.
   */
  bankBic?: string | null;
  holderName: string | null;
  /** Balances in cents where the file gives them (first opening, last closing). */
  openingBalanceCents: number | null;
  closingBalanceCents: number | null;
  lines: StatementLine[];
}

/** Zero-amount lines are set aside by the import, not the parsers. */
type SkipReason = 'currency' | 'not_booked' | 'zero_amount';

export interface SkippedLine {
  line: number;
  reason: SkipReason;
  /** E.g. the currency code, for the preview's list. */
  detail: string;
}

export interface ParsedStatement {
  format: StatementFormat;
  /** The bank the layout belongs to where it can be told (csv: 'ing', 'rabobank', …). */
  flavour: string | null;
  /** One per account in the file; several statements of one account are merged in file order. */
  accounts: StatementAccount[];
  skipped: SkippedLine[];
}

/** The refusals a parser can make; the import adds those about accounts and size. */
export type StatementErrorCode = Exclude<
  WireErrorCode,
  'statement_foreign_account' | 'statement_no_account' | 'statement_too_large'
>;

/** A file the parser refuses; `line` names where, when one applies. */
export class StatementError extends Error {
  constructor(
    readonly code: StatementErrorCode,
    message: string,
    readonly line: number | null = null,
  ) {
    super(line === null ? message : `Line ${line}: ${message}`);
  }
}

/**
 * Cents of a decimal amount written with `decimal` as its separator ("-1234,5", "12.00",
 * "7,"): an optional sign, digits, at most two decimals. Thousands separators are refused rather
 * than guessed, because "1.234" means 1234 in one locale and 1.234 in another.
 */
export function decimalToCents(text: string, decimal: ',' | '.', line: number): number {
  const trimmed = text.trim();
  const sep = decimal === ',' ? ',' : '\\.';
  const match = new RegExp(`^([+-]?)(\\d+)(?:${sep}(\\d{0,2}))?$`).exec(trimmed);
  if (!match) {
    throw new StatementError('statement_bad_amount', `"${trimmed}" is not an amount`, line);
  }
  const [, sign, whole, fraction = ''] = match;
  const cents = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  if (!Number.isSafeInteger(cents) || cents > 99_999_999_999) {
    throw new StatementError('statement_bad_amount', `"${trimmed}" is out of range`, line);
  }
  return sign === '-' ? -cents : cents;
}

/** YYYY-MM-DD of a calendar date that exists; a statement error naming the line otherwise. */
export function isoDate(year: number, month: number, day: number, line: number): string {
  const date = new Date(Date.UTC(year, month - 1, day));
  if (
    !Number.isInteger(year) ||
    year < 1900 ||
    year > 2999 ||
    date.getUTCFullYear() !== year ||
    date.getUTCMonth() !== month - 1 ||
    date.getUTCDate() !== day
  ) {
    throw new StatementError('statement_bad_date', `${year}-${month}-${day} is not a date`, line);
  }
  return date.toISOString().slice(0, 10);
}

/** An account number as the import compares them: no spaces, upper case; null when empty. */
export const normaliseIban = (text: string | null | undefined) => {
  const v = text?.replace(/\s+/g, '').toUpperCase() ?? '';
  return v === '' ? null : v;
};

/** Whitespace runs folded to one space and trimmed; null when nothing is left. */
export const foldText = (text: string | null | undefined) => {
  const v = text?.replace(/\s+/g, ' ').trim() ?? '';
  return v === '' ? null : v;
};
