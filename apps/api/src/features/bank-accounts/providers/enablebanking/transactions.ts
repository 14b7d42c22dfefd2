import { decimalToCents, ProviderError, type ProviderTransaction } from '../provider';
import type { AccountReference, Transaction } from './schemas';

/**
 * BOOK is booked. PDNG is pending, and so is HOLD: money the bank has reserved (a card hold)
 * that the user sees leave. SCHD (not yet due), CNCL and RJCT (never happened) and OTHR (no
 * meaning given) are left out.
 */
const STATUSES: Partial<Record<string, ProviderTransaction['status']>> = {
  BOOK: 'booked',
  PDNG: 'pending',
  HOLD: 'pending',
};

/** Our transaction, or null for a status we do not import. */
export function toProviderTransaction(row: Transaction): ProviderTransaction | null {
  const status = STATUSES[row.status];
  if (!status) return null;
  // The amount is a magnitude and the indicator its direction; a bank that signs it anyway
  // must not flip a debit into a credit.
  const magnitude = Math.abs(decimalToCents(row.transaction_amount.amount));
  const outgoing = row.credit_debit_indicator === 'DBIT';
  return {
    bankId: realEntryReference(row.entry_reference),
    status,
    bookingDate: dateOf(row.booking_date),
    valueDate: dateOf(row.value_date),
    amountCents: outgoing && magnitude !== 0 ? -magnitude : magnitude,
    currency: row.transaction_amount.currency,
    counterpartyName: text(outgoing ? row.creditor?.name : row.debtor?.name),
    counterpartyIban: ibanOf(outgoing ? row.creditor_account : row.debtor_account),
    description: text((row.remittance_information ?? []).join(' ')),
  };
}

/**
 * Positional references number the rows of a day ('3', '2026-06-30.2') and shift when the
 * bank books another row on that day, so they cannot tell two bookings apart over time. Short
 * numbers are taken for positions: a bank that counts its bookings (Rabobank's '3051') soon has
 * more digits than the rows of one day.
 */
const POSITIONAL = [/^\d{1,3}$/, /^\d{4}-?\d{2}-?\d{2}[-./_]\d{1,4}$/];

/** The bank's entry reference where it is a real id, else null (the import keys by content). */
function realEntryReference(value: string | null | undefined): string | null {
  const reference = value?.trim();
  if (!reference || /^0+$/.test(reference)) return null;
  if (POSITIONAL.some((pattern) => pattern.test(reference))) return null;
  return reference;
}

function dateOf(value: string | null | undefined): string | null {
  const match = /^\d{4}-\d{2}-\d{2}/.exec(value ?? '');
  return match ? match[0] : null;
}

function text(value: string | null | undefined): string | null {
  const folded = (value ?? '').replace(/\s+/g, ' ').trim();
  return folded === '' ? null : folded;
}

export function ibanOf(account: AccountReference): string | null {
  const iban =
    account?.iban ?? (account?.other?.scheme_name === 'IBAN' ? account.other.identification : null);
  const compact = iban?.replace(/\s+/g, '').toUpperCase();
  return compact ? compact : null;
}

/**
 * Enable Banking binds a continuation key to the query that produced it, so the cursor carries
 * the query along with the key and the next page repeats it exactly.
 */
export interface Cursor {
  key: string;
  from: string;
  to: string;
}

export function encodeCursor(cursor: Cursor): string {
  const { key: k, from: f, to: t } = cursor;
  return Buffer.from(JSON.stringify({ k, f, t })).toString('base64url');
}

export function decodeCursor(cursor: string): Cursor {
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (typeof value === 'object' && value !== null) {
      const { k, f, t } = value as Record<string, unknown>;
      if (typeof k === 'string' && typeof f === 'string' && typeof t === 'string') {
        return { key: k, from: f, to: t };
      }
    }
  } catch {
    // Answered below, the same as a cursor of the wrong shape.
  }
  throw new ProviderError('invalid_request', 'The transactions cursor is not one this client made');
}
