import { afterEach, describe, expect, it } from 'vitest';
import type { BankProvider, ProviderTransaction, TransactionQuery } from '../provider';
import { day, link, startFake, USER, type Sandbox } from './fake-harness';

let sandbox: Sandbox;
afterEach(async () => {
  await sandbox.close();
});

async function linked(bank: string, startAt?: Date) {
  sandbox = await startFake(startAt ? { startAt } : {});
  const client = sandbox.client();
  const { finished } = await link(client, bank);
  const account = finished.accounts[0];
  if (!account) throw new Error('No account linked');
  return { client, accountId: account.accountId, iban: account.iban ?? '' };
}

/** Every page of a listing, following the cursor. */
async function all(client: BankProvider, accountId: string, query: TransactionQuery) {
  const rows: ProviderTransaction[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const page = await client.listTransactions(accountId, { ...query, cursor });
    rows.push(...page.transactions);
    cursor = page.nextCursor;
    pages += 1;
  } while (cursor !== null && pages < 100);
  return { rows, pages };
}

const transactionCalls = () =>
  sandbox.control.requests
    .filter((r) => r.path.includes('/transactions'))
    .map((r) => new URL(r.path, 'http://fake').searchParams);

describe('the Enable Banking client: transactions', () => {
  it('pages with the continuation key, repeating the first query on every page', async () => {
    const { client, accountId } = await linked('Rabobank');
    const query = { from: day(-20), to: day(0), cursor: null, user: null };
    const first = await client.listTransactions(accountId, query);
    expect(first.transactions).toHaveLength(10);
    expect(first.nextCursor).not.toBeNull();
    // The cursor carries its query: other dates given with it are ignored.
    const second = await client.listTransactions(accountId, {
      from: day(-3),
      to: day(-1),
      cursor: first.nextCursor,
      user: null,
    });
    expect(second.transactions).toHaveLength(10);
    const calls = transactionCalls();
    expect(
      calls.map((q) => [q.get('date_from'), q.get('date_to'), q.has('continuation_key')]),
    ).toEqual([
      [day(-20), day(0), false],
      [day(-20), day(0), true],
    ]);
    expect(calls.every((q) => !q.has('transaction_status'))).toBe(true);

    const { rows, pages } = await all(client, accountId, query);
    expect(pages).toBe(3);
    expect(rows).toHaveLength(22);
    expect(new Set(rows.map((r) => r.bankId)).size).toBe(22);
    expect(rows.slice(0, 20)).toEqual([...first.transactions, ...second.transactions]);
    const dates = rows.map((r) => r.bookingDate ?? '');
    expect(dates).toEqual([...dates].sort().reverse());
    expect(dates.every((d) => d >= day(-20) && d <= day(0))).toBe(true);
  });

  it('keeps two genuine identical transfers apart by their references', async () => {
    const { client, accountId } = await linked('Rabobank');
    const { rows } = await all(client, accountId, {
      from: day(0),
      to: day(0),
      cursor: null,
      user: null,
    });
    const twins = rows.filter((r) => r.description === 'Contributie juni 2026');
    expect(twins).toHaveLength(2);
    expect(twins[0]).toEqual({ ...twins[1], bankId: twins[0]?.bankId });
    expect(twins[0]?.bankId).not.toBe(twins[1]?.bankId);
  });

  it('signs amounts by direction, names the other party and folds the description', async () => {
    const { client, accountId, iban } = await linked('Triodos Bank');
    const add = sandbox.control.addTransaction.bind(null, iban);
    add({
      amount: '12.34',
      direction: 'DBIT',
      counterpartyName: 'Drukkerij Van Dam',
      counterpartyIban: 'NL48TRIO6757224717',
      remittance: ['  Factuur  ', 'juni\t\t2026 ', ''],
      entryReference: 'OUT-1',
    });
    add({
      amount: '1000',
      direction: 'CRDT',
      counterpartyName: 'Gemeente Zwolle',
      counterpartyIban: 'nl27 ingb 0000 1234 56',
      remittance: [],
      entryReference: 'IN-1',
    });
    add({ amount: '-5.00', direction: 'DBIT', entryReference: 'SIGNED-1' });
    add({ amount: '0.5', direction: 'CRDT', entryReference: 'HALF-1' });
    const { rows } = await all(client, accountId, {
      from: day(0),
      to: day(0),
      cursor: null,
      user: null,
    });
    const byId = (id: string) => rows.find((r) => r.bankId === id);
    expect(byId('OUT-1')).toEqual({
      bankId: 'OUT-1',
      status: 'booked',
      bookingDate: day(0),
      valueDate: day(0),
      amountCents: -1234,
      currency: 'EUR',
      counterpartyName: 'Drukkerij Van Dam',
      counterpartyIban: 'NL48TRIO6757224717',
      description: 'Factuur juni 2026',
    });
    expect(byId('IN-1')).toMatchObject({
      amountCents: 100_000,
      counterpartyName: 'Gemeente Zwolle',
      counterpartyIban: 'NL27INGB0000123456',
      description: null,
    });
    expect(byId('SIGNED-1')?.amountCents).toBe(-500);
    expect(byId('HALF-1')).toMatchObject({
      amountCents: 50,
      counterpartyName: null,
      counterpartyIban: null,
    });
  });

  it("takes a bank's costs from Rabobank as paid to Rabobank on the account's own IBAN", async () => {
    const { client, accountId, iban } = await linked('Rabobank', new Date('2026-06-01T11:00:00Z'));
    const { rows } = await all(client, accountId, {
      from: '2026-06-01',
      to: '2026-06-01',
      cursor: null,
      user: null,
    });
    expect(rows.find((r) => r.description === 'Kosten betaalrekening mei')).toMatchObject({
      amountCents: -950,
      counterpartyName: 'Rabobank',
      counterpartyIban: iban,
      bankId: expect.stringMatching(/^\d{6}$/) as unknown,
    });
  });

  it('uses real references as ids and leaves out positional, placeholder and missing ones', async () => {
    const abn = await linked('ABN AMRO', new Date('2026-06-01T11:00:00Z'));
    const fees = await all(abn.client, abn.accountId, {
      from: '2026-06-01',
      to: '2026-06-01',
      cursor: null,
      user: null,
    });
    expect(
      fees.rows.find((r) => r.description === 'ABN AMRO Bank N.V. Kosten betaalrekening mei'),
    ).toMatchObject({
      bankId: null,
      amountCents: -950,
      counterpartyName: null,
    });
    expect(fees.rows.filter((r) => r.bankId !== null).length).toBeGreaterThan(0);
    await sandbox.close();

    const references = [
      '0',
      '00',
      ' ',
      '7',
      '2026-06-15.3',
      '2026-06-15-12',
      '20260615.2',
      'A1B2C3',
      '8123',
    ];
    const triodos = await linked('Triodos Bank');
    references.forEach((entryReference, index) =>
      sandbox.control.addTransaction(triodos.iban, {
        amount: `${index + 1}.11`,
        direction: 'CRDT',
        entryReference,
      }),
    );
    const { rows } = await all(triodos.client, triodos.accountId, {
      from: day(0),
      to: day(0),
      cursor: null,
      user: null,
    });
    const idOf = (index: number) =>
      rows.find((r) => r.amountCents === (index + 1) * 100 + 11)?.bankId;
    expect(references.map((_, index) => idOf(index))).toEqual([
      null,
      null,
      null,
      null,
      null,
      null,
      null,
      'A1B2C3',
      '8123',
    ]);
    await sandbox.close();

    for (const bank of ['SNS Bank', 'Knab']) {
      const positional = await linked(bank);
      const listed = await all(positional.client, positional.accountId, {
        from: day(-10),
        to: day(0),
        cursor: null,
        user: null,
      });
      expect(listed.rows.length).toBeGreaterThan(5);
      expect(listed.rows.every((r) => r.bankId === null)).toBe(true);
      await sandbox.close();
    }

    const missing = await linked('Rabobank');
    sandbox.control.setQuirks('Rabobank', { missingEntryReferences: true });
    const bare = await all(missing.client, missing.accountId, {
      from: day(-10),
      to: day(0),
      cursor: null,
      user: null,
    });
    expect(bare.rows.length).toBeGreaterThan(5);
    expect(bare.rows.every((r) => r.bankId === null)).toBe(true);
  });

  it('lists a card payment as pending, then booked a day later under another reference', async () => {
    // The first account at ING pays at Albert Heijn on 8 June 2026 (the data is seeded).
    const { client, accountId } = await linked('ING', new Date('2026-06-08T19:00:00Z'));
    const query = { from: '2026-06-07', to: '2026-06-09', cursor: null, user: null };
    const card = (rows: ProviderTransaction[]) =>
      rows.find((r) => r.counterpartyName === 'Albert Heijn 1458');
    const pending = card((await all(client, accountId, query)).rows);
    expect(pending).toMatchObject({
      status: 'pending',
      bookingDate: null,
      valueDate: '2026-06-08',
      amountCents: -1807,
      description: 'ALBERT HEIJN 1458',
      bankId: expect.stringMatching(/^P/) as unknown,
    });
    sandbox.control.clock.advance(86_400_000);
    const booked = card((await all(client, accountId, query)).rows);
    expect(booked).toMatchObject({
      status: 'booked',
      bookingDate: '2026-06-09',
      amountCents: -1807,
    });
    expect(booked?.bankId).not.toBe(pending?.bankId);
    expect(booked?.description).toMatch(/^Pasvolgnr: 004 08-06-2026/);
  });

  it('books the pending rows the tester added, under new references', async () => {
    const { client, accountId, iban } = await linked('bunq');
    const reference = sandbox.control.addTransaction(iban, {
      amount: '33.33',
      direction: 'DBIT',
      status: 'PDNG',
    });
    const query = { from: day(-1), to: day(0), cursor: null, user: null };
    const find = async () =>
      (await all(client, accountId, query)).rows.find((r) => r.amountCents === -3333);
    expect(await find()).toMatchObject({ status: 'pending', bookingDate: null, bankId: reference });
    expect(sandbox.control.bookPending(iban)).toBe(1);
    const booked = await find();
    expect(booked).toMatchObject({ status: 'booked', bookingDate: day(0) });
    expect(booked?.bankId).not.toBe(reference);
  });

  it('gets deep history just after consent, and later clamps to what the bank allows', async () => {
    const { client, accountId } = await linked('Rabobank');
    const deep = await all(client, accountId, {
      from: day(-400),
      to: day(0),
      cursor: null,
      user: null,
    });
    expect(deep.rows.some((r) => (r.bookingDate ?? '') < day(-300))).toBe(true);

    sandbox.control.clock.advance(2 * 60 * 60_000);
    const before = sandbox.control.requests.length;
    const later = await all(client, accountId, {
      from: day(-400),
      to: day(0),
      cursor: null,
      user: USER,
    });
    const earliest = day(-89);
    expect(later.rows.length).toBeGreaterThan(20);
    expect(later.rows.every((r) => (r.bookingDate ?? '') >= earliest)).toBe(true);
    const asked = sandbox.control.requests
      .slice(before)
      .map((r) => new URL(r.path, 'http://fake').searchParams.get('date_from'));
    expect(asked).toEqual([day(-400), ...Array<string>(later.pages).fill(earliest)]);
  });

  it('clamps to 90 days when the bank names no earliest date', async () => {
    const { client, accountId } = await linked('Triodos Bank');
    sandbox.control.clock.advance(2 * 60 * 60_000);
    const { rows } = await all(client, accountId, {
      from: day(-200),
      to: day(0),
      cursor: null,
      user: USER,
    });
    expect(rows.length).toBeGreaterThan(20);
    expect(rows.every((r) => (r.bookingDate ?? '') >= day(-89))).toBe(true);
    const refused = sandbox.control.requests.find((r) => r.path.includes(`date_from=${day(-200)}`));
    expect(refused).toBeDefined();
  });

  it('sends PSU headers only on calls a present user caused', async () => {
    const { client, accountId } = await linked('ING');
    const query = { from: day(-2), to: day(0), cursor: null };
    await client.listTransactions(accountId, { ...query, user: null });
    await client.listTransactions(accountId, { ...query, user: USER });
    await client.linkStatus((await link(client, 'ING')).finished.linkId);
    const headers = sandbox.control.requests
      .filter((r) => r.path.includes('/transactions') || r.path.startsWith('/sessions/'))
      .map((r) => [r.method, r.psuIpAddress, r.psuUserAgent]);
    expect(headers).toEqual([
      ['GET', null, null],
      ['GET', USER.ipAddress, USER.userAgent],
      ['GET', null, null],
    ]);
  });
});
