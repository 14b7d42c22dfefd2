/**
 * Bank references that are no references: placeholders, a sequence number left at zero, one
 * reference on two bookings. None of them may make a booking look imported already; and
 * payments stored under the keys of earlier imports are still found.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { StatementPreview, StatementResult } from '@helder/shared/bank-accounts';
import { bankAccounts, payments } from '../../db/schema';
import { useCastApp } from '../../test/cast-app';
import { createUser, type CreatedUser } from '../../test/factories';
import { multipart } from '../../test/multipart';
import { dutchIban, STATEMENT_FORMAT_CASES, type Booking } from '../../test/statement-generators';
import { dedupeKeys } from './dedupe-keys';
import { insertLines } from './import-core';
import { parseStatement } from './statements/parse';

const scene = useCastApp();
const { call } = scene;

async function importFile(caller: CreatedUser, data: string) {
  const form = await multipart({ file: { name: 'afschrift', data: Buffer.from(data) } });
  const res = await scene.t.app.inject({
    method: 'POST',
    url: `/api/user/${caller.user.id}/statement-imports`,
    payload: form.payload,
    headers: { ...form.headers, ...caller.headers },
  });
  expect(res.statusCode, res.body).toBe(200);
  const preview = res.json<StatementPreview>();
  const done = await call(
    'POST',
    `/user/${caller.user.id}/statement-import/${preview.id}/confirm`,
    caller,
  );
  expect(done.statusCode).toBe(200);
  return { preview, result: done.json<StatementResult>() };
}

const storedCount = async (iban: string) =>
  (await scene.t.database.db.select().from(payments).where(eq(payments.iban, iban))).length;

let accountNo = 8_000_000;
const camt053 = STATEMENT_FORMAT_CASES.find((f) => f.name === 'camt053')!;
const booking = (date: string, cents: number, text: string, ref: string | null): Booking => ({
  date,
  cents,
  name: 'Koffiebar Oost',
  iban: null,
  text,
  ref,
});

describe('references that do not identify a booking', () => {
  // CAMT.053's AcctSvcrRef is trusted as unique, so only the reference itself can give it away.
  it.each(['00000000', 'NONREF', 'NOTPROVIDED', 'NOTPROVIDED#2', 'n/a', '-', '9999999999'])(
    'two bookings in two files that both carry %j are two payments',
    async (ref) => {
      const me = await createUser(scene.t, { password: null });
      const iban = dutchIban('INGB', accountNo++);
      const render = (b: Booking) => camt053.render([b], { iban, openingCents: 0 });
      await importFile(me, render(booking('2026-03-02', -280, 'Koffie', ref)));
      const second = await importFile(me, render(booking('2026-03-09', -450, 'Thee', ref)));
      expect(second.preview).toMatchObject({ new_count: 1, duplicate_count: 0 });
      expect(await storedCount(iban)).toBe(2);
    },
  );

  // Formats whose reference is not the bank's own id for the account (dedupe-keys.ts).
  it.each(['mt940 INGB', 'mt940 BUNQ', 'mt940 TRIO', 'mt940 RABO', 'mt940 ABNA', 'csv volksbank'])(
    '%s: a real-looking reference seen again in a later file is not taken as the same booking',
    async (name) => {
      const format = STATEMENT_FORMAT_CASES.find((f) => f.name === name)!;
      const me = await createUser(scene.t, { password: null });
      const iban = dutchIban(format.bank, accountNo++);
      const render = (b: Booking) => format.render([b], { iban, openingCents: 0 });
      await importFile(me, render(booking('2026-03-02', -280, 'Koffie', format.realRef(1))));
      const later = render(booking('2026-03-09', -450, 'Thee', format.realRef(1)));
      expect((await importFile(me, later)).preview).toMatchObject({ new_count: 1 });
      expect(await storedCount(iban)).toBe(2);
    },
  );

  it('one reference on two different bookings of a file identifies neither', async () => {
    const me = await createUser(scene.t, { password: null });
    const iban = dutchIban('INGB', accountNo++);
    const file = camt053.render(
      [booking('2026-03-02', -280, 'Koffie', 'R-7'), booking('2026-03-02', 5000, 'Gift', 'R-7')],
      { iban, openingCents: 0 },
    );
    const first = await importFile(me, file);
    expect(first.preview).toMatchObject({ new_count: 2, duplicate_count: 0 });
    expect((await importFile(me, file)).preview).toMatchObject({ new_count: 0 });
    expect(await storedCount(iban)).toBe(2);
  });
});

/**
 * A De Volksbank export whose volgnummer is 00000000 on six of eleven lines, two of which are
 * the same booking made twice (−1.000,00 on 3 September). Balance before each line in column 9.
 */
