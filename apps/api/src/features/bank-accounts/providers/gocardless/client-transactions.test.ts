import { describe, expect, it } from 'vitest';
import type { FakeTransaction } from './fake';
import { failure, goCardlessHarness, range } from './client-harness';

/** The GoCardless client's transactions, read from the fake over real HTTP. */

const { fake, freshAccount, today, daysAgo } = goCardlessHarness();

describe('listTransactions', () => {
  it('maps booked and pending rows: signs, counterparties, ids, dates and descriptions', async () => {
    const { client, account } = await freshAccount('ASN_BANK_ASNBNL21');
    const day = daysAgo(40);
    const before = await client.listTransactions(account.accountId, range(day, day));
    const added: Array<[FakeTransaction, 'booked' | 'pending']> = [
      [
        {
          transactionId: 'T-1',
          internalTransactionId: 'int-1',
          bookingDate: day,
          valueDate: day,
          transactionAmount: { amount: '-15.00', currency: 'EUR' },
          creditorName: 'Drukkerij Test',
          creditorAccount: { iban: 'nl91 abna 0417 1643 00' },
          debtorName: 'Stichting Eigen',
          remittanceInformationUnstructured: '  Factuur   42\n flyers ',
        },
        'booked',
      ],
      [
        {
          transactionId: 'BANK-2',
          bookingDate: day,
          transactionAmount: { amount: '1234.5', currency: 'EUR' },
          debtorName: 'Gemeente Test',
          debtorAccount: { iban: 'NL02RABO0123456789' },
          creditorName: 'Stichting Eigen',
          remittanceInformationUnstructuredArray: ['Subsidie', ' 2024 '],
        },
        'booked',
      ],
      [
        {
          transactionId: ' ',
          bookingDateTime: `${day}T09:30:00+01:00`,
          transactionAmount: { amount: '-0.01', currency: 'EUR' },
          creditorName: 'Bank',
          remittanceInformationStructured: 'RF18539007547034',
        },
        'booked',
      ],
      [
        {
          internalTransactionId: 'int-4',
          bookingDate: day,
          transactionAmount: { amount: '12', currency: 'EUR' },
          debtorName: 'J. Jansen',
          additionalInformation: 'Contant gestort',
        },
        'booked',
      ],
      [
        {
          transactionId: 'P-9',
          valueDate: day,
          transactionAmount: { amount: '-10.00', currency: 'EUR' },
          creditorName: 'Snackbar',
          remittanceInformationUnstructured: 'Reservering Snackbar',
        },
        'pending',
      ],
    ];
    for (const [tx, status] of added) fake.control.addTransaction(account.iban!, tx, status);
    const after = await client.listTransactions(account.accountId, range(day, day));

    expect(after.nextCursor).toBeNull();
    const seen = new Set(before.transactions.map((t) => JSON.stringify(t)));
    expect(after.transactions.filter((t) => !seen.has(JSON.stringify(t)))).toEqual([
      {
        bankId: 'int-1',
        status: 'booked',
        bookingDate: day,
        valueDate: day,
        amountCents: -1500,
        currency: 'EUR',
        counterpartyName: 'Drukkerij Test',
        counterpartyIban: 'NL91ABNA0417164300',
        description: 'Factuur 42 flyers',
      },
      {
        bankId: 'BANK-2',
        status: 'booked',
        bookingDate: day,
        valueDate: null,
        amountCents: 123_450,
        currency: 'EUR',
        counterpartyName: 'Gemeente Test',
        counterpartyIban: 'NL02RABO0123456789',
        description: 'Subsidie 2024',
      },
      {
        bankId: null,
        status: 'booked',
        bookingDate: day,
        valueDate: null,
        amountCents: -1,
        currency: 'EUR',
        counterpartyName: 'Bank',
        counterpartyIban: null,
        description: 'RF18539007547034',
      },
      {
        bankId: 'int-4',
        status: 'booked',
        bookingDate: day,
        valueDate: null,
        amountCents: 1200,
        currency: 'EUR',
        counterpartyName: 'J. Jansen',
        counterpartyIban: null,
        description: 'Contant gestort',
      },
      {
        bankId: null,
        status: 'pending',
        bookingDate: null,
        valueDate: day,
        amountCents: -1000,
        currency: 'EUR',
        counterpartyName: 'Snackbar',
        counterpartyIban: null,
        description: 'Reservering Snackbar',
      },
    ]);
  });

  it('reads the generated history: an id on every booked row, none on pending ones', async () => {
    const { client, account } = await freshAccount('SANDBOXFINANCE_SFIN0000', { historyDays: 90 });
    expect(account.iban).toMatch(/^NL\d{2}SNDB\d{10}$/);
    const { transactions } = await client.listTransactions(
      account.accountId,
      range(daysAgo(85), today()),
    );
    const booked = transactions.filter((t) => t.status === 'booked');
    const pending = transactions.filter((t) => t.status === 'pending');
    expect(booked.length).toBeGreaterThan(30);
    // Look-alike rows have ids of their own, so no two booked rows share one.
    expect(new Set(booked.map((t) => t.bankId)).size).toBe(booked.length);
    expect(booked.every((t) => t.bankId !== null && t.bookingDate !== null)).toBe(true);
    expect(pending.every((t) => t.bankId === null && t.bookingDate === null)).toBe(true);
    for (const t of transactions) {
      expect(Number.isInteger(t.amountCents) && t.amountCents !== 0).toBe(true);
      expect(t.counterpartyName).toBeTruthy();
      expect(t.counterpartyIban).toMatch(/^NL\d{2}[A-Z]{4}\d{10}$/);
      expect(t.description).toBeTruthy();
    }
  });

  it('keeps to the dates asked for, and to the history the agreement allows', async () => {
    const { client, account } = await freshAccount('REVOLUT_REVOLT21', { historyDays: 30 });
    const narrow = await client.listTransactions(
      account.accountId,
      range(daysAgo(25), daysAgo(15)),
    );
    expect(narrow.transactions.length).toBeGreaterThan(0);
    for (const t of narrow.transactions) {
      expect(t.status).toBe('booked');
      expect(t.bookingDate! >= daysAgo(25) && t.bookingDate! <= daysAgo(15)).toBe(true);
    }
    const all = await client.listTransactions(account.accountId, range(daysAgo(700), today()));
    const dates = all.transactions.map((t) => t.bookingDate ?? t.valueDate!).sort();
    expect(dates[0]! >= daysAgo(31)).toBe(true);
    expect(all.transactions.length).toBeGreaterThan(narrow.transactions.length);
  });

  it('refuses a cursor: GoCardless answers in one page', async () => {
    const { client, account } = await freshAccount('ASN_BANK_ASNBNL21');
    const error = await failure(
      client.listTransactions(account.accountId, { ...range(today(), today()), cursor: 'x' }),
    );
    expect(error.kind).toBe('invalid_request');
  });
});
