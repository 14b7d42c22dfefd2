/**
 * The package as a zip, written while the client reads it: the ledger (xlsx and csv), every
 * receipt under its package name, and last the PDF report (it reads the receipts again, so the
 * zip's first bytes do not wait for it). Receipts are read from storage one at a time, the next only
 * after the zip has taken the last (yazl pipes each entry with backpressure), so the package of
 * any size holds at most one receipt in memory. A receipt missing from storage is named in
 * `ontbrekende-bonnen.txt`, and the rest goes on.
 */
import { PassThrough, Readable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { ZipFile } from 'yazl';
import type { Language } from '@helder/shared/languages';
import type { Ctx } from '../../http/context';
import { csvChunks, xlsxStream, type Column, type Scope } from '../payments';
import { LEDGER_SHEET, ledgerPages, type LedgerRow, type Period } from './verantwoording.ledger';

export const MISSING_LIST = 'ontbrekende-bonnen.txt';

/**
 * Adds one entry and resolves once the zip has read all of it. yazl keeps every entry's pump
 * function until the zip ends, so the function lets go of the stream once handed over: holding
 * it would hold every receipt read (a stream of one buffer keeps that buffer) until the end.
 */
function addAndWait(zip: ZipFile, name: string, body: Readable, compress = true) {
  const handed: { body: Readable | null } = { body };
  return new Promise<void>((resolve, reject) => {
    zip.addReadStreamLazy(name, { compress }, (cb) => {
      const stream = handed.body!;
      handed.body = null;
      finished(stream).then(resolve, reject);
      cb(null, stream);
    });
  });
}

export function zipStream(
  ctx: Ctx,
  scope: Scope,
  period: Period,
  ledgerName: string,
  cols: Column<LedgerRow>[],
  lang: Language,
): Readable {
  const zip = new ZipFile();
  const out = new PassThrough();
  zip.outputStream.on('error', (e: Error) => out.destroy(e));
  zip.outputStream.pipe(out);
  const write = async () => {
    await addAndWait(
      zip,
      `${ledgerName}.xlsx`,
      xlsxStream(cols, ledgerPages(ctx, scope, period), LEDGER_SHEET),
    );
    await addAndWait(
      zip,
      `${ledgerName}.csv`,
      Readable.from(csvChunks(cols, ledgerPages(ctx, scope, period))),
    );
    const missing: string[] = [];
    for await (const page of ledgerPages(ctx, scope, period)) {
      for (const receipt of page.flatMap((row) => row.receipts)) {
        // The client went away: stop reading storage.
        if (out.destroyed) return;
        const data = await ctx.storage.get(receipt.storageKey);
        if (data === null) {
          ctx.log.warn({ key: receipt.storageKey }, 'receipt missing from storage');
          missing.push(receipt.fileName);
          continue;
        }
        // Receipts are JPEG, PNG or PDF, compressed already: stored as they are.
        await addAndWait(zip, `bonnen/${receipt.fileName}`, Readable.from([data]), false);
      }
    }
    if (missing.length > 0) {
      zip.addBuffer(Buffer.from(missing.join('\r\n') + '\r\n', 'utf8'), MISSING_LIST);
    }
    if (out.destroyed) return;
    const { pdfStream } = await import('./verantwoording.pdf');
    const pdf = pdfStream(ctx, scope, period, lang);
    // A client that goes away mid-report stops it (and its reading of storage).
    out.once('close', () => pdf.destroy());
    await addAndWait(zip, `${ledgerName}.pdf`, pdf, false);
    zip.end();
  };
  write().catch((error: unknown) => out.destroy(error as Error));
  return out;
}
