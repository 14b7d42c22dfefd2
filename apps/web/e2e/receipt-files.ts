/**
 * Receipts for the end-to-end tests, made here as a till makes them: a PDF with a text layer, and
 * a picture of a printed receipt that only OCR can read.
 */
import type { Page } from '@playwright/test';

/** A receipt file as Playwright uploads it. */
export interface ReceiptFile {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

/** A one-page PDF whose text layer holds the lines, as a till's PDF receipt does. */
export function receiptPdf(lines: string[]): Buffer {
  const text = ['BT /F1 11 Tf 14 TL 40 800 Td', ...lines.map((line) => `(${line}) '`), 'ET'];
  const stream = text.join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [4 0 R] /Count 1 >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Courier >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 3 0 R >> >> /Contents 5 0 R >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
  ];
  let pdf = '%PDF-1.4\n';
  const offsets = objects.map((body, i) => {
    const offset = pdf.length;
    pdf += `${i + 1} 0 obj\n${body}\nendobj\n`;
    return offset;
  });
  const xref = pdf.length;
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  pdf += offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('');
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf, 'latin1');
}

/**
 * A PNG of the lines printed on a white slip, drawn by the test's own browser (so no image
 * library is needed); it leaves `page` on that slip, so navigate before using it again.
 */
export async function receiptPng(page: Page, lines: string[]): Promise<Buffer> {
  await page.setContent(slip(lines));
  return page.locator('pre').screenshot();
}

const slip = (lines: string[]) =>
  `<pre style="margin:0;padding:24px;width:max-content;background:#fff;color:#111;` +
  `font:28px/1.5 monospace">${lines.join('\n')}</pre>`;
