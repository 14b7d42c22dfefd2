import { and, asc, eq, lt } from 'drizzle-orm';
import type { Storage } from '../lib/storage';
import { loadSharp, storeFile } from '../lib/pictures';
import type { Tx } from './client';
import { activities, paymentAttachments, payments } from './schema';

/**
 * Receipts and invoices for the demo expenses, drawn here from each payment's own data, so the
 * demo needs no binary files in the repo and each document agrees with the payment it belongs to.
 */

/** The demo activity whose first expense carries a receipt and an invoice. */
const ACTIVITY = 'Buurtbarbecue';

/**
 * Of every ten expenses (in id order) these positions get no document: a fixed pattern rather
 * than chance, so every seeded demo looks the same and about 70% of expenses have one.
 */
const WITHOUT_DOCUMENT = new Set([2, 5, 8]);

/** Up to this amount an expense looks like a till purchase (a receipt), above it a bill. */
const RECEIPT_MAX_CENTS = 250_00;
/** The VAT rate printed on the demo documents (the general Dutch rate). */
const VAT_PERCENT = 21;

export interface Expense {
  id: number;
  amountCents: number;
  bookingDate: Date;
  creditorName: string | null;
  debtorName: string | null;
  shortUserDescription: string | null;
}

/** Dutch notation of a positive amount in cents: 1.234,56 (no Intl: its spaces are not ASCII). */
export function money(cents: number) {
  const euros = String(Math.floor(cents / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return `${euros},${String(cents % 100).padStart(2, '0')}`;
}

/** Date and time as a Dutch till or invoice prints them: Amsterdam time, 02-05-2026 and 13:52. */
const amsterdamTime = new Intl.DateTimeFormat('nl-NL', {
  timeZone: 'Europe/Amsterdam',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});
export function localTime(d: Date) {
  const part = Object.fromEntries(amsterdamTime.formatToParts(d).map((p) => [p.type, p.value]));
  return { date: `${part.day}-${part.month}-${part.year}`, time: `${part.hour}:${part.minute}` };
}

const vatOf = (gross: number) => Math.round((gross * VAT_PERCENT) / (100 + VAT_PERCENT));

const xml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const clip = (s: string, max: number) => (s.length > max ? `${s.slice(0, max - 1)}…` : s);

interface Receipt {
  shop: string;
  /** Date, time and receipt number. */
  meta: string;
  items: Array<[label: string, cents: number]>;
  total: number;
  footer: string[];
}

/** A receipt-like picture, at most 480×640 so each file stays a few tens of kilobytes. */
async function receiptPng(r: Receipt) {
  const rows: string[] = [];
  let y = 200;
  const row = (left: string, right: string, size = 20, weight = 'normal') => {
    rows.push(
      `<text x="40" y="${y}" font-family="monospace" font-size="${size}" font-weight="${weight}" fill="#222">${xml(left)}</text>`,
      `<text x="440" y="${y}" font-family="monospace" font-size="${size}" font-weight="${weight}" fill="#222" text-anchor="end">${xml(right)}</text>`,
    );
    y += size + 16;
  };
  for (const [label, cents] of r.items) row(clip(label, 24), money(cents));
  rows.push(
    `<line x1="40" y1="${y - 14}" x2="440" y2="${y - 14}" stroke="#888" stroke-dasharray="6 4"/>`,
  );
  y += 14;
  row('Totaal', money(r.total), 24, 'bold');
  for (const line of r.footer) row(line, '', 16);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="480" height="640">
    <rect width="480" height="640" fill="#fdfbf4"/>
    <text x="40" y="80" font-family="sans-serif" font-size="36" fill="#222">Kassabon</text>
    <text x="40" y="125" font-family="sans-serif" font-size="22" fill="#444">${xml(clip(r.shop, 34))}</text>
    <text x="40" y="155" font-family="monospace" font-size="15" fill="#666">${xml(r.meta)}</text>
    ${rows.join('\n    ')}
  </svg>`;
  const sharp = await loadSharp();
  return sharp(Buffer.from(svg)).png({ palette: true }).toBuffer();
}

/**
 * A till receipt for a small expense. A description such as 'Koffie en thee' becomes two lines
 * whose split of the total varies with the payment, so the receipts do not all look alike.
 */
function receiptFor(p: Expense): Receipt {
  const total = -p.amountCents;
  const [first, second] = (p.shortUserDescription ?? 'Diverse artikelen').split(' en ', 2);
  const firstPart = Math.round((total * (40 + ((p.id * 7) % 35))) / 100);
  const items: Receipt['items'] = second
    ? [
        [first!, firstPart],
        [`${second[0]!.toUpperCase()}${second.slice(1)}`, total - firstPart],
      ]
    : [[first!, total]];
  const { date, time } = localTime(p.bookingDate);
  return {
    shop: p.creditorName ?? 'Winkel',
    meta: `${date} ${time}  bon ${String(p.id).padStart(5, '0')}`,
    items,
    total,
    footer: [
      `Btw ${VAT_PERCENT}%: ${money(vatOf(total))}`,
      'Betaald met pin',
      'Bedankt en tot ziens!',
    ],
  };
}

interface PdfLine {
  x: number;
  y: number;
  size: number;
  text: string;
  bold?: boolean;
}

/** A PDF string: latin-1 only (the fonts' WinAnsi encoding), with its delimiters escaped. */
const pdfText = (s: string) =>
  s
    .normalize('NFC')
    .replace(/[‘’]/g, "'")
    .replace(/[^\x20-\xff]/g, '?')
    .replace(/[\\()]/g, (c) => `\\${c}`);

/** A one-page PDF, written by hand: the smallest valid document viewers accept. */
function invoicePdf(lines: PdfLine[]) {
  const text = lines
    .map(
      (l) => `BT /${l.bold ? 'F2' : 'F1'} ${l.size} Tf ${l.x} ${l.y} Td (${pdfText(l.text)}) Tj ET`,
    )
    .join('\n');
  const font = (name: string) =>
    `<< /Type /Font /Subtype /Type1 /BaseFont /${name} /Encoding /WinAnsiEncoding >>`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R /F2 6 0 R >> >> >>',
    `<< /Length ${text.length} >>\nstream\n${text}\nendstream`,
    font('Helvetica'),
    font('Helvetica-Bold'),
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
  // Every character is one byte in latin-1, so the lengths and offsets above are byte counts.
  return Buffer.from(body, 'latin1');
}

/** An invoice from the payment's creditor to its debtor, its total the amount paid. */
function invoiceFor(p: Expense): PdfLine[] {
  const total = -p.amountCents;
  const vat = vatOf(total);
  const { date } = localTime(p.bookingDate);
  const year = date.slice(-4);
  const line = (y: number, text: string, extra: Partial<PdfLine> = {}): PdfLine => ({
    x: 72,
    y,
    size: 11,
    text,
    ...extra,
  });
  const amount = (y: number, cents: number, bold = false) =>
    line(y, `EUR ${money(cents)}`, { x: 430, bold });
  return [
    line(770, 'FACTUUR', { size: 24, bold: true }),
    line(745, p.creditorName ?? 'Leverancier', { size: 14 }),
    line(700, `Factuurnummer: F${year}-${String(p.id).padStart(4, '0')}`),
    line(684, `Factuurdatum: ${date}`),
    line(660, `Aan: ${p.debtorName ?? 'Opdrachtgever'}`),
    line(620, 'Omschrijving', { bold: true }),
    line(620, 'Bedrag', { x: 430, bold: true }),
    line(600, p.shortUserDescription ?? 'Geleverde diensten'),
    amount(600, total - vat),
    line(580, `Btw ${VAT_PERCENT}%`),
    amount(580, vat),
    line(550, 'Totaal', { bold: true }),
    amount(550, total, true),
    line(500, `Voldaan op ${date}. Dank voor uw opdracht.`),
  ];
}

/** A till receipt drawn from the expense: its shop, date and time, and amount. */
export const receiptOf = (p: Expense) => receiptPng(receiptFor(p));

/** An invoice drawn from the expense: its creditor, date and amount. */
export const invoiceOf = (p: Expense) => invoicePdf(invoiceFor(p));

/**
 * Gives about 70% of the demo expenses a receipt (small amounts) or an invoice (larger ones),
 * and the first expense of the barbecue both; returns the number of attachments.
 */
export async function seedMedia(tx: Tx, storage: Storage) {
  const expenses: Array<Expense & { activityId: number | null }> = await tx
    .select({
      id: payments.id,
      amountCents: payments.amountCents,
      bookingDate: payments.bookingDate,
      creditorName: payments.creditorName,
      debtorName: payments.debtorName,
      shortUserDescription: payments.shortUserDescription,
      activityId: payments.activityId,
    })
    .from(payments)
    .where(lt(payments.amountCents, 0))
    .orderBy(asc(payments.id));
  const [showcase] = await tx
    .select({ id: payments.id, activityId: payments.activityId })
    .from(payments)
    .innerJoin(activities, eq(activities.id, payments.activityId))
    .where(
      and(eq(activities.name, ACTIVITY), lt(payments.amountCents, 0), eq(payments.hidden, false)),
    )
    .orderBy(asc(payments.id))
    .limit(1);

  const rows: Array<typeof paymentAttachments.$inferInsert> = [];
  const attach = async (paymentId: number, data: Buffer, type: 'application/pdf' | 'image/png') =>
    rows.push({
      paymentId,
      storageKey: await storeFile(storage, `payments/${paymentId}`, data, type),
    });

  // The showcase activity keeps exactly its two documents, so its media tab shows one of each.
  const others = expenses.filter((p) => !showcase || p.activityId !== showcase.activityId);
  for (const [i, p] of others.entries()) {
    if (WITHOUT_DOCUMENT.has(i % 10)) continue;
    const small = -p.amountCents <= RECEIPT_MAX_CENTS;
    if (small) await attach(p.id, await receiptOf(p), 'image/png');
    else await attach(p.id, invoiceOf(p), 'application/pdf');
  }
  // Last, so they are the newest: the initiative's media tab opens with them as before. Both are
  // drawn from the expense itself, like every other document.
  const shown = expenses.find((p) => p.id === showcase?.id);
  if (shown) {
    await attach(shown.id, invoiceOf(shown), 'application/pdf');
    await attach(shown.id, await receiptOf(shown), 'image/png');
  }
  if (rows.length > 0) await tx.insert(paymentAttachments).values(rows);
  return rows.length;
}
