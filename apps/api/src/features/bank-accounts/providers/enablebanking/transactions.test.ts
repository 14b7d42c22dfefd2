import { describe, expect, it } from 'vitest';
import { ProviderError } from '../provider';
import type { Transaction } from './schemas';
import { decodeCursor, encodeCursor, toProviderTransaction } from './transactions';

const row = (change: Partial<Transaction>): Transaction => ({
  entry_reference: 'REF-1',
  transaction_amount: { amount: '10.00', currency: 'EUR' },
  credit_debit_indicator: 'CRDT',
  status: 'BOOK',
  booking_date: '2026-06-15',
  value_date: '2026-06-14',
  debtor: { name: 'Gemeente Zwolle' },
  debtor_account: { other: { identification: 'NL27 INGB 0000 1234 56', scheme_name: 'IBAN' } },
  remittance_information: ['Subsidie'],
  ...change,
});

describe('an Enable Banking transaction in our shape', () => {
  it('imports booked, pending and held rows and leaves out what never happened or is not due', () => {
    const statuses = ['BOOK', 'PDNG', 'HOLD', 'SCHD', 'CNCL', 'RJCT', 'OTHR', 'NEW'];
    expect(
      statuses.map((status) => toProviderTransaction(row({ status }))?.status ?? null),
    ).toEqual(['booked', 'pending', 'pending', null, null, null, null, null]);
  });

  it('reads an IBAN given as another identification, and dates written as date-times', () => {
    expect(
      toProviderTransaction(row({ booking_date: '2026-06-15T00:00:00Z', value_date: 'gisteren' })),
    ).toMatchObject({
      bookingDate: '2026-06-15',
      valueDate: null,
      counterpartyIban: 'NL27INGB0000123456',
      counterpartyName: 'Gemeente Zwolle',
    });
  });

  it('refuses an amount it cannot read exactly', () => {
    expect(() =>
      toProviderTransaction(row({ transaction_amount: { amount: '1,5', currency: 'EUR' } })),
    ).toThrow(ProviderError);
  });
});

describe('the transactions cursor', () => {
  it('carries the key with its query and refuses what it did not make', () => {
    const cursor = { key: 'eyJwYXJhbXMiOnt9fQ.abc', from: '2026-01-01', to: '2026-06-15' };
    expect(decodeCursor(encodeCursor(cursor))).toEqual(cursor);
    for (const made of ['', 'not base64 at all', Buffer.from('{"k":1}').toString('base64url')]) {
      expect(() => decodeCursor(made)).toThrow(
        'The transactions cursor is not one this client made',
      );
    }
  });
});
