import { eq } from 'drizzle-orm';
import JSZip from 'jszip';
import { PDFDict, PDFDocument, PDFName, StandardFonts } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { initiatives, paymentAttachments } from '../../db/schema';
import { callAs, type Caller } from '../../test/http';
import { createAttachment, createPayment, type World } from '../../test/initiative-factories';
import { useCastApp } from '../../test/cast-app';
import { pdfLines } from '../../test/pdf';

const scene = useCastApp();

const euro = (cents: number, tag = 'nl-NL') =>
  new Intl.NumberFormat(tag, { style: 'currency', currency: 'EUR' })
    .format(cents / 100)
    .replace(/\u00a0/g, ' ');

async function report(url: string, caller: Caller) {
  const res = await callAs(scene.t, 'GET', url, caller);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toBe('application/pdf');
  expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  return { res, pages: await pdfLines(res.rawPayload) };
}

/** A real two-page PDF receipt (an invoice), stored for the payment. */
async function pdfReceipt(paymentId: number) {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (const text of ['Factuur Verfwinkel blad 1', 'Factuur Verfwinkel blad 2']) {
    doc.addPage([300, 400]).drawText(text, { x: 20, y: 200, size: 12, font });
  }
  const key = `payments/${paymentId}/factuur-${paymentId}.pdf`;
  await scene.t.storage.put(key, Buffer.from(await doc.save()), 'application/pdf');
  const [row] = await scene.t.database.db
    .insert(paymentAttachments)
    .values({ paymentId, storageKey: key })
    .returning();
  return row!;
}

/** Income, two expenses in the activity (one with an image receipt), one with a PDF receipt. */
async function ledger(w: World) {
  const pay = (iso: string, amountCents: number, more: object = {}) =>
    createPayment(scene.t, {
      initiativeId: w.initiative.id,
      amountCents,
      bookingDate: new Date(iso),
      creditorName: 'Bakkerij Één & Zoon',
      debtorName: 'Gemeente',
      ...more,
    });
  await pay('2026-02-01T10:00:00Z', 100_000, { shortUserDescription: 'Subsidie' });
  const bread = await pay('2026-03-10T10:00:00Z', -2_550, { activityId: w.activity.id });
  await pay('2026-03-12T10:00:00Z', -725, {
    activityId: w.activity.id,
    shortUserDescription: 'Koffie',
  });
  const paint = await pay('2026-04-15T10:00:00Z', -12_000, { shortUserDescription: 'Verf' });
  await pay('2026-04-20T10:00:00Z', -999, { hidden: true, shortUserDescription: 'Geheim' });
  return {
    bread: await createAttachment(scene.t, bread.id, 'png'),
    paint: await pdfReceipt(paint.id),
  };
}

const all = (pages: string[][]) => pages.flat();

