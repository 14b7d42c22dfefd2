/**
 * `npm run bench`: the verantwoording zip of an initiative with 10 000 payments and 500 receipts
 * of about 200 KB each (photos and PDFs), fetched over HTTP as a visitor, the PDF report last in
 * it; then the PDF report alone. Prints the time to the first byte, the whole download, its size
 * and the process's peak RSS while it is made: the package must stream (first bytes within 2 s)
 * and stay under 300 MB whatever its size.
 */
import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import type { ReadableStream } from 'node:stream/web';
import { eq, sql } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import sharp from 'sharp';
import { paymentAttachments, payments } from '../src/db/schema';
import { createTestApp } from '../src/test/app';
import { createFunderTree } from '../src/test/funder-factories';
import { createInitiative } from '../src/test/initiative-factories';

const PAYMENTS = 10_000;
const RECEIPTS = 500;
const RECEIPT_BYTES = 200_000;

const t = await createTestApp();
const tree = await createFunderTree(t);
const initiative = await createInitiative(t, tree.grant.id);
const db = t.database.db;

await db.execute(sql`
  insert into payments (type, amount_cents, booking_date, route, initiative_id, creditor_name)
  select 'handmatig', -(g % 9000) - 1, now() - (g || ' minutes')::interval, 'uitgaven',
         ${initiative.id}, 'Leverancier ' || (g % 50)
  from generate_series(1, ${PAYMENTS}) g`);
const ids = await db
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
  await t.storage.put(key, pdf ? invoicePdf : photo, pdf ? 'application/pdf' : 'image/jpeg');
  await db.insert(paymentAttachments).values({ paymentId: id, storageKey: key });
}

const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
const baseRss = process.memoryUsage().rss;
const mb = (n: number) => `${(n / 1024 / 1024).toFixed(1)} MB`;

/** Fetches the file, timing its first byte and the whole, sampling the peak RSS meanwhile. */
async function measure(query: string) {
  let peakRss = process.memoryUsage().rss;
  const sampler = setInterval(() => {
    peakRss = Math.max(peakRss, process.memoryUsage().rss);
  }, 10);
  const start = performance.now();
  const response = await fetch(`${address}/api/initiative/${initiative.id}/verantwoording${query}`);
  let firstByte = 0;
  let bytes = 0;
  for await (const chunk of Readable.fromWeb(response.body as ReadableStream<Uint8Array>)) {
    if (bytes === 0) firstByte = performance.now() - start;
    bytes += (chunk as Buffer).byteLength;
  }
  const total = performance.now() - start;
  clearInterval(sampler);
  return (
    `status ${response.status}, first byte ${Math.round(firstByte)} ms, all ${Math.round(total)} ms, ` +
    `${mb(bytes)}, peak RSS ${mb(peakRss)} (${mb(baseRss)} with the seeded in-process database before it)`
  );
}

console.log(
  `verantwoording zip, ${PAYMENTS} payments and ${RECEIPTS} receipts (PDF report included): ` +
    (await measure('')),
);
console.log(`verantwoording PDF report alone: ${await measure('?format=pdf')}`);
await t.close();
