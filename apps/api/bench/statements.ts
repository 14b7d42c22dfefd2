/**
 * `npm run bench` (second part): importing a 100 000-line CAMT.053 statement into the API,
 * running as a server of its own on PostgreSQL (see server.ts), against the reference of a raw
 * batched insert of the same rows in one transaction; then importing the same file again, which
 * must add nothing; and the server's peak resident memory meanwhile. Then the same number of
 * lines as MT940 and as CSV, each into an account of its own, with the peak of each. BENCH_LINES
 * sets another size.
 */
import { once } from 'node:events';
import { createWriteStream, openAsBlob } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { openDatabase } from '../src/db/client';
import { bankAccounts, payments, users } from '../src/db/schema';
import { signAccessToken } from '../src/lib/jwt';
import { BENCH_SECRET_KEY, benchDatabase, startBenchServer } from './server';

const LINES = Number(process.env.BENCH_LINES ?? 100_000);
const IBAN = 'NL36INGB0007654321';
const GOAL_MB = 300;

const day = (i: number) => new Date(Date.UTC(2025, 0, 1) + (i % 600) * 86_400_000);
const amountCents = (i: number) => (i % 4 !== 0 ? -1 : 1) * (((i % 9000) + 1) * 100 + (i % 100));

interface Layout {
  name: string;
  head: string;
  line: (i: number) => string;
  tail: string;
}

const isoDay = (i: number) => day(i).toISOString().slice(0, 10);
const euros = (i: number) => (Math.abs(amountCents(i)) / 100).toFixed(2);

const CAMT: Layout = {
  name: 'CAMT.053',
  head: `<?xml version="1.0" encoding="UTF-8"?><Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02"><BkToCstmrStmt><GrpHdr><MsgId>B</MsgId><CreDtTm>2026-01-01T00:00:00</CreDtTm></GrpHdr><Stmt><Id>B1</Id><CreDtTm>2026-01-01T00:00:00</CreDtTm><Acct><Id><IBAN>${IBAN}</IBAN></Id><Ownr><Nm>Stichting Bench</Nm></Ownr></Acct>\n`,
  line: (i) => {
    const debit = amountCents(i) < 0;
    const party = debit ? 'Cdtr' : 'Dbtr';
    return `<Ntry><Amt Ccy="EUR">${euros(i)}</Amt><CdtDbtInd>${debit ? 'DBIT' : 'CRDT'}</CdtDbtInd><Sts>BOOK</Sts><BookgDt><Dt>${isoDay(i)}</Dt></BookgDt><AcctSvcrRef>BENCH${i}</AcctSvcrRef><NtryDtls><TxDtls><RltdPties><${party}><Nm>Winkel ${i % 500}</Nm></${party}><${party}Acct><Id><IBAN>NL03INGB0004567890</IBAN></Id></${party}Acct></RltdPties><RmtInf><Ustrd>Aankoop nummer ${i}</Ustrd></RmtInf></TxDtls></NtryDtls></Ntry>\n`;
  },
  tail: '</Stmt></BkToCstmrStmt></Document>',
};

const MT940: Layout = {
  name: 'MT940',
  head: ':20:BENCH\n:25:NL20INGB0001234567EUR\n:28C:00000\n:60F:C250101EUR0,00\n',
  line: (i) => {
    const yymmdd = isoDay(i).slice(2).replaceAll('-', '');
    const mark = amountCents(i) < 0 ? 'D' : 'C';
    return `:61:${yymmdd}${yymmdd.slice(2)}${mark}${euros(i).replace('.', ',')}NTRFNONREF//BENCH${i}\n:86:/CNTP/NL03INGB0004567890/INGBNL2A/Winkel ${i % 500}///REMI/USTD//Aankoop nummer ${i}/\n`;
  },
  tail: ':62F:C250101EUR0,00\n-\n',
};

const CSV: Layout = {
  name: 'CSV (ING)',
  head: '"Datum","Naam / Omschrijving","Rekening","Tegenrekening","Code","Af Bij","Bedrag (EUR)","MutatieSoort","Mededelingen"\n',
  line: (i) =>
    `"${isoDay(i).replaceAll('-', '')}","Winkel ${i % 500}","NL69INGB0123456789","NL03INGB0004567890","BA","${amountCents(i) < 0 ? 'Af' : 'Bij'}","${euros(i).replace('.', ',')}","Betaalautomaat","Aankoop nummer ${i}"\n`,
  tail: '',
};

/** A statement, written to disk line by line: neither it nor its upload is held whole. */
async function writeStatement(file: string, layout: Layout) {
  const out = createWriteStream(file);
  const put = async (text: string) => {
    if (!out.write(text)) await once(out, 'drain');
  };
  await put(layout.head);
  for (let i = 0; i < LINES; i++) await put(layout.line(i));
  await put(layout.tail);
  out.end();
  await once(out, 'close');
  return out.bytesWritten;
}

