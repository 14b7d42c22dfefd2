import { readdir } from 'node:fs/promises';
import { gunzipSync } from 'node:zlib';
import path from 'node:path';
import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type {
  BankAccounts,
  StatementPreview,
  StatementProgress,
  StatementResult,
} from '@helder/shared/bank-accounts';
import type { ErrorBody } from '@helder/shared/http';
import { payments, statementImports } from '../../db/schema';
import { useCastApp } from '../../test/cast-app';
import { createUser, type CreatedUser } from '../../test/factories';
import { multipart } from '../../test/multipart';
import { createBankAccount, MAPPED_CSV } from '../../test/payment-factories';
import { heldLines, insertLines, insertStream } from './import-core';
import { importProgress } from './import-progress';
import type { StatementLine } from './statements/statement';

const scene = useCastApp();
const { call } = scene;

interface Entry {
  date: string;
  amount: string;
  credit?: boolean;
  name: string;
  iban?: string;
  text: string;
  ref?: string;
}

/** A CAMT.053.001.02 statement of one account, written for these tests. */
function camt(iban: string, entries: Entry[], balances?: { open: string; close: string }) {
  const bal = (code: string, amount: string) =>
    `<Bal><Tp><CdOrPrtry><Cd>${code}</Cd></CdOrPrtry></Tp><Amt Ccy="EUR">${amount}</Amt>` +
    `<CdtDbtInd>CRDT</CdtDbtInd><Dt><Dt>2026-01-01</Dt></Dt></Bal>`;
  const ntry = (e: Entry) => {
    const party = e.credit ? 'Dbtr' : 'Cdtr';
    return `<Ntry><Amt Ccy="EUR">${e.amount}</Amt><CdtDbtInd>${e.credit ? 'CRDT' : 'DBIT'}</CdtDbtInd>
      <Sts>BOOK</Sts><BookgDt><Dt>${e.date}</Dt></BookgDt>${e.ref ? `<AcctSvcrRef>${e.ref}</AcctSvcrRef>` : ''}
      <NtryDtls><TxDtls><RltdPties><${party}><Nm>${e.name}</Nm></${party}>
      ${e.iban ? `<${party}Acct><Id><IBAN>${e.iban}</IBAN></Id></${party}Acct>` : ''}</RltdPties>
      <RmtInf><Ustrd>${e.text}</Ustrd></RmtInf></TxDtls></NtryDtls></Ntry>`;
  };
  return Buffer.from(`<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02"><BkToCstmrStmt>
<GrpHdr><MsgId>T1</MsgId><CreDtTm>2026-02-01T06:00:00</CreDtTm></GrpHdr>
<Stmt><Id>S1</Id><CreDtTm>2026-02-01T06:00:00</CreDtTm>
<Acct><Id><IBAN>${iban}</IBAN></Id><Ownr><Nm>Stichting Groen Oost</Nm></Ownr></Acct>
${balances ? bal('OPBD', balances.open) + bal('CLBD', balances.close) : ''}
${entries.map(ntry).join('\n')}
</Stmt></BkToCstmrStmt></Document>`);
}

const coffee: Entry = {
  date: '2026-01-12',
  amount: '2.80',
  name: 'Koffiebar Oost',
  text: 'Koffie',
};
const ENTRIES: Entry[] = [
  {
    date: '2026-01-05',
    amount: '500.00',
    credit: true,
    name: 'Gemeente Amsterdam',
    iban: 'NL12RABO0330016299',
    text: 'Subsidie 2026',
    ref: 'R-001',
  },
  {
    date: '2026-01-08',
    amount: '42.15',
    name: 'Bouwmarkt West',
    iban: 'NL44ABNA0412345678',
    text: 'Verf',
    ref: 'R-002',
  },
  // Two equal coffees on one day, no reference: both are payments.
  coffee,
  coffee,
];

const coffeeLine: StatementLine = {
  line: 1,
  bookingDate: '2026-01-12',
  amountCents: -280,
  currency: 'EUR',
  counterpartyName: 'Koffiebar Oost',
  counterpartyIban: null,
  description: 'Koffie',
  bankReference: null,
};

let ibanSeq = 100;
/** A fresh valid-looking IBAN per test, so accounts never collide across tests. */
const freshIban = () =>
  `NL${String(ibanSeq++).slice(-2)}INGB000${String(1000000 + ibanSeq).slice(-7)}`;

async function upload(caller: CreatedUser, data: Buffer, extra: Record<string, string> = {}) {
  const form = await multipart({ ...extra, file: { name: 'afschrift.xml', data } });
  return scene.t.app.inject({
    method: 'POST',
    url: `/api/user/${caller.user.id}/statement-imports`,
    payload: form.payload,
    headers: { ...form.headers, ...caller.headers },
  });
}

