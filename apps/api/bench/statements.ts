/**
 * `npm run bench` (second part): importing a 100 000-line CAMT.053 statement on the database of
 * TEST_DATABASE_URL (TEST_DB=postgres) against a raw batched insert of the same rows in one
 * transaction, the reference; then importing the same file again, which must add nothing; and
 * the peak RSS of the process meanwhile. BENCH_LINES sets another size.
 */
import { count, eq, inArray } from 'drizzle-orm';
import { payments, statementImports } from '../src/db/schema';
import { createTestApp } from '../src/test/app';
import { createUser } from '../src/test/factories';
import { multipart } from '../src/test/multipart';
import { createBankAccount } from '../src/test/payment-factories';

const LINES = Number(process.env.BENCH_LINES ?? 100_000);
const IBAN = 'NL36INGB0007654321';
const t = await createTestApp();
const db = t.database.db;
const owner = await createUser(t, { password: null });

let peak = 0;
const sampler = setInterval(() => {
  peak = Math.max(peak, process.memoryUsage().rss);
}, 20);

const day = (i: number) => new Date(Date.UTC(2025, 0, 1) + (i % 600) * 86_400_000);
function statement(): Buffer {
  const parts = [
    `<?xml version="1.0" encoding="UTF-8"?><Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02"><BkToCstmrStmt><GrpHdr><MsgId>B</MsgId><CreDtTm>2026-01-01T00:00:00</CreDtTm></GrpHdr><Stmt><Id>B1</Id><CreDtTm>2026-01-01T00:00:00</CreDtTm><Acct><Id><IBAN>${IBAN}</IBAN></Id><Ownr><Nm>Stichting Bench</Nm></Ownr></Acct>`,
  ];
  for (let i = 0; i < LINES; i++) {
    const debit = i % 4 !== 0;
    const party = debit ? 'Cdtr' : 'Dbtr';
    parts.push(
      `<Ntry><Amt Ccy="EUR">${(i % 9000) + 1}.${String(i % 100).padStart(2, '0')}</Amt><CdtDbtInd>${debit ? 'DBIT' : 'CRDT'}</CdtDbtInd><Sts>BOOK</Sts><BookgDt><Dt>${day(i).toISOString().slice(0, 10)}</Dt></BookgDt><AcctSvcrRef>BENCH${i}</AcctSvcrRef><NtryDtls><TxDtls><RltdPties><${party}><Nm>Winkel ${i % 500}</Nm></${party}><${party}Acct><Id><IBAN>NL03INGB0004567890</IBAN></Id></${party}Acct></RltdPties><RmtInf><Ustrd>Aankoop nummer ${i}</Ustrd></RmtInf></TxDtls></NtryDtls></Ntry>`,
    );
  }
  parts.push('</Stmt></BkToCstmrStmt></Document>');
  return Buffer.from(parts.join('\n'));
}

const file = statement();
console.log(
  `\nstatement import: ${LINES} lines, ${(file.length / 1024 / 1024).toFixed(1)} MB CAMT.053`,
);

/** The reference: the same rows, inserted in batches of 1 000 in one transaction, no parsing. */
async function rawInsert() {
  const account = await createBankAccount(t, owner.user.id);
  const rows = Array.from({ length: LINES }, (_, i) => ({
    type: 'bank' as const,
    amountCents: (i % 4 !== 0 ? -1 : 1) * (((i % 9000) + 1) * 100 + (i % 100)),
    route: i % 4 !== 0 ? ('uitgaven' as const) : ('inkomen' as const),
    bookingDate: day(i),
    transactionId: `BENCH${i}`,
    creditorName: `Winkel ${i % 500}`,
    creditorAccount: 'NL03INGB0004567890',
    debtorName: 'Stichting Bench',
    debtorAccount: IBAN,
    iban: IBAN,
    shortUserDescription: `Aankoop nummer ${i}`,
    bankAccountId: account.id,
    dedupeKey: `ref:BENCH${i}`,
  }));
  const start = performance.now();
  await db.transaction(async (tx) => {
    for (let at = 0; at < rows.length; at += 1000) {
      await tx.insert(payments).values(rows.slice(at, at + 1000));
    }
  });
  const ms = performance.now() - start;
  await db.delete(payments).where(eq(payments.bankAccountId, account.id));
  return ms;
}

async function importFile() {
  const form = await multipart({ file: { name: 'bench.xml', data: file } });
  const start = performance.now();
  const preview = await t.app.inject({
    method: 'POST',
    url: `/api/user/${owner.user.id}/statement-imports`,
    payload: form.payload,
    headers: { ...form.headers, ...owner.headers },
  });
  if (preview.statusCode !== 200) throw new Error(`preview: ${preview.body.slice(0, 300)}`);
  const previewed = performance.now();
  const { id } = preview.json<{ id: number }>();
  const done = await t.app.inject({
    method: 'POST',
    url: `/api/user/${owner.user.id}/statement-import/${id}/confirm`,
    headers: owner.headers,
  });
  if (done.statusCode !== 200) throw new Error(`confirm: ${done.body.slice(0, 300)}`);
  const end = performance.now();
  return {
    preview: previewed - start,
    confirm: end - previewed,
    added: done.json<{ new_count: number }>().new_count,
  };
}

const raw = await rawInsert();
const first = await importFile();
const again = await importFile();
clearInterval(sampler);
const [stored] = await db
  .select({ n: count() })
  .from(payments)
  .where(
    inArray(
      payments.statementImportId,
      db.select({ id: statementImports.id }).from(statementImports),
    ),
  );
const ms = (n: number) => `${n.toFixed(0).padStart(7)} ms`;
console.log(`raw batched insert (reference)        ${ms(raw)}`);
console.log(`import: preview                       ${ms(first.preview)}`);
console.log(
  `import: confirm (parse, dedupe, insert) ${ms(first.confirm)}  ${(first.confirm / raw).toFixed(2)}× raw${first.confirm / raw > 2 ? '  over 2×' : ''}`,
);
console.log(
  `same file again: preview + confirm    ${ms(again.preview + again.confirm)}  added ${again.added}${again.preview + again.confirm > 2000 ? '  over 2 s' : ''}`,
);
console.log(`payments imported: ${stored?.n} (first import added ${first.added})`);
console.log(
  `peak RSS ${(peak / 1024 / 1024).toFixed(0)} MB${peak > 300 * 1024 * 1024 ? '  over 300 MB' : ''}`,
);
await t.close();
