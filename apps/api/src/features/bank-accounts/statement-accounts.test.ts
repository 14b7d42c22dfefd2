import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { StatementPreview, StatementResult } from '@helder/shared/bank-accounts';
import type { ErrorBody } from '@helder/shared/http';
import { bankAccounts, payments } from '../../db/schema';
import { useCastApp } from '../../test/cast-app';
import { createUser, type CreatedUser } from '../../test/factories';
import { multipart } from '../../test/multipart';
import { createBankAccount } from '../../test/payment-factories';

const scene = useCastApp();
const { call } = scene;

let seq = 100;
/** An MT940 statement of the `:25:` account with these amounts ('D12,00', 'C0,00'). */
function mt940(account: string, amounts = ['D12,00'], currency = 'EUR') {
  return Buffer.from(
    [
      ':20:TEST',
      `:25:${account}`,
      `:60F:C260101${currency}100,00`,
      ...amounts.flatMap((amount) => [
        `:61:2601020102${amount}NTRFNONREF`,
        `:86:Bouwmarkt ${seq++}`,
      ]),
      `:62F:C260101${currency}100,00`,
      '-',
    ].join('\n'),
  );
}

/** A CAMT.053 statement of an account without an IBAN, its bank named by BIC. */
const camtOther = (number: string, bic: string) =>
  Buffer.from(`<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02"><BkToCstmrStmt>
<GrpHdr><MsgId>T1</MsgId><CreDtTm>2026-02-01T06:00:00</CreDtTm></GrpHdr>
<Stmt><Id>S1</Id><CreDtTm>2026-02-01T06:00:00</CreDtTm>
<Acct><Id><Othr><Id>${number}</Id></Othr></Id>
<Svcr><FinInstnId><BICFI>${bic}</BICFI></FinInstnId></Svcr></Acct>
<Ntry><Amt Ccy="EUR">5.00</Amt><CdtDbtInd>DBIT</CdtDbtInd><Sts>BOOK</Sts>
<BookgDt><Dt>2026-01-03</Dt></BookgDt></Ntry>
</Stmt></BkToCstmrStmt></Document>`);

async function upload(caller: CreatedUser, data: Buffer, extra: Record<string, string> = {}) {
  const form = await multipart({ ...extra, file: { name: 'afschrift.sta', data } });
  return scene.t.app.inject({
    method: 'POST',
    url: `/api/user/${caller.user.id}/statement-imports`,
    payload: form.payload,
    headers: { ...form.headers, ...caller.headers },
  });
}

const confirm = (caller: CreatedUser, id: number, bank?: string) =>
  call(
    'POST',
    `/user/${caller.user.id}/statement-import/${id}/confirm${bank ? `?bank=${bank}` : ''}`,
    caller,
  );

async function importFile(caller: CreatedUser, data: Buffer, bank?: string) {
  const preview = await upload(caller, data);
  expect(preview.statusCode).toBe(200);
  const done = await confirm(caller, preview.json<StatementPreview>().id, bank);
  expect(done.statusCode).toBe(200);
  return { preview: preview.json<StatementPreview>(), result: done.json<StatementResult>() };
}

const accountRow = async (id: number) =>
  (await scene.t.database.db.select().from(bankAccounts).where(eq(bankAccounts.id, id)))[0]!;