async function importFile(caller: CreatedUser, data: Buffer) {
  const preview = await upload(caller, data);
  expect(preview.statusCode).toBe(200);
  const { id } = preview.json<StatementPreview>();
  const done = await call('POST', `/user/${caller.user.id}/statement-import/${id}/confirm`, caller);
  expect(done.statusCode).toBe(200);
  return { preview: preview.json<StatementPreview>(), result: done.json<StatementResult>() };
}

const storedStatements = async () => {
  const dir = path.join(scene.t.config.dataDir, 'files', 'statements');
  return readdir(dir).catch(() => []);
};
const importRows = async () =>
  (await scene.t.database.db.select({ n: count() }).from(statementImports))[0]!.n;

describe('statement import', () => {
  it('previews without importing, then imports every line once', async () => {
    const me = await createUser(scene.t, { password: null });
    const iban = freshIban();
    const file = camt(iban, ENTRIES, { open: '100.00', close: '552.25' });
    const res = await upload(me, file);
    expect(res.statusCode).toBe(200);
    const preview = res.json<StatementPreview>();
    expect(preview).toMatchObject({
      format: 'camt053',
      file_name: 'afschrift.xml',
      new_count: 4,
      duplicate_count: 0,
      skipped_count: 0,
      accounts: [
        {
          iban,
          holder_name: 'Stichting Groen Oost',
          bank_account_id: null,
          first_date: '2026-01-05',
          last_date: '2026-01-12',
          opening_balance: 100,
          closing_balance: 552.25,
          balance_matches: true,
        },
      ],
    });
    expect(
      (await call('GET', `/user/${me.user.id}/bank-accounts`, me)).json<BankAccounts>()
        .ownedBankAccounts,
    ).toEqual([]);

    const done = await call(
      'POST',
      `/user/${me.user.id}/statement-import/${preview.id}/confirm`,
      me,
    );
    expect(done.json<StatementResult>()).toMatchObject({ new_count: 4, duplicate_count: 0 });
    const [account] = (
      await call('GET', `/user/${me.user.id}/bank-accounts`, me)
    ).json<BankAccounts>().ownedBankAccounts;
    expect(account).toMatchObject({ iban, institution_name: 'ING', provider: 'file' });
    expect(account?.last_synced_at).not.toBeNull();
    const listed = await call('GET', `/payments/user/${me.user.id}?limit=100`, me);
    const rows = listed.json<{
      payments: Array<{ transaction_amount: number; debtor_name: string | null }>;
    }>().payments;
    expect(rows.map((r) => r.transaction_amount).sort((a, b) => a - b)).toEqual([
      -42.15, -2.8, -2.8, 500,
    ]);
    // What stays is the parse, for a later import of the same file; never the file itself.
    const [kept] = await scene.t.database.db
      .select({ key: statementImports.storageKey })
      .from(statementImports)
      .where(eq(statementImports.id, preview.id));
    const stored = await scene.t.storage.get(kept!.key!);
    expect(stored?.subarray(0, 2)).toEqual(Buffer.from([0x1f, 0x8b]));
    expect(gunzipSync(stored!).toString()).not.toContain('<Document');
  });

  it('importing the same file again adds nothing; an overlapping file adds only the new lines', async () => {
    const me = await createUser(scene.t, { password: null });
    const iban = freshIban();
    await importFile(me, camt(iban, ENTRIES));
    const again = await importFile(me, camt(iban, ENTRIES));
    expect(again.preview).toMatchObject({ new_count: 0, duplicate_count: 4 });
    expect(again.preview.accounts[0]?.bank_account_id).not.toBeNull();
    expect(again.result).toMatchObject({ new_count: 0, duplicate_count: 4 });
    const later: Entry = { date: '2026-01-20', amount: '15.00', name: 'Drukkerij', text: 'Flyers' };
    const overlap = await importFile(me, camt(iban, [...ENTRIES.slice(1), later]));
    expect(overlap.result).toMatchObject({ new_count: 1, duplicate_count: 3 });
    const [n] = await scene.t.database.db
      .select({ n: count() })
      .from(payments)
      .where(eq(payments.iban, iban));
    expect(n?.n).toBe(5);
  });

  it('a file imported before is not parsed again; after a revoke its lines come back', async () => {
    const me = await createUser(scene.t, { password: null });
    const iban = freshIban();
    const first = await importFile(me, camt(iban, ENTRIES));
    const keyOf = async (id: number) =>
      (
        await scene.t.database.db
          .select({ key: statementImports.storageKey })
          .from(statementImports)
          .where(eq(statementImports.id, id))
      )[0]?.key;
    const parse = await keyOf(first.preview.id);
    const again = await upload(me, camt(iban, ENTRIES));
    const second = again.json<StatementPreview>();
    expect(second).toMatchObject({ new_count: 0, duplicate_count: 4 });
    // The earlier import's stored parse moved to the new preview: nothing was read twice.
    expect(await keyOf(second.id)).toBe(parse);
    expect(await keyOf(first.preview.id)).toBeNull();
    await call('DELETE', `/user/${me.user.id}/statement-import/${second.id}`, me);

    const accountId = first.result.bank_account_ids[0]!;
    await call('PATCH', `/user/${me.user.id}/bank-account/${accountId}`, me);
    const back = await importFile(me, camt(iban, ENTRIES));
    expect(back.result).toMatchObject({ new_count: 4, bank_account_ids: [accountId] });
  });

  it('deleting the account, or its owner, removes the stored parses of its statements', async () => {
    const admin = await createUser(scene.t, { password: null, role: 'administrator' });
    const me = await createUser(scene.t, { password: null });
    const stored = await storedStatements();
    const { result } = await importFile(me, camt(freshIban(), ENTRIES));
    await importFile(me, camt(freshIban(), ENTRIES));
    expect(await storedStatements()).toHaveLength(stored.length + 2);
    const account = `/user/${me.user.id}/bank-account/${result.bank_account_ids[0]}`;
    expect((await call('DELETE', account, me)).statusCode).toBe(204);
    expect(await storedStatements()).toHaveLength(stored.length + 1);
    expect((await call('DELETE', `/user/${me.user.id}`, admin)).statusCode).toBe(204);
    expect(await storedStatements()).toEqual(stored);
  });

  it('tells where an import stands: previewed, running with its count, imported', async () => {
    const me = await createUser(scene.t, { password: null });
    const other = await createUser(scene.t, { password: null });
    const { id } = (await upload(me, camt(freshIban(), ENTRIES))).json<StatementPreview>();
    const url = `/user/${me.user.id}/statement-import/${id}`;
    const progress = async () => (await call('GET', url, me)).json<StatementProgress>();
    expect(await progress()).toEqual({ id, status: 'preview', line_count: 4, done_count: 0 });
    // What a running import reports, as the confirm of another request would count it.
    importProgress.start(id, me.user.id);
    importProgress.total(id, 4);
    importProgress.advance(id, 3);
    try {
      expect(await progress()).toEqual({ id, status: 'importing', line_count: 4, done_count: 3 });
      const theirs = `/user/${other.user.id}/statement-import/${id}`;
      expect((await call('GET', theirs, other)).statusCode).toBe(404);
    } finally {
      importProgress.finish(id);
    }
    await call('POST', `${url}/confirm`, me);
    expect(await progress()).toEqual({ id, status: 'imported', line_count: 4, done_count: 4 });
    expect((await call('GET', `/user/${me.user.id}/statement-import/999999`, me)).statusCode).toBe(
      404,
    );
  });

  it('inserts a stream of lines batch by batch, reporting each, adding only what is new', async () => {
    const me = await createUser(scene.t, { password: null });
    const account = await createBankAccount(scene.t, me.user.id);
    const own = { accountId: account.id, iban: 'NL91ABNA0417164300', holderName: null };
    const line = (i: number) => ({
      account: 0,
      key: `ref:B${i}`,
      line: { ...coffeeLine, bankReference: `B${i}` },
    });
    const { db } = scene.t.database;
    await db.transaction((tx) =>
      insertLines(tx, { ...own, importId: null }, [{ item: line(7).line, key: line(7).key }]),
    );
    async function* lines() {
      for (let i = 0; i < 12_000; i++) yield line(i);
      yield line(3); // the same line again, later in the file
    }
    const keys = Array.from({ length: 12_000 }, (_, i) => line(i).key);
    const batches: number[] = [];
    const added = await db.transaction(async (tx) => {
      expect((await heldLines(tx, account.id, { keys, legacy: [] })).total).toBe(1);
      return insertStream(tx, [{ ...own, importId: null }], lines(), [true], [new Set()], (n) =>
        batches.push(n),
      );
    });
    expect(batches).toEqual([5000, 5000, 2001]);
    expect(added).toBe(11_999);
  });

  it("refuses a file of someone else's account and leaves database and storage alone", async () => {
    const owner = await createUser(scene.t, { password: null });
    const me = await createUser(scene.t, { password: null });
    await createBankAccount(scene.t, owner.user.id);
    const [before, stored] = [await importRows(), await storedStatements()];
    const res = await upload(me, camt('NL02ABNA0123456789', ENTRIES));
    expect(res.statusCode).toBe(422);
    expect(res.json<ErrorBody>().errors?.[0]?.code).toBe('statement_foreign_account');
    expect(await importRows()).toBe(before);
    expect(await storedStatements()).toEqual(stored);
  });

  it.each([
    ['an empty file', Buffer.alloc(0), 'statement_empty'],
    [
      'a DOCTYPE with an external entity',
      Buffer.from(
        '<?xml version="1.0"?><!DOCTYPE d [<!ENTITY x SYSTEM "file:///etc/passwd">]><Document>&x;</Document>',
      ),
      'statement_doctype',
    ],
    [
      'malformed XML',
      Buffer.from('<?xml version="1.0"?>\n<Document>\n<BkToCstmrStmt>\n</Document>'),
      'statement_malformed',
    ],
    ['a CSV of no known bank', Buffer.from('a;b;c\n1;2;3\n'), 'statement_unknown_format'],
    [
      'CAMT nested past any real statement (refused on the way down)',
      Buffer.from(
        '<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02"><BkToCstmrStmt><Stmt>' +
          `<Ntry>${'<a>'.repeat(100_000)}`,
      ),
      'statement_malformed',
    ],
  ])('answers 422 for %s, storing nothing', async (_, data, code) => {
    const me = await createUser(scene.t, { password: null });
    const [before, stored] = [await importRows(), await storedStatements()];
    const res = await upload(me, data);
    expect(res.statusCode).toBe(422);
    expect(res.json<ErrorBody>().errors?.[0]?.code).toBe(code);
    expect(await importRows()).toBe(before);
    expect(await storedStatements()).toEqual(stored);
  });

  it('names the line of a bad date', async () => {
    const me = await createUser(scene.t, { password: null });
    const bad = camt(freshIban(), [{ ...coffee, date: '2026-02-30' }]);
    const res = await upload(me, bad);
    expect(res.statusCode).toBe(422);
    const [error] = res.json<ErrorBody>().errors ?? [];
    expect(error).toMatchObject({ field: 'file', code: 'statement_bad_date' });
    expect(error?.line).toBeGreaterThan(1);
  });

  it('cancel drops the preview and its file; a confirmed or foreign preview is 404', async () => {
    const me = await createUser(scene.t, { password: null });
    const other = await createUser(scene.t, { password: null });
    const stored = await storedStatements();
    const { id } = (await upload(me, camt(freshIban(), ENTRIES))).json<StatementPreview>();
    expect(await storedStatements()).toHaveLength(stored.length + 1);
    const theirs = `/user/${other.user.id}/statement-import/${id}/confirm`;
    expect((await call('POST', theirs, other)).statusCode).toBe(404);
    expect(
      (await call('POST', `/user/${other.user.id}/statement-import/${id}/confirm`, me)).statusCode,
    ).toBe(403);
    expect(
      (await call('DELETE', `/user/${me.user.id}/statement-import/${id}`, me)).statusCode,
    ).toBe(204);
    expect(await storedStatements()).toEqual(stored);
    const confirm = `/user/${me.user.id}/statement-import/${id}/confirm`;
    expect((await call('POST', confirm, me)).statusCode).toBe(404);
  });

  it('a file naming no account goes into the account chosen with it', async () => {
    const me = await createUser(scene.t, { password: null });
    const account = await createBankAccount(scene.t, me.user.id);
    const csv = MAPPED_CSV.data;
    const mapping = JSON.stringify(MAPPED_CSV.mapping);
    const refused = await upload(me, csv, { mapping });
    expect(refused.json<ErrorBody>().errors?.[0]?.code).toBe('statement_no_account');
    const res = await upload(me, csv, { mapping, bank_account_id: String(account.id) });
    expect(res.statusCode).toBe(200);
    expect(res.json<StatementPreview>().accounts[0]).toMatchObject({
      bank_account_id: account.id,
      new_count: 1,
    });
  });

  it('refuses a file over 100 MB with 413', async () => {
    const me = await createUser(scene.t, { password: null });
    const [before, rows] = [await storedStatements(), await importRows()];
    const res = await upload(me, Buffer.alloc(101 * 1024 * 1024, 0x20));
    expect(res.statusCode).toBe(413);
    expect(await storedStatements()).toEqual(before);
    expect(await importRows()).toBe(rows);
  });
});