const VOLKSBANK_ZEROS = `02-09-2024,NL56ASNB0708123456,NL82INGB0006543210,Buurtvereniging De Linde,,,,EUR,1000.00,EUR,-150.00,02-09-2024,02-09-2024,8810,IOB,51234567,,'Huur zaal september',1
02-09-2024,NL56ASNB0708123456,,,,,,EUR,850.00,EUR,-1.50,02-09-2024,02-09-2024,1085,KST,00000000,,'Kosten rekening augustus',1
03-09-2024,NL56ASNB0708123456,NL29SNSB0912345678,Gemeente Utrecht,Stadsplateau 1,3521AZ,UTRECHT,EUR,848.50,EUR,2560.00,03-09-2024,03-09-2024,8810,IOB,00000000,SUB-2024-0091,'Subsidie wijkinitiatief Lombok',1
03-09-2024,NL56ASNB0708123456,NL44RABO0123456789,Stichting Groen,,,,EUR,3408.50,EUR,-1000.00,03-09-2024,03-09-2024,8810,IOB,00000000,,'Voorschot materialen',1
03-09-2024,NL56ASNB0708123456,NL44RABO0123456789,Stichting Groen,,,,EUR,2408.50,EUR,-1000.00,03-09-2024,03-09-2024,8810,IOB,00000000,,'Voorschot materialen',1
04-09-2024,NL56ASNB0708123456,NL82INGB0006543210,Buurtvereniging De Linde,,,,EUR,1408.50,EUR,75.00,04-09-2024,04-09-2024,8810,IOB,51234590,,'Terugbetaling borg',1
05-09-2024,NL56ASNB0708123456,NL91ABNA0417164300,Bakkerij Van Dam,,,,EUR,1483.50,EUR,-42.35,05-09-2024,05-09-2024,8810,IOB,00000000,,'Koffie en gebak',2
05-09-2024,NL56ASNB0708123456,NL18INGB0001357924,Kantoorboekhandel Pen,,,,EUR,1441.15,EUR,-12.00,05-09-2024,05-09-2024,8810,IOB,51234602,,'Printpapier',2
06-09-2024,NL56ASNB0708123456,,,,,,EUR,1429.15,EUR,-0.31,06-09-2024,06-09-2024,1085,KST,00000000,,'Kosten betalingsverkeer',2
06-09-2024,NL56ASNB0708123456,NL55RABO0123498765,J. de Vries,,,,EUR,1428.84,EUR,250.00,06-09-2024,06-09-2024,8810,IOB,51234610,,'Inleg buurtfeest',2
06-09-2024,NL56ASNB0708123456,NL55RABO0123498765,J. de Vries,,,,EUR,1678.84,EUR,-50.00,06-09-2024,06-09-2024,8810,IOB,51234611,,'Teruggave inleg',2
`;
/** The export for an account of its own, so each test starts from nothing. */
const volksbank = (iban: string) => VOLKSBANK_ZEROS.replaceAll('NL56ASNB0708123456', iban);

describe('a De Volksbank export with its volgnummer at 00000000', () => {
  it('onto a new account: all eleven lines are new, the balance adds up, all are stored', async () => {
    const me = await createUser(scene.t, { password: null });
    const file = volksbank(dutchIban('ASNB', accountNo++));
    const { preview, result } = await importFile(me, file);
    expect(preview).toMatchObject({ flavour: 'volksbank', new_count: 11, duplicate_count: 0 });
    expect(preview.accounts[0]).toMatchObject({
      bank_account_id: null,
      opening_balance: 1000,
      closing_balance: 1628.84,
      balance_matches: true,
      duplicates: [],
    });
    expect(result).toMatchObject({ new_count: 11, duplicate_count: 0 });
    const amounts = (
      await scene.t.database.db
        .select({ cents: payments.amountCents })
        .from(payments)
        .where(eq(payments.bankAccountId, result.bank_account_ids[0]!))
    ).map((r) => r.cents);
    expect(amounts.filter((c) => c === -100_000)).toHaveLength(2);
    expect(amounts).toContain(256_000);
    expect(amounts).toHaveLength(11);
    const again = await importFile(me, file);
    expect(again.result).toMatchObject({ new_count: 0, duplicate_count: 11 });
  });

  it('after an import under the old keys, brings back only the lines that import lost', async () => {
    const me = await createUser(scene.t, { password: null });
    const iban = dutchIban('ASNB', accountNo++);
    const file = volksbank(iban);
    const [account] = await scene.t.database.db
      .insert(bankAccounts)
      .values({
        ownerId: me.user.id,
        provider: 'file',
        providerAccountId: `${me.user.id}:${iban}`,
        iban,
        institutionName: 'ASN Bank',
      })
      .returning();
    // The old keys: `ref:` for every line with a reference, the content hash for the rest.
    const parsed = await parseStatement(Buffer.from(file));
    const lines = parsed.accounts[0]!.lines;
    const hashed = dedupeKeys(
      lines.filter((l) => !l.bankReference),
      parsed,
    ).keys.values();
    const keyed = lines.map((item) => ({
      item,
      key: item.bankReference ? `ref:${item.bankReference}` : hashed.next().value!,
    }));
    const own = { accountId: account!.id, iban, holderName: null, importId: null };
    const added = await scene.t.database.db.transaction((tx) => insertLines(tx, own, keyed));
    expect(added).toBe(6);

    const { preview, result } = await importFile(me, file);
    expect(preview).toMatchObject({ new_count: 5, duplicate_count: 6 });
    expect(preview.accounts[0]?.duplicates?.[0]).toMatchObject({
      booking_date: '2024-09-02',
      amount: -150,
      counterparty: 'Buurtvereniging De Linde',
      description: 'Huur zaal september',
    });
    expect(preview.accounts[0]?.duplicates?.[1]).toMatchObject({ amount: -1.5 });
    expect(result.new_count).toBe(5);
    expect(await storedCount(iban)).toBe(11);
    expect((await importFile(me, file)).result.new_count).toBe(0);
  });
});

describe('dedupe keys', () => {
  it('hash a line without a reference exactly as earlier imports did', () => {
    const line = {
      line: 1,
      bookingDate: '2026-01-12',
      amountCents: -280,
      currency: 'EUR',
      counterpartyName: 'Koffiebar Oost',
      counterpartyIban: null,
      description: 'Koffie',
      bankReference: null,
    };
    const { keys } = dedupeKeys([line, line], { format: 'csv', flavour: 'ing' });
    expect(keys).toEqual([
      'h:KN5fEIB50CbRfOR6tPZxryIxA99rMA6ReE7fouellWc:1',
      'h:KN5fEIB50CbRfOR6tPZxryIxA99rMA6ReE7fouellWc:2',
    ]);
  });
});
