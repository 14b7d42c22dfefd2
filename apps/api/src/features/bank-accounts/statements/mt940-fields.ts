/** The fixed-layout MT940 fields: the account (:25:), balances (:60:, :62:) and bookings (:61:). */
import { decimalToCents, isoDate, normaliseIban, StatementError } from './statement';

/** Two-digit years: SWIFT has no century, and no bank export predates 1980. */
const fullYear = (yy: number) => (yy < 80 ? 2000 + yy : 1900 + yy);

/** YYMMDD as YYYY-MM-DD, refused when the day does not exist. */
export function swiftDate(text: string, line: number): string {
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
  /** The optional second line (34x); Rabobank put the counterparty's account there. */
  supplementary: string | null;
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

export function parseBooking(first: string, more: string[], line: number): Booking {
  const m = BOOKING.exec(first.trim());
  if (!m) throw new StatementError('statement_malformed', `"${first}" is not a booking`, line);
  const [, value, entry, mark, , amount, , refs = ''] = m;
  const valueDate = swiftDate(value!, line);
  const cents = decimalToCents(amount!, ',', line);
  // A reversal of a credit takes the money back out; a reversal of a debit puts it back.
  const sign = mark === 'D' || mark === 'RC' ? -1 : 1;
  const split = refs.indexOf('//');
  return {
    bookingDate: entry ? entryDate(valueDate, entry, line) : valueDate,
    amountCents: sign * cents,
    customerReference: reference(split < 0 ? refs : refs.slice(0, split)),
    bankReference: split < 0 ? null : reference(refs.slice(split + 2)),
    supplementary: more.map((t) => t.trim()).find(Boolean) ?? null,
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
