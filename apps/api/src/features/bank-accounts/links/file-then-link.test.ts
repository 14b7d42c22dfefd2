/**
 * An account imported from statement files first and linked through the bank later: the link
 * continues the file's account, and the sync leaves each booking the files hold once, while a
 * look-alike booking (same day and amount, other text) stays a booking of its own.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BankAccounts, StatementPreview } from '@helder/shared/bank-accounts';
import type { UserPayment } from '@helder/shared/payments';
import { bankAccounts, payments } from '../../../db/schema';
import { createTestApp, type TestApp } from '../../../test/app';
import { startProviderSandbox, type ProviderSandbox } from '../../../test/bank-sandbox';
import { createUser, type CreatedUser } from '../../../test/factories';
import { multipart } from '../../../test/multipart';
import { STATEMENT_FORMAT_CASES, type Booking } from '../../../test/statement-generators';
import type { ProviderTransaction } from '../providers/provider';
import { syncAccount } from './bank-sync';

const camt = STATEMENT_FORMAT_CASES.find((c) => c.name === 'camt053')!;
const xml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;');
const DAY_MS = 86_400_000;
const silent = { info() {}, warn() {} };

describe.each(['gocardless', 'enablebanking'] as const)('a file account linked via %s', (name) => {
  let t: TestApp;
  let sandbox: ProviderSandbox;
  let bankId: string;
  beforeAll(async () => {
    sandbox = await startProviderSandbox(name);
    t = await createTestApp({ bank: sandbox.bank });
    const list = await t.app.inject({ url: '/api/utils/gocardless/institutions' });
    bankId = list
      .json<{ institutions: Array<{ id: string }> }>()
      .institutions.find((i) => !/SANDBOX|Mock ASPSP/.test(i.id))!.id;
  });
  afterAll(async () => {
    await t?.close();
    await sandbox?.server.close();
  });

  const owned = async (who: CreatedUser) =>
    (
      await t.app.inject({ url: `/api/user/${who.user.id}/bank-accounts`, headers: who.headers })
    ).json<BankAccounts>().ownedBankAccounts;

  async function link(who: CreatedUser) {
    const started = await t.app.inject({
      url: `/api/users/${who.user.id}/gocardless-initiate?institution_id=${encodeURIComponent(bankId)}`,
      headers: who.headers,
    });
    expect(started.statusCode).toBe(200);
    const back = await sandbox.consent(started.json<{ url: string }>().url, 'allow');
    const reply = await t.app.inject({ url: back.pathname + back.search });
    expect(new URL(reply.headers.location as string, 'http://x').searchParams.get('message')).toBe(
      'success',
    );
  }

  /**
   * What the bank books on the account, as its provider gives it (one user's link, ended), over
   * the days a link's first sync reads: its 90 days of history back from now. Just after the
   * consent the bank still gives that much (later only today − 89 on).
   */
  async function bookedAtBank(): Promise<{ iban: string; rows: ProviderTransaction[] }> {
    const scout = await createUser(t, { password: null });
    await link(scout);
    const [account] = await owned(scout);
    const [row] = await t.database.db
      .select({ providerAccountId: bankAccounts.providerAccountId })
      .from(bankAccounts)
      .where(eq(bankAccounts.id, account!.id));
    const rows: ProviderTransaction[] = [];
    const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
    let cursor: string | null = null;
    do {
      const page = await sandbox.bank.provider.listTransactions(row!.providerAccountId, {
        from: day(Date.now() - 90 * DAY_MS),
        to: day(Date.now()),
        cursor,
        user: null,
      });
      rows.push(...page.transactions);
      cursor = page.nextCursor;
    } while (cursor !== null);
    for (const { id } of await owned(scout)) {
      await t.app.inject({
        method: 'PATCH',
        url: `/api/user/${scout.user.id}/bank-account/${id}`,
        headers: scout.headers,
      });
    }
    const booked = rows.filter((r) => r.status === 'booked' && r.bookingDate && r.amountCents);
    return { iban: account!.iban, rows: booked };
  }

  async function importFile(who: CreatedUser, text: string) {
    const form = await multipart({ file: { name: 'afschrift.xml', data: Buffer.from(text) } });
    const preview = await t.app.inject({
      method: 'POST',
      url: `/api/user/${who.user.id}/statement-imports`,
      payload: form.payload,
      headers: { ...form.headers, ...who.headers },
    });
    expect(preview.statusCode, preview.body).toBe(200);
    const { id } = preview.json<StatementPreview>();
    const done = await t.app.inject({
      method: 'POST',
      url: `/api/user/${who.user.id}/statement-import/${id}/confirm`,
      headers: who.headers,
    });
    expect(done.statusCode, done.body).toBe(200);
  }

  const stored = async (accountId: number) =>
    (
      await t.database.db
        .select({ at: payments.bookingDate, cents: payments.amountCents })
        .from(payments)
        .where(eq(payments.bankAccountId, accountId))
    )
      .map((p) => `${p.at.toISOString().slice(0, 10)} ${p.cents}`)
      .sort();

  it('continues the file account and keeps each booking once', async () => {
    const { iban, rows } = await bookedAtBank();
    const sorted = [...rows].sort((a, b) => a.bookingDate!.localeCompare(b.bookingDate!));
    expect(sorted.length).toBeGreaterThan(4);
    const mid = sorted[Math.floor(sorted.length / 2)]!.bookingDate!;
    // The file holds the older half as its bank writes it (other case and spacing, no id), a
    // booking from before the link's history, and one that only looks like a bank row.
    const copies = sorted.filter((r) => r.bookingDate! <= mid);
    const fromFile = (r: ProviderTransaction): Booking => ({
      date: r.bookingDate!,
      cents: r.amountCents,
      name: xml(r.counterpartyName ?? ''),
      iban: r.counterpartyIban,
      text: xml(`  ${(r.description ?? '').toUpperCase()} `),
      ref: null,
    });
    const older: Booking = {
      date: new Date(Date.now() - 200 * DAY_MS).toISOString().slice(0, 10),
      cents: -1234,
      name: 'Drukkerij Jansen',
      iban: null,
      text: 'Flyers',
      ref: null,
    };
    const lookAlike: Booking = { ...fromFile(copies[0]!), text: 'Een andere boeking' };
    const bookings = [older, ...copies.map(fromFile), lookAlike].sort((a, b) =>
      a.date.localeCompare(b.date),
    );
    const owner = await createUser(t, { password: null });
    await importFile(owner, camt.render(bookings, { iban, openingCents: 100_000 }));
    const [fileAccount] = await owned(owner);
    expect(fileAccount!.provider).toBe('file');

    await link(owner);
    const accounts = (await owned(owner)).filter((a) => a.iban === iban);
    expect(accounts.map((a) => [a.id, a.provider])).toEqual([[fileAccount!.id, name]]);
    const expected = [...bookings.map((b) => ({ date: b.date, cents: b.cents }))]
      .concat(
        sorted
          .filter((r) => r.bookingDate! > mid)
          .map((r) => ({
            date: r.bookingDate!,
            cents: r.amountCents,
          })),
      )
      .map((b) => `${b.date} ${b.cents}`)
      .sort();
    expect(await stored(fileAccount!.id)).toEqual(expected);

    // The next sync reads the same days again and takes nothing twice.
    const deps = {
      db: t.database.db,
      provider: sandbox.bank.provider,
      clock: () => new Date(),
      log: silent,
    };
    const again = await syncAccount(deps, fileAccount!.id, {
      ipAddress: '127.0.0.1',
      userAgent: 'test',
    });
    expect(again).toEqual({ status: 'synced', added: 0 });
    expect(await stored(fileAccount!.id)).toEqual(expected);
    const live = await t.database.db
      .select({ iban: bankAccounts.iban })
      .from(bankAccounts)
      .where(and(eq(bankAccounts.ownerId, owner.user.id), eq(bankAccounts.isRevoked, false)));
    expect(live.filter((a) => a.iban === iban)).toHaveLength(1);
  });
});

