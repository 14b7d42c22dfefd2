/**
 * The PDF report of a verantwoording package (docs/api-rules.md §15): cover and budget, the
 * ledger grouped by activity with subtotals, the expenses without a receipt, a page per image
 * receipt and the pages of each PDF receipt, then what could not be included. Written as it is
 * made: pages leave memory when done, receipts are read one at a time, and images are shrunk
 * (sharp) before they go in. A receipt missing from storage or unreadable is named, and the
 * report goes on.
 */
import type { Readable } from 'node:stream';
import { PDFDocument } from 'pdf-lib';
import type { OutputInfo } from 'sharp';
import type { Language } from '@helder/shared/languages';
import type { Ctx } from '../../http/context';
import { imageJob, loadSharp } from '../../lib/pictures';
import { amsterdamDay, type Scope } from '../payments';
import { Layout, MARGIN, WIDTH, type Cell } from '../../lib/pdf/layout';
import { ledgerPages, type LedgerRow, type Period } from './verantwoording.ledger';
import { pdfReadable, StreamingPdf } from '../../lib/pdf/writer';
import {
  inGroup,
  selectBudget,
  selectCover,
  selectGroups,
  withoutReceipt,
  type BudgetRow,
} from './verantwoording.report';
import { sayIn, type Say } from './verantwoording.texts';

/** Receipt images larger than this many pixels are not decoded (memory). */
const MAX_PIXELS = 60_000_000;
/** Images are shrunk to fit this box: sharp enough to read on A4, small in memory. */
const IMAGE_BOX = { width: 1400, height: 2000 };

/** The receipt numbers of a line: the ids the ZIP's file names and the ledger end with. */
const receiptNumbers = (row: LedgerRow) => row.receipts.map((r) => r.attachmentId).join(', ');

function periodText(say: Say, period: Period) {
  const { start_date: start, end_date: end } = period;
  if (start && end) return say('between', { start: say.day(start), end: say.day(end) });
  if (start) return say('from', { start: say.day(start) });
  if (end) return say('until', { end: say.day(end) });
  return say('allPayments');
}

function ledgerColumns(say: Say, withReceipt = true): Cell[] {
  return [
    { text: say('date'), width: 58 },
    { text: say('counterparty'), width: withReceipt ? 125 : 150 },
    { text: say('description'), width: withReceipt ? 172 : 207 },
    { text: say('amount'), width: 80, right: true },
    ...(withReceipt ? [{ text: say('receipt'), width: 60 }] : []),
  ];
}

function ledgerCells(say: Say, row: LedgerRow, withReceipt = true): Cell[] {
  const [date, who, what, amount, receipt] = ledgerColumns(say, withReceipt);
  return [
    { ...date!, text: say.day(row.day) },
    { ...who!, text: row.counterparty ?? '' },
    { ...what!, text: row.shortUserDescription ?? '' },
    { ...amount!, text: say.euros(row.amountCents) },
    ...(receipt ? [{ ...receipt, text: receiptNumbers(row) || '—' }] : []),
  ];
}

function budgetCells(say: Say, row: BudgetRow, name: string): Cell[] {
  const money = (cents: number): Omit<Cell, 'text'> & { text: string } => ({
    text: say.euros(cents),
    width: 80,
    right: true,
  });
  return [
    { text: name, width: 175 },
    money(row.budgetCents),
    money(row.incomeCents),
    money(row.expensesCents),
    money(row.leftCents),
  ];
}

type Problem = { key: 'missing' | 'unreadable'; number: number; file: string };