describe('GET /api/initiative/:id/verantwoording?format=pdf', () => {
  it('reports the budget, the ledger by activity, the expenses without a receipt and the receipts', async () => {
    const w = await scene.world();
    // A name long enough that the footer is wider than the PDF receipt's 300 pt page: pdf.js
    // leaves out text past a page's edge, so a footer that did not wrap would lose its end.
    w.initiative.name = `${w.initiative.name} Buurthuis De Eendracht`;
    await scene.t.database.db
      .update(initiatives)
      .set({ name: w.initiative.name })
      .where(eq(initiatives.id, w.initiative.id));
    const r = await ledger(w);
    const url = `/initiative/${w.initiative.id}/verantwoording?format=pdf`;
    const { res, pages } = await report(url, null);
    expect(res.headers['content-disposition']).toMatch(/filename="verantwoording-\d+-[\d-]+\.pdf"/);
    const lines = all(pages);
    // Cover, ledger, then the receipts newest first: the PDF's two pages and the image's page.
    expect(pages).toHaveLength(5);
    expect(lines).toContain('Verantwoording');
    expect(lines).toContain(`Initiatief | ${w.initiative.name}`);
    expect(lines).toContain('Periode | alle betalingen');
    pages.forEach((page, i) => expect(page.at(-1)).toContain(`Pagina ${i + 1} van 5`));
    expect(pages[0]!.at(-1)).toContain(`Verantwoording ${w.initiative.name}, alle betalingen`);

    // The budget against the figures the initiative's page shows.
    const shown = (await scene.call('GET', `/initiative/${w.initiative.id}`, null)).json<{
      budget: number;
      income: number;
      expenses: number;
    }>();
    const c = (euros: number) => Math.round(euros * 100);
    expect(lines).toContain(
      `Totaal | ${euro(c(shown.budget))} | ${euro(c(shown.income))} | ${euro(c(shown.expenses))} | ` +
        euro(c(shown.budget) + c(shown.expenses)),
    );

    // The ledger: lines with their receipt numbers, subtotals per activity, the total.
    expect(lines).toContain(
      `10-03-2026 | Bakkerij Één & Zoon | Betaling | ${euro(-2_550)} | ${r.bread.id}`,
    );
    expect(lines).toContain(
      `15-04-2026 | Bakkerij Één & Zoon | Verf | ${euro(-12_000)} | ${r.paint.id}`,
    );
    expect(lines).toContain(`Subtotaal ${w.activity.name} | ${euro(-3_275)}`);
    expect(lines).toContain(`Subtotaal Zonder activiteit | ${euro(88_000)}`);
    expect(lines).toContain(`Totaal | ${euro(84_725)}`);
    expect(lines.some((l) => l.includes('Geheim'))).toBe(false);

    // Expenses without a receipt: only the coffee.
    const without = pages[1]!.slice(pages[1]!.indexOf('Uitgaven zonder bon'));
    expect(without.filter((l) => /^\d\d-/.test(l))).toEqual([
      `12-03-2026 | Bakkerij Één & Zoon | Koffie | ${euro(-725)}`,
    ]);

    // The PDF receipt's pages as they are, then the image receipt's page.
    expect(pages[2]).toContain('Factuur Verfwinkel blad 1');
    expect(pages[3]).toContain('Factuur Verfwinkel blad 2');
    // Our footer over the receipt's own page, with the page count, wrapped to fit its width.
    const footer = pages[3]!.slice(pages[3]!.indexOf('Factuur Verfwinkel blad 2') + 1);
    expect(footer.length).toBeGreaterThan(1);
    expect(footer.join(' ')).toMatch(
      new RegExp(
        `^Verantwoording ${w.initiative.name}, alle betalingen, gemaakt [\\d-]+, ` +
          `bon ${r.paint.id} \\| Pagina 4 van 5$`,
      ),
    );
    expect(pages[4]![0]).toBe(
      `Bon ${r.bread.id}: 10-03-2026, Bakkerij Één & Zoon, ${euro(-2_550)}`,
    );
  });

  it('shows an insider the hidden payment, and writes English when asked', async () => {
    const w = await scene.world();
    await ledger(w);
    const url = `/initiative/${w.initiative.id}/verantwoording?format=pdf&lang=en`;
    const { pages } = await report(url, scene.cast.owner);
    const lines = all(pages);
    expect(lines).toContain('Accountability report');
    expect(pages[0]!.at(-1)).toContain(`Page 1 of ${pages.length}`);
    expect(lines).toContain(
      `20/04/2026 | Bakkerij Één & Zoon | Geheim | ${euro(-999, 'en-GB')} | —`,
    );
    expect(lines).toContain(`Subtotal Without activity | ${euro(87_001, 'en-GB')}`);
    expect(lines).toContain(`Total | ${euro(83_726, 'en-GB')}`);
  });

  it('names a receipt missing from storage or unreadable, and goes on', async () => {
    const w = await scene.world();
    const r = await ledger(w);
    await scene.t.storage.delete([r.bread.storageKey]);
    const stub = await createAttachment(scene.t, r.paint.paymentId, 'pdf');
    const { pages } = await report(
      `/initiative/${w.initiative.id}/verantwoording?format=pdf`,
      null,
    );
    // Cover, ledger, the PDF receipt's two pages and the notes.
    expect(pages).toHaveLength(5);
    expect(pages[4]).toEqual(
      expect.arrayContaining([
        'Opmerkingen bij de bonnen',
        `Bon ${r.bread.id} (2026-03-10_-25.50_Bakkerij-Een-Zoon_${r.bread.id}.png) ontbreekt in de opslag.`,
        `Bon ${stub.id} (2026-04-15_-120.00_Bakkerij-Een-Zoon_${stub.id}.pdf) kon niet worden ` +
          'gelezen (beschadigd of beveiligd).',
      ]),
    );
  });

  it('names the fonts of its own pages with the same names on every page', async () => {
    // pdf-lib's drawText names the font anew on every call and keeps each name for the life of
    // the process; the report's own pages use fixed names, so there are three on each page.
    const w = await scene.world();
    await ledger(w);
    const { res, pages } = await report(
      `/initiative/${w.initiative.id}/verantwoording?format=pdf`,
      null,
    );
    const doc = await PDFDocument.load(res.rawPayload);
    const ours = [0, 1, 4].map((i) => doc.getPage(i));
    expect(pages[4]![0]).toMatch(/^Bon \d+:/);
    for (const page of ours) {
      const fonts = page.node.Resources()!.lookup(PDFName.of('Font'), PDFDict);
      expect(fonts.keys().map(String).sort()).toEqual([
        '/HelderBold',
        '/HelderFooter',
        '/HelderRegular',
      ]);
    }
  });

  it('reports an initiative without payments', async () => {
    const w = await scene.world();
    const { pages } = await report(
      `/initiative/${w.initiative.id}/activity/${w.activity.id}/verantwoording?format=pdf&start_date=2026-01-01`,
      scene.cast.owner,
    );
    expect(pages).toHaveLength(2);
    expect(all(pages)).toEqual(
      expect.arrayContaining([
        `Activiteit | ${w.activity.name}`,
        'Periode | vanaf 01-01-2026',
        'Geen betalingen in deze periode.',
        'Alle uitgaven hebben een bon.',
      ]),
    );
  });

  it('puts the report in the zip after every receipt, each once', async () => {
    const w = await scene.world();
    const r = await ledger(w);
    const res = await callAs(scene.t, 'GET', `/initiative/${w.initiative.id}/verantwoording`, null);
    const zip = await JSZip.loadAsync(res.rawPayload);
    const names = Object.keys(zip.files);
    expect(names.at(-1)).toMatch(/^verantwoording-\d+-[\d-]+\.pdf$/);
    const receiptIds = names
      .filter((n) => n.startsWith('bonnen/'))
      .map((n) => Number(/_(\d+)\.(png|pdf)$/.exec(n)![1]));
    expect(receiptIds.sort()).toEqual([r.bread.id, r.paint.id].sort());
    const pdf = await zip.file(names.at(-1)!)!.async('nodebuffer');
    expect(await pdfLines(pdf)).toHaveLength(5);
  });
});