describe('accounts without an IBAN', () => {
  it('takes the bank from the BIC in MT940 :25: and names the account by it', async () => {
    const me = await createUser(scene.t, { password: null });
    const { preview, result } = await importFile(me, mt940('RABONL2U/1291.99.348'));
    expect(preview.accounts[0]).toMatchObject({
      iban: '1291.99.348',
      institution_name: 'Rabobank',
      bank_required: false,
    });
    expect(await accountRow(result.bank_account_ids[0]!)).toMatchObject({
      iban: '1291.99.348',
      name: 'Rabobank 1291.99.348',
      institutionName: 'Rabobank',
      providerAccountId: `${me.user.id}:RABONL2U:1291.99.348`,
    });
  });

  it('takes the bank from the servicer BIC of a CAMT.053 account', async () => {
    const me = await createUser(scene.t, { password: null });
    const { result } = await importFile(me, camtOther('0417164300', 'ABNANL2AXXX'));
    expect(await accountRow(result.bank_account_ids[0]!)).toMatchObject({
      name: 'ABN AMRO 0417164300',
      institutionName: 'ABN AMRO',
    });
  });

  it('the same number at another bank is another account, not someone else’s', async () => {
    const owner = await createUser(scene.t, { password: null });
    const me = await createUser(scene.t, { password: null });
    await importFile(owner, mt940('RABONL2U/0123456789'));
    const { result } = await importFile(me, mt940('INGBNL2A/0123456789'));
    expect(await accountRow(result.bank_account_ids[0]!)).toMatchObject({
      name: 'ING 0123456789',
      ownerId: me.user.id,
    });
    const same = await upload(me, mt940('RABONL2U/0123456789'));
    expect(same.statusCode).toBe(422);
    expect(same.json<ErrorBody>().errors?.[0]?.code).toBe('statement_foreign_account');
  });

  it('asks for the bank when the file does not say, and imports with the chosen one', async () => {
    const me = await createUser(scene.t, { password: null });
    const res = await upload(me, mt940('5566.77.889'));
    expect(res.statusCode).toBe(200);
    const preview = res.json<StatementPreview>();
    expect(preview.accounts[0]).toMatchObject({
      iban: '5566.77.889',
      institution_name: null,
      bank_required: true,
    });
    const without = await confirm(me, preview.id);
    expect(without.statusCode).toBe(422);
    expect(without.json<ErrorBody>().errors?.[0]?.code).toBe('statement_no_bank');
    expect((await confirm(me, preview.id, 'NOTABANK')).statusCode).toBe(422);
    const done = await confirm(me, preview.id, 'TRIONL2U');
    expect(done.statusCode).toBe(200);
    const id = done.json<StatementResult>().bank_account_ids[0]!;
    expect(await accountRow(id)).toMatchObject({ name: 'Triodos Bank 5566.77.889' });
    // The next file of that number goes into that account without asking again.
    const next = (await upload(me, mt940('5566.77.889'))).json<StatementPreview>();
    expect(next.accounts[0]).toMatchObject({
      bank_account_id: id,
      institution_name: 'Triodos Bank',
      bank_required: false,
    });
  });

  it('a Postbank number is at ING', async () => {
    const me = await createUser(scene.t, { password: null });
    const { result } = await importFile(me, mt940('P1234567'));
    expect(await accountRow(result.bank_account_ids[0]!)).toMatchObject({
      name: 'ING P1234567',
    });
  });

  it.each(['12', 'B4'])(':25:%s is no account: the user chooses one', async (field) => {
    const me = await createUser(scene.t, { password: null });
    const refused = await upload(me, mt940(field));
    expect(refused.json<ErrorBody>().errors?.[0]?.code).toBe('statement_no_account');
    const account = await createBankAccount(scene.t, me.user.id);
    const res = await upload(me, mt940(field), { bank_account_id: String(account.id) });
    expect(res.statusCode).toBe(200);
    expect(res.json<StatementPreview>().accounts[0]).toMatchObject({
      iban: account.iban,
      bank_account_id: account.id,
    });
  });

  it('a file whose lines are all skipped creates no account', async () => {
    const me = await createUser(scene.t, { password: null });
    const { preview, result } = await importFile(
      me,
      mt940('NL91ABNA0417164300', ['D1,00', 'C2,00'], 'USD'),
    );
    expect(preview.skipped.map((s) => s.reason)).toEqual(['currency', 'currency']);
    expect(result.bank_account_ids).toEqual([]);
    const owned = await scene.t.database.db
      .select()
      .from(bankAccounts)
      .where(eq(bankAccounts.ownerId, me.user.id));
    expect(owned).toEqual([]);
  });

  it('lists zero-amount lines as skipped and does not store them', async () => {
    const me = await createUser(scene.t, { password: null });
    const { preview, result } = await importFile(
      me,
      mt940('NL91ABNA0417164300', ['D3,00', 'C0,00', 'D4,00']),
    );
    // Line 6 is the second booking's :61:.
    expect(preview.skipped).toEqual([{ line: 6, reason: 'zero_amount', detail: '' }]);
    expect(preview.new_count).toBe(2);
    expect(result.new_count).toBe(2);
    const stored = await scene.t.database.db
      .select({ cents: payments.amountCents })
      .from(payments)
      .where(eq(payments.bankAccountId, result.bank_account_ids[0]!));
    expect(stored.map((p) => p.cents).sort((a, b) => a - b)).toEqual([-400, -300]);
  });
});