async function* report(
  ctx: Ctx,
  scope: Scope,
  period: Period,
  lang: Language,
): AsyncGenerator<Buffer> {
  const say = sayIn(lang);
  const cover = await selectCover(ctx, scope);
  const generated = amsterdamDay(ctx.clock());
  const name = cover.activity ? `${cover.initiative}, ${cover.activity}` : cover.initiative;
  const footer = say('footer', {
    initiative: name,
    period: periodText(say, period),
    generated: say.day(generated),
  });
  const pdf = await StreamingPdf.create(`${say('title')} ${name}`);
  pdf.pageText = (n, total) => say('page', { n, total });
  const layout = new Layout(pdf, footer);
  const ready = (force = false) => pdf.ready(force);
  yield* ready(true);

  // Cover and budget.
  layout.newPage();
  layout.heading(say('title'), 22);
  const facts: [string, string][] = [
    [say('initiative'), cover.initiative],
    ...(cover.activity ? [[say('activity'), cover.activity] as [string, string]] : []),
    [
      say('grant'),
      cover.sponsors ? `${cover.sponsors.grant} (${cover.sponsors.reference})` : say('notPublic'),
    ],
    [say('regulation'), cover.sponsors?.regulation ?? say('notPublic')],
    [say('funder'), cover.sponsors?.funder ?? say('notPublic')],
    [say('period'), periodText(say, period)],
    [say('generated'), say.day(generated)],
  ];
  for (const [label, value] of facts) {
    layout.row(
      [
        { text: label, width: 120 },
        { text: value, width: WIDTH - 120 },
      ],
      { size: 10.5 },
    );
  }
  layout.gap(8);
  layout.paragraph(say('source'));
  layout.gap(12);
  layout.heading(say('budgetTitle'));
  layout.paragraph(say('budgetNote'), 8.5);
  const budget = await selectBudget(ctx, scope);
  const header = budgetCells(say, budget.total, say('activity'));
  const headerRow = [
    header[0]!,
    ...[say('budget'), say('income'), say('expenses'), say('left')].map((text, i) => ({
      ...header[i + 1]!,
      text,
    })),
  ];
  layout.row(headerRow, { bold: true });
  for (const row of budget.rows) layout.row(budgetCells(say, row, row.name ?? ''));
  if (scope.activityId === undefined) {
    layout.row(budgetCells(say, budget.total, say('total')), { bold: true, rule: true });
  }
  layout.close();
  // The cover goes out at once: the reader sees the report coming before the ledger is read.
  yield* ready(true);

  // The ledger by activity.
  layout.newPage();
  layout.heading(say('ledgerTitle'));
  const { groups, totalCents } = await selectGroups(ctx, scope, period);
  if (groups.length === 0) layout.paragraph(say('noPayments'));
  for (const group of groups) {
    const title = group.name ?? say('noActivity');
    layout.gap(6);
    layout.heading(`${title} (${say('payments', { n: group.count })})`, 11);
    layout.row(ledgerColumns(say), { bold: true });
    for await (const page of ledgerPages(ctx, scope, period, inGroup(group))) {
      for (const row of page) layout.row(ledgerCells(say, row));
      yield* ready();
    }
    const [, , , amount] = ledgerColumns(say);
    layout.row(
      [
        { text: say('subtotal', { name: title }), width: WIDTH - 140 },
        { ...amount!, text: say.euros(group.totalCents) },
      ],
      { bold: true, rule: true },
    );
  }
  if (groups.length > 0) {
    layout.gap(8);
    layout.row(
      [
        { text: say('total'), width: WIDTH - 140 },
        { text: say.euros(totalCents), width: 80, right: true },
      ],
      { bold: true, rule: true, size: 10 },
    );
  }

  // Expenses without a receipt.
  layout.gap(12);
  layout.heading(say('withoutReceiptTitle'));
  let none = true;
  for await (const page of ledgerPages(ctx, scope, period, withoutReceipt)) {
    if (none) layout.row(ledgerColumns(say, false), { bold: true });
    none = false;
    for (const row of page) layout.row(ledgerCells(say, row, false));
    yield* ready();
  }
  if (none) layout.paragraph(say('noneWithoutReceipt'));
  layout.close();
  yield* ready();

  // The receipts, one at a time.
  const problems: Problem[] = [];
  for await (const page of ledgerPages(ctx, scope, period)) {
    for (const row of page) {
      for (const receipt of row.receipts) {
        const number = receipt.attachmentId;
        const data = await ctx.storage.get(receipt.storageKey);
        if (data === null) {
          problems.push({ key: 'missing', number, file: receipt.fileName });
          continue;
        }
        const pageFooter = `${footer}, ${say('receiptPage', { number })}`;
        const caption = say('receiptCaption', {
          number,
          day: say.day(row.day),
          counterparty: row.counterparty ?? '',
          amount: say.euros(row.amountCents),
        });
        const added = isPdf(data)
          ? await addPdf(pdf, data, layout.clean(pageFooter))
          : await addImage(layout, data, caption, pageFooter);
        if (!added) {
          ctx.log.warn({ key: receipt.storageKey }, 'receipt left out of the report');
          problems.push({ key: 'unreadable', number, file: receipt.fileName });
        }
        yield* ready();
      }
    }
  }
  if (problems.length > 0) {
    layout.newPage();
    layout.heading(say('problemsTitle'));
    for (const p of problems) layout.paragraph(say(p.key, { number: p.number, file: p.file }));
    layout.close();
  }
  pdf.end();
  yield* ready(true);
}

const isPdf = (data: Buffer) => data.subarray(0, 1024).includes('%PDF');

/** The PDF receipt's pages, or false when it cannot be read (damaged, encrypted, empty). */
async function addPdf(pdf: StreamingPdf, data: Buffer, footer: string) {
  let source: PDFDocument;
  try {
    source = await PDFDocument.load(data, { updateMetadata: false });
    if (source.getPageCount() === 0) return false;
  } catch {
    return false;
  }
  await pdf.appendPdf(source, footer);
  return true;
}

/** A page with the caption and the image shrunk to fit, or false when it is no image. */
async function addImage(layout: Layout, data: Buffer, caption: string, footer: string) {
  let jpeg: { data: Buffer; info: OutputInfo };
  try {
    // The uploads' sharp: one thread and no cache of decoded images, within their job limit.
    const sharp = await loadSharp();
    jpeg = await imageJob(() =>
      sharp(data, { limitInputPixels: MAX_PIXELS })
        .rotate()
        .resize({ ...IMAGE_BOX, fit: 'inside', withoutEnlargement: true })
        .flatten({ background: '#ffffff' })
        .jpeg({ quality: 80 })
        .toBuffer({ resolveWithObject: true }),
    );
  } catch {
    return false;
  }
  const image = await layout.pdf.doc.embedJpg(jpeg.data);
  await image.embed();
  const page = layout.newPage(footer);
  layout.heading(caption, 11);
  const box = { width: WIDTH, height: layout.y - 60 };
  const scale = Math.min(box.width / jpeg.info.width, box.height / jpeg.info.height, 1);
  const [width, height] = [jpeg.info.width * scale, jpeg.info.height * scale];
  layout.image(page, image, { x: MARGIN, y: layout.y - height, width, height });
  layout.close();
  return true;
}

/** The report as a stream; it stops reading storage once the reader has gone. */
export function pdfStream(ctx: Ctx, scope: Scope, period: Period, lang: Language): Readable {
  return pdfReadable(report(ctx, scope, period, lang));
}
