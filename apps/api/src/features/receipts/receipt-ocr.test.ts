import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { bitmapPng } from '../../test/images';
import { receiptPhotograph } from '../../test/receipt-photos';
import { generatedReceipt, receiptPdf, receiptPicture, seeded } from '../../test/receipts';
import { MAX_PDF_PAGES, pdfLines, preparePicture, startOcr } from './receipt-ocr';
import { receiptReader } from './receipt-reader';

const reader = receiptReader();
// The first read compiles the OCR, which takes a while on a busy machine.
vi.setConfig({ testTimeout: 120_000 });
afterAll(() => reader.close());

describe('reading a picture', () => {
  // Each OCR run costs a CPU second or more: two pictures, both roughed up.
  it.each([
    [
      'a photographed JPEG, rotated, blurred and speckled',
      { rotate: 1.2, blur: 0.6, noise: 0.0008 },
    ],
    ['a scanned PNG', { rotate: -0.6, format: 'png' as const }],
  ])('reads the date, total, shop and VAT of %s', async (_, options) => {
    const { lines, truth } = generatedReceipt(seeded(4242));
    const fields = await reader.read(await receiptPicture(lines, { ...options, seed: 5 }), 'image');
    expect({
      date: fields.date?.value,
      amount: fields.amountCents?.value,
      shop: fields.shop?.value,
      vat: fields.vatCents?.value ?? null,
    }).toEqual({
      date: truth.date,
      amount: truth.totalCents,
      shop: truth.shop,
      vat: truth.vatCents,
    });
  });

  // A photograph made by our own code (see receipt-photos.ts), as no real one can be taken here.
  it.each([
    ["with the phone's shadow over a corner", 8101, 3],
    ['folded, without shade', 8102, 5],
  ])(
    'reads the date and total of a receipt photographed on a table, %s',
    async (_, seed, photo) => {
      const { lines, truth } = generatedReceipt(seeded(seed));
      const { jpeg } = await receiptPhotograph(lines, photo);
      const fields = await reader.read(jpeg, 'image');
      expect({ date: fields.date?.value, amount: fields.amountCents?.value }).toEqual({
        date: truth.date,
        amount: truth.totalCents,
      });
    },
  );

  it('never downloads: a model it would have to fetch fails, and no request is made', async () => {
    let requests = 0;
    const server = createServer((_, res) => {
      requests += 1;
      res.end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    try {
      await expect(startOcr({ langPath: `http://127.0.0.1:${port}` })).rejects.toBeDefined();
      expect(requests).toBe(0);
    } finally {
      server.close();
    }
  });

  it('downscales a 30-megapixel photo before the OCR sees it', async () => {
    const prepared = await preparePicture(bitmapPng(6000, 5000));
    const { width, height } = await sharp(prepared).metadata();
    expect(Math.max(width, height)).toBe(2400);
  });

  it('says a file that is no picture cannot be read', async () => {
    await expect(reader.read(Buffer.from('not a picture at all'), 'image')).rejects.toMatchObject({
      reason: 'unreadable',
    });
  });
});

describe('reading a PDF', () => {
  it("reads the fields from the PDF's text layer", async () => {
    const pdf = receiptPdf([
      'Bakkerij de Graaf',
      'Datum: 12-11-2026',
      'Totaal 12,50',
      'BTW 9% 1,03',
    ]);
    const fields = await reader.read(pdf, 'application/pdf');
    expect(fields).toMatchObject({
      shop: { value: 'Bakkerij de Graaf' },
      date: { value: '2026-11-12' },
      amountCents: { value: 1250, unsure: false },
      vatCents: { value: 103, unsure: false },
    });
  });

  it('proposes no amount for a receipt in dollars, nor for text without an amount', async () => {
    const usd = await reader.read(
      receiptPdf(['Diner', '11/02/2026', 'TOTAL USD 23.10']),
      'application/pdf',
    );
    expect(usd).toMatchObject({ amountCents: null, currency: 'USD' });
    const none = await reader.read(receiptPdf(['Bedankt voor uw bezoek']), 'application/pdf');
    expect(none).toMatchObject({ amountCents: null, currency: 'EUR' });
  });

  it('refuses an encrypted PDF, one of 200 pages, one without text and a broken one', async () => {
    await expect(pdfLines(receiptPdf(['x'], { encrypted: true }))).rejects.toMatchObject({
      reason: 'encrypted',
    });
    expect(MAX_PDF_PAGES).toBeLessThan(200);
    await expect(pdfLines(receiptPdf(['x'], { pages: 200 }))).rejects.toMatchObject({
      reason: 'too_many_pages',
    });
    await expect(pdfLines(receiptPdf([]))).rejects.toMatchObject({ reason: 'no_text' });
    await expect(pdfLines(Buffer.from('%PDF-1.4\nbroken'))).rejects.toMatchObject({
      reason: 'unreadable',
    });
  });
});