/** The reference: the same rows, inserted in batches of 1 000 in one transaction, no parsing. */
async function rawInsert(db: Awaited<ReturnType<typeof openDatabase>>['db'], ownerId: number) {
  const [account] = await db
    .insert(bankAccounts)
    .values({ ownerId, provider: 'file', providerAccountId: 'bench-reference', iban: IBAN })
    .returning();
  const row = (i: number) => ({
    type: 'bank' as const,
    amountCents: amountCents(i),
    route: amountCents(i) < 0 ? ('uitgaven' as const) : ('inkomen' as const),
    bookingDate: day(i),
    transactionId: `BENCH${i}`,
    creditorName: `Winkel ${i % 500}`,
    creditorAccount: 'NL03INGB0004567890',
    debtorName: 'Stichting Bench',
    debtorAccount: IBAN,
    iban: IBAN,
    shortUserDescription: `Aankoop nummer ${i}`,
    bankAccountId: account!.id,
    dedupeKey: `ref:BENCH${i}`,
  });
  const start = performance.now();
  await db.transaction(async (tx) => {
    for (let at = 0; at < LINES; at += 1000) {
      const batch = Array.from({ length: Math.min(1000, LINES - at) }, (_, k) => row(at + k));
      await tx.insert(payments).values(batch);
    }
  });
  const ms = performance.now() - start;
  await db.delete(bankAccounts).where(eq(bankAccounts.id, account!.id));
  await db.delete(payments).where(eq(payments.iban, IBAN));
  return ms;
}

const dir = await mkdtemp(path.join(tmpdir(), 'helder-bench-'));
const file = path.join(dir, 'bench.xml');
const bytes = await writeStatement(file, CAMT);
console.log(`\nstatement import: ${LINES} lines, ${(bytes / 1024 / 1024).toFixed(1)} MB CAMT.053`);

const database = await benchDatabase('helder_bench_statements');
const dataDir = path.join(dir, 'data');
// The user and the reference straight in the database, before the server takes it over.
const direct = await openDatabase({ url: database.url, dataDir });
const [owner] = await direct.db
  .insert(users)
  .values({ email: 'bench@example.test', role: 'user', isActive: true, isVerified: true })
  .returning();
const raw = await rawInsert(direct.db, owner!.id);
await direct.close();
const headers = {
  authorization: `Bearer ${await signAccessToken(BENCH_SECRET_KEY, owner!, new Date())}`,
};
const server = await startBenchServer({ databaseUrl: database.url, dataDir });
const api = `${server.base}/api/user/${owner!.id}`;

/** Upload over HTTP, as a browser does: the file streams from disk into the request. */
async function importFile(upload = file) {
  const form = new FormData();
  form.append('file', await openAsBlob(upload), path.basename(upload));
  const start = performance.now();
  const preview = await fetch(`${api}/statement-imports`, { method: 'POST', body: form, headers });
  if (preview.status !== 200) throw new Error(`preview: ${(await preview.text()).slice(0, 300)}`);
  const previewed = performance.now();
  const { id } = (await preview.json()) as { id: number };
  const done = await fetch(`${api}/statement-import/${id}/confirm`, { method: 'POST', headers });
  if (done.status !== 200) throw new Error(`confirm: ${(await done.text()).slice(0, 300)}`);
  const { new_count: added } = (await done.json()) as { new_count: number };
  return { preview: previewed - start, confirm: performance.now() - previewed, added };
}

try {
  const idle = server.rssMb('VmRSS');
  server.resetPeak();
  const first = await importFile();
  const again = await importFile();
  const peak = server.rssMb('VmHWM');

  const ms = (n: number) => `${n.toFixed(0).padStart(7)} ms`;
  const total = first.preview + first.confirm;
  const repeat = again.preview + again.confirm;
  console.log(`raw batched insert (reference)        ${ms(raw)}`);
  console.log(`import: upload and preview            ${ms(first.preview)}`);
  console.log(`import: confirm                       ${ms(first.confirm)}`);
  console.log(
    `import: all of it                     ${ms(total)}  ${(total / raw).toFixed(2)}× raw${total / raw > 2 ? '  over 2×' : ''}`,
  );
  console.log(
    `same file again: preview + confirm    ${ms(repeat)}  added ${again.added}${repeat > 2000 ? '  over 2 s' : ''}`,
  );
  console.log(`payments added by the first import: ${first.added} of ${LINES}`);
  console.log(
    `server RSS idle ${idle.toFixed(0)} MB, peak during the imports ${peak.toFixed(0)} MB${peak > GOAL_MB ? `  over ${GOAL_MB} MB` : ''}`,
  );

  for (const layout of [MT940, CSV]) {
    const other = path.join(dir, `bench-${layout.name.slice(0, 3).toLowerCase()}.txt`);
    const size = await writeStatement(other, layout);
    server.resetPeak();
    const run = await importFile(other);
    const mb = server.rssMb('VmHWM');
    console.log(
      `${layout.name.padEnd(9)} ${LINES} lines, ${(size / 1024 / 1024).toFixed(1)} MB: import ${ms(run.preview + run.confirm).trim()}, added ${run.added}, peak RSS ${mb.toFixed(0)} MB${mb > GOAL_MB ? `  over ${GOAL_MB} MB` : ''}`,
    );
  }
} finally {
  await server.stop();
  await database.drop();
  await rm(dir, { recursive: true, force: true });
}
