import { and, asc, eq, lt } from 'drizzle-orm';
import sharp from 'sharp';
import type { Storage } from '../lib/storage';
import { storeFile } from '../lib/pictures';
import type { Tx } from './client';
import { activities, paymentAttachments, payments } from './schema';

/** The demo activity whose first expense carries a receipt and an invoice. */
const ACTIVITY = 'Buurtbarbecue';

/** A receipt-like picture, drawn here so the demo needs no binary files in the repo. */
function receiptPng() {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="480" height="640">
    <rect width="480" height="640" fill="#fdfbf4"/>
    <text x="40" y="80" font-family="sans-serif" font-size="36" fill="#222">Kassabon</text>
    <text x="40" y="140" font-family="sans-serif" font-size="22" fill="#444">Slagerij De Wit, Oostzaan</text>
    <text x="40" y="220" font-family="monospace" font-size="22" fill="#222">Worst en burgers   86,40</text>
    <text x="40" y="260" font-family="monospace" font-size="22" fill="#222">Houtskool          12,95</text>
    <text x="40" y="340" font-family="monospace" font-size="24" fill="#000">Totaal             99,35</text>
  </svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** A one-page invoice PDF, written by hand: the smallest valid document viewers accept. */
function invoicePdf() {
  const text = 'BT /F1 24 Tf 72 720 Td (Factuur 2026-0117: verhuur partytent) Tj ET';
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${text.length} >>\nstream\n${text}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  body += offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('');
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

/** Attaches a PDF invoice and a receipt picture (newest, so shown first) to a demo expense. */
export async function seedMedia(tx: Tx, storage: Storage) {
  const [payment] = await tx
    .select({ id: payments.id })
    .from(payments)
    .innerJoin(activities, eq(activities.id, payments.activityId))
    .where(
      and(eq(activities.name, ACTIVITY), lt(payments.amountCents, 0), eq(payments.hidden, false)),
    )
    .orderBy(asc(payments.id))
    .limit(1);
  if (!payment) return 0;
  const folder = `payments/${payment.id}`;
  const pdf = await storeFile(storage, folder, invoicePdf(), 'application/pdf');
  const png = await storeFile(storage, folder, await receiptPng(), 'image/png');
  await tx.insert(paymentAttachments).values([
    { paymentId: payment.id, storageKey: pdf },
    { paymentId: payment.id, storageKey: png },
  ]);
  return 2;
}
