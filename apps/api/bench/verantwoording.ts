/**
 * `npm run bench` (fourth part): the verantwoording package of an initiative with 10 000 payments
 * and 500 receipts of about 200 KB each (photos and PDFs), fetched as a visitor from the API as
 * production runs it (a process of its own, bench/server.ts): the PDF report alone, then the zip
 * (the PDF report last in it). Prints for each the time to its first byte, the whole download, its
 * size and the server's peak resident memory while it is made, against the goal: first bytes
 * within 2 s and a peak under 300 MB.
 *
 * On PostgreSQL (`BENCH_DATABASE_URL`, or a throwaway cluster when PostgreSQL is installed), the
 * goal is on the server's peak. `BENCH_PGLITE=1` runs it on PGlite instead: the database is then
 * inside the server and keeps a few hundred MB of its own, so the goal is on what the package
 * adds to the idle server. Exits 1 when a goal is missed.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { ReadableStream } from 'node:stream/web';
import { eq, sql } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import sharp from 'sharp';
import { openDatabase } from '../src/db/client';
import { paymentAttachments, payments } from '../src/db/schema';
import { localStorage } from '../src/lib/storage';
import { createFunderTree } from '../src/test/funder-factories';
import { createInitiative } from '../src/test/initiative-factories';
import { benchDatabase, startBenchServer } from './server';

const PAYMENTS = 10_000;
const RECEIPTS = 500;
const RECEIPT_BYTES = 200_000;
const GOAL_MB = 300;
const GOAL_FIRST_BYTE_MS = 2000;

const dataDir = mkdtempSync(path.join(tmpdir(), 'helder-bench-verantwoording-'));
const serverData = path.join(dataDir, 'data');
const database =
  process.env.BENCH_PGLITE === '1'
    ? { url: undefined, drop: async () => {} }
    : await benchDatabase('helder_bench_verantwoording');
console.log(
  `verantwoording package on ${database.url ? 'PostgreSQL' : 'PGlite (inside the server)'}`,
);

// Seeded straight into the database and the server's file store, before the server starts.
const direct = await openDatabase({ url: database.url, dataDir: serverData });
const seeding = { database: direct };
const storage = localStorage(path.join(serverData, 'files'));
const tree = await createFunderTree(seeding);
const initiative = await createInitiative(seeding, tree.grant.id);
await direct.db.execute(sql`
  insert into payments (type, amount_cents, booking_date, route, initiative_id, creditor_name)
  select 'handmatig', -(g % 9000) - 1, now() - (g || ' minutes')::interval, 'uitgaven',
         ${initiative.id}, 'Leverancier ' || (g % 50)
  from generate_series(1, ${PAYMENTS}) g`);
const ids = await direct.db
  .select({ id: payments.id })
  .from(payments)
  .where(eq(payments.initiativeId, initiative.id))
  .orderBy(payments.id)
  .limit(RECEIPTS);
// A noisy photo (noise does not compress: about RECEIPT_BYTES as JPEG) and a PDF holding it.
const side = Math.round(Math.sqrt(RECEIPT_BYTES / 1.1));
const photo = await sharp(randomBytes(side * side * 3), {
  raw: { width: side, height: side, channels: 3 },
})
  .jpeg({ quality: 90 })
  .toBuffer();
const invoice = await PDFDocument.create();
const embedded = await invoice.embedJpg(photo);
invoice.addPage([595, 842]).drawImage(embedded, { x: 50, y: 50, width: 495, height: 495 });
const invoicePdf = Buffer.from(await invoice.save());
for (const [i, { id }] of ids.entries()) {
  const pdf = i % 2 === 1;
  const key = `payments/${id}/bench-${id}.${pdf ? 'pdf' : 'jpg'}`;
  await storage.put(key, pdf ? invoicePdf : photo, pdf ? 'application/pdf' : 'image/jpeg');
  await direct.db.insert(paymentAttachments).values({ paymentId: id, storageKey: key });
}
await direct.close();

const server = await startBenchServer({
  databaseUrl: database.url,
  dataDir: serverData,
  nodeFlags: process.env.BENCH_NODE_FLAGS?.split(' ').filter(Boolean),
});
const mb = (n: number) => `${n.toFixed(0)} MB`;
let missed = false;

/** Fetches the file, timing its first byte and the whole; the server's peak RSS meanwhile. */
async function measure(label: string, query: string) {
  const idle = server.rssMb('VmRSS');
  server.resetPeak();
  const start = performance.now();
  const response = await fetch(
    `${server.base}/api/initiative/${initiative.id}/verantwoording${query}`,
  );
  let firstByte = 0;
  let bytes = 0;
  for await (const chunk of Readable.fromWeb(response.body as ReadableStream<Uint8Array>)) {
    if (bytes === 0) firstByte = performance.now() - start;
    bytes += (chunk as Buffer).byteLength;
  }
  const total = performance.now() - start;
  const peak = server.rssMb('VmHWM');
  const measured = database.url ? peak : peak - idle;
  const met = response.status === 200 && firstByte < GOAL_FIRST_BYTE_MS && measured < GOAL_MB;
  missed ||= !met;
  console.log(
    `${label}: status ${response.status}, first byte ${Math.round(firstByte)} ms, ` +
      `all ${Math.round(total)} ms, ${(bytes / 1024 / 1024).toFixed(1)} MB; ` +
      `server RSS idle ${mb(idle)}, peak ${mb(peak)}`,
  );
  console.log(
    `  goal: first byte within ${GOAL_FIRST_BYTE_MS} ms and ` +
      `${database.url ? 'a peak' : 'what it adds to the idle server'} under ${GOAL_MB} MB — ` +
      `${Math.round(firstByte)} ms, ${mb(measured)}: ${met ? 'met' : 'MISSED'}`,
  );
}

try {
  const what = `${PAYMENTS} payments and ${RECEIPTS} receipts`;
  await measure(`PDF report alone, ${what}`, '?format=pdf');
  await measure(`zip with the PDF report, ${what}`, '');
  process.exitCode = missed ? 1 : 0;
} finally {
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
  await database.drop();
}