/**
 * The other way round: an account linked through the bank first, and a statement file of it
 * imported later. The file's copies of what the link fetched are taken for those payments; a
 * look-alike is kept beside the payment it resembles and flagged, so the user can judge.
 */
describe.each(['gocardless'] as const)('a linked account given a statement file (%s)', (name) => {
  let t: TestApp;
  let sandbox: ProviderSandbox;
  beforeAll(async () => {
    sandbox = await startProviderSandbox(name);
    t = await createTestApp({ bank: sandbox.bank });
  });
  afterAll(async () => {
    await t?.close();
    await sandbox?.server.close();
  });

  it('adds only what the link did not fetch, and flags the line it is unsure of', async () => {
    const owner = await createUser(t, { password: null });
    const list = await t.app.inject({ url: '/api/utils/gocardless/institutions' });
    const bankId = list
      .json<{ institutions: Array<{ id: string }> }>()
      .institutions.find((i) => !/SANDBOX|Mock ASPSP/.test(i.id))!.id;
    const started = await t.app.inject({
      url: `/api/users/${owner.user.id}/gocardless-initiate?institution_id=${encodeURIComponent(bankId)}`,
      headers: owner.headers,
    });
    const back = await sandbox.consent(started.json<{ url: string }>().url, 'allow');
    await t.app.inject({ url: back.pathname + back.search });
    const [account] = await t.database.db
      .select({ id: bankAccounts.id, iban: bankAccounts.iban })
      .from(bankAccounts)
      .where(eq(bankAccounts.ownerId, owner.user.id));
    const synced = await t.database.db
      .select()
      .from(payments)
      .where(eq(payments.bankAccountId, account!.id))
      .orderBy(payments.bookingDate, payments.id);
    expect(synced.length).toBeGreaterThan(4);

    // The file holds the fetched bookings as its bank writes them (capitals, spacing, no id),
    // a booking from before the link's history, and the first fetched one with another text:
    // the same booking described otherwise, or another one of that day and amount.
    const fromPayment = (p: (typeof synced)[number]): Booking => {
      const out = p.amountCents < 0;
      return {
        date: p.bookingDate.toISOString().slice(0, 10),
        cents: p.amountCents,
        name: xml((out ? p.creditorName : p.debtorName) ?? ''),
        iban: out ? p.creditorAccount : p.debtorAccount,
        text: xml(`  ${(p.longUserDescription ?? p.shortUserDescription ?? '').toUpperCase()} `),
        ref: null,
      };
    };
    const older: Booking = {
      date: new Date(Date.now() - 300 * DAY_MS).toISOString().slice(0, 10),
      cents: -4321,
      name: 'Drukkerij Jansen',
      iban: null,
      text: 'Posters',
      ref: null,
    };
    const lookAlike: Booking = { ...fromPayment(synced[0]!), text: 'Een andere omschrijving' };
    const bookings = [older, ...synced.slice(1).map(fromPayment), lookAlike].sort((a, b) =>
      a.date.localeCompare(b.date),
    );
    const form = await multipart({
      file: {
        name: 'afschrift.xml',
        data: Buffer.from(camt.render(bookings, { iban: account!.iban, openingCents: 0 })),
      },
    });
    const preview = await t.app.inject({
      method: 'POST',
      url: `/api/user/${owner.user.id}/statement-imports`,
      payload: form.payload,
      headers: { ...form.headers, ...owner.headers },
    });
    expect(preview.statusCode, preview.body).toBe(200);
    // The preview already says what the confirm will find.
    expect(preview.json<StatementPreview>()).toMatchObject({
      new_count: 2,
      duplicate_count: synced.length - 1,
    });
    const done = await t.app.inject({
      method: 'POST',
      url: `/api/user/${owner.user.id}/statement-import/${preview.json<StatementPreview>().id}/confirm`,
      headers: owner.headers,
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({
      new_count: 2,
      duplicate_count: synced.length - 1,
      possible_duplicate_count: 1,
    });

    const after = await t.database.db
      .select()
      .from(payments)
      .where(eq(payments.bankAccountId, account!.id));
    expect(after).toHaveLength(synced.length + 2);
    const added = after.filter((p) => !synced.some((s) => s.id === p.id));
    const flagged = added.find((p) => p.shortUserDescription === 'Een andere omschrijving')!;
    expect(flagged.possibleDuplicateOf).toBe(synced[0]!.id);
    const plain = added.find((p) => p.shortUserDescription === 'Posters')!;
    expect(plain.possibleDuplicateOf).toBeNull();
    expect(
      synced.every((s) => after.find((p) => p.id === s.id)!.possibleDuplicateOf === null),
    ).toBe(true);

    // The owner sees the flag, with the line it may double.
    const shown = await t.app.inject({ url: `/api/payment/${flagged.id}`, headers: owner.headers });
    const pair = { payment_id: synced[0]!.id, amount: synced[0]!.amountCents / 100 };
    expect(shown.json()).toMatchObject({ possible_duplicate_of: pair });
    const mine = await t.app.inject({
      url: `/api/payments/user/${owner.user.id}?limit=100&iban=${account!.iban}`,
      headers: owner.headers,
    });
    const items = mine.json<{ payments: UserPayment[] }>().payments;
    expect(items.find((p) => p.id === flagged.id)?.possible_duplicate_of).toMatchObject(pair);
    expect(items.filter((p) => p.possible_duplicate_of)).toHaveLength(1);
  });
});
