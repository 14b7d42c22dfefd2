/** The fixed-layout MT940 fields: the account (:25:), balances (:60:, :62:) and bookings (:61:). */
import { decimalToCents, isoDate, normaliseIban, StatementError } from './statement';

/** Two-digit years: SWIFT has no century, and no bank export predates 1980. */
const fullYear = (yy: number) => (yy < 80 ? 2000 + yy : 1900 + yy);

/** YYMMDD as YYYY-MM-DD, refused when the day does not exist. */
function swiftDate(text: string, line: number): string {
  return isoDate(
    fullYear(Number(text.slice(0, 2))),
    Number(text.slice(2, 4)),
    Number(text.slice(4, 6)),
    line,
  );
}

/** ISO 13616 check: moves the country and check digits to the end, letters to numbers, mod 97. */
export function isValidIban(text: string): boolean {
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(text)) return false;
  const moved = text.slice(4) + text.slice(0, 4);
  let rest = 0;
  for (const ch of moved) {
    const code = ch.charCodeAt(0);
    const digits = code >= 65 ? String(code - 55) : ch;
    for (const d of digits) rest = (rest * 10 + Number(d)) % 97;
  }
  return rest === 1;
}

/**
 * The account of `:25:`. Banks write "NL91INGB0001234567EUR", "NL91RABO0123456789 EUR",
 * "TRIODOSBANK/NL…" or a bare pre-IBAN number; the currency suffix can only be told from the IBAN
 * by its checksum, so a part that is not a valid IBAN as a whole is tried without one.
 */
export function accountOf(text: string): string | null {
  const parts = text
    .toUpperCase()
    .split(/[\s/]+/)
    .filter(Boolean);
  for (const part of parts) {
    if (isValidIban(part)) return part;
    const bare = part.replace(/[A-Z]{3}$/, '');
    if (bare !== part && isValidIban(bare)) return bare;
  }
  // No valid IBAN: the part that looks most like an account number, without a currency suffix.
  const number = parts.filter((p) => /\d/.test(p)).pop();
  return normaliseIban(number?.replace(/(?<=\d)[A-Z]{3}$/, ''));
}

export interface Balance {
  date: string;
  currency: string;
  cents: number;
}

/** `:60F:`, `:62F:` and their intermediate kin: C|D, YYMMDD, currency, amount. */
export function parseBalance(text: string, line: number): Balance {
  const m = /^([CD])(\d{6})([A-Z]{3})(\S+)\s*$/.exec(text.trim());
  if (!m) throw new StatementError('statement_malformed', `"${text}" is not a balance`, line);
  const [, mark, date, currency, amount] = m;
  const cents = decimalToCents(amount!, ',', line);
  return {
    date: swiftDate(date!, line),
    currency: currency!,
    cents: mark === 'D' ? -cents : cents,
  };
}

export interface Booking {
  bookingDate: string;
  amountCents: number;
  /** The account owner's reference (16x before `//`), null for NONREF and its kin. */
  customerReference: string | null;
  /** The bank's reference (after `//`), null when absent or NONREF. */
  bankReference: string | null;
  /** The other party as the booking line itself names it (de Volksbank, older Rabobank). */
  counterpartyName: string | null;
  counterpartyIban: string | null;
}

/**
 * Value date, optional entry date (MMDD), mark (C, D, RC, RD), optional funds code, amount,
 * type (N/F/S + 3), reference. The amount also admits dots so that "1.234,00" is refused as an
 * amount, not as an unreadable line.
 */
const BOOKING = /^(\d{6})(\d{4})?(RC|RD|C|D)([A-Z])?(\d[\d,.]*)([NFS][A-Z0-9]{3})(.*)$/;

/** References that say "there is none" (ING's EREF points at the :86: end-to-end id). */
const NO_REFERENCE = new Set(['', 'NONREF', 'NOTPROVIDED', 'EREF']);
const reference = (text: string | undefined) => {
  const v = text?.trim() ?? '';
  return NO_REFERENCE.has(v.toUpperCase()) ? null : v;
};

/** An account number as banks write it in :61:: an IBAN, a bank number or a giro number. */
const ACCOUNT = /^(?:[A-Z]{2}\d{2}[A-Z0-9]{11,30}|\d{9,10}|P\d{1,9})$/;
const isAccount = (text: string) =>
  ACCOUNT.test(text) && (!/^[A-Z]{2}\d{2}/.test(text) || isValidIban(text));

/** A reference that is an IBAN (a bank number there could as well be an invoice number). */
const ibanAsReference = (reference: string | null) => {
  const upper = reference?.toUpperCase() ?? '';
  return isValidIban(upper) ? upper : null;
};

/**
 * The other party in :61:. ASN, SNS and RegioBank put its account where the owner's reference
 * goes and its name on the second line; older Rabobank exports put account and name together on
 * the second line. ING's second line ("/TRCD/…/") holds codes, never a party.
 */
function partyOf(reference: string | null, second: string | null) {
  const account = ibanAsReference(reference);
  const party = {
    counterpartyIban: normaliseIban(account),
    counterpartyName: null as string | null,
  };
  if (second === null || second.startsWith('/')) return party;
  const [lead = '', ...rest] = second.split(/\s+/);
  if (isAccount(lead.toUpperCase())) {
    party.counterpartyIban ??= normaliseIban(lead);
    party.counterpartyName = rest.join(' ') || null;
  } else if (account !== null) {
    party.counterpartyName = second.replace(/\s+/g, ' ');
  }
  return party;
}

export function parseBooking(first: string, more: string[], line: number): Booking {
  const m = BOOKING.exec(first.trim());
  if (!m) throw new StatementError('statement_malformed', `"${first}" is not a booking`, line);
  const [, value, entry, mark, , amount, , refs = ''] = m;
  const valueDate = swiftDate(value!, line);
  const cents = decimalToCents(amount!, ',', line);
  // A reversal of a credit takes the money back out; a reversal of a debit puts it back.
  const sign = mark === 'D' || mark === 'RC' ? -1 : 1;
  const split = refs.indexOf('//');
  const customer = reference(split < 0 ? refs : refs.slice(0, split));
  const party = partyOf(customer, more.map((t) => t.trim()).find(Boolean) ?? null);
  return {
    bookingDate: entry ? entryDate(valueDate, entry, line) : valueDate,
    amountCents: sign * cents,
    // An account in the reference's place names the other party, not this booking: taken as a
    // reference, every payment to that party would count as one and the same.
    customerReference: ibanAsReference(customer) === null ? customer : null,
    bankReference: split < 0 ? null : reference(refs.slice(split + 2)),
    ...party,
  };
}

/**
 * The entry date has no year: it is the value date's, unless the two straddle New Year (a value
 * date of 31 December booked on 2 January, or a value date in January booked in December).
 */
function entryDate(valueDate: string, mmdd: string, line: number): string {
  const valueYear = Number(valueDate.slice(0, 4));
  const valueMonth = Number(valueDate.slice(5, 7));
  const month = Number(mmdd.slice(0, 2));
  const day = Number(mmdd.slice(2, 4));
  let year = valueYear;
  if (month - valueMonth > 6) year -= 1;
  else if (valueMonth - month > 6) year += 1;
  return isoDate(year, month, day, line);
}
