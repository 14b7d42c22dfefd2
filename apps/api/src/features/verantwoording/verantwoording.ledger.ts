/**
 * The ledger of a verantwoording package: one row per payment the caller may see in the period,
 * with the file names its receipts have in the package. The rows come from the payments export's
 * pages (the same visibility, filter and masking as the lists), each page joined to its receipts
 * with one more query, so the ledger streams as the export does.
 */
import { and, asc, inArray, type SQL } from 'drizzle-orm';
import { centsToEuros } from '@helder/shared/money';
import { counterpartySide } from '@helder/shared/payments';
import { paymentAttachments } from '../../db/schema';
import type { Ctx } from '../../http/context';
import {
  EURO_FORMAT,
  exportPages,
  forThePublic,
  readsPrivate,
  scopeWhere,
  type Column,
  type ExportRow,
  type Scope,
} from '../payments';

/** The XLSX ledger's sheet. */
export const LEDGER_SHEET = 'Grootboek';

/** A receipt as the package holds it. */
interface Receipt {
  attachmentId: number;
  storageKey: string;
  /** `YYYY-MM-DD_amount_counterparty_id.ext`: sorts by day and says what it is without opening. */
  fileName: string;
}

export type LedgerRow = ExportRow & { counterparty: string | null; receipts: Receipt[] };

export interface Period {
  start_date?: string | undefined;
  end_date?: string | undefined;
}

/** Letters and digits of a name, the rest one '-': safe in every file system and zip reader. */
function slug(text: string | null) {
  const plain = (text ?? '')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40)
    .replace(/-+$/, '');
  return plain || 'onbekend';
}

const extension = (key: string) => /\.([a-z0-9]+)$/i.exec(key)?.[1] ?? 'bin';

const receiptFileName = (row: LedgerRow, attachmentId: number, key: string) =>
  `${row.day}_${centsToEuros(row.amountCents).toFixed(2)}_${slug(row.counterparty)}_${attachmentId}.${extension(key)}`;

/** The payments' receipts, oldest first per payment. */
async function receiptsOf(ctx: Ctx, ids: number[]) {
  if (ids.length === 0) return new Map<number, { id: number; storageKey: string }[]>();
  const rows = await ctx.db
    .select({
      id: paymentAttachments.id,
      paymentId: paymentAttachments.paymentId,
      storageKey: paymentAttachments.storageKey,
    })
    .from(paymentAttachments)
    .where(inArray(paymentAttachments.paymentId, ids))
    .orderBy(asc(paymentAttachments.paymentId), asc(paymentAttachments.id));
  const byPayment = new Map<number, { id: number; storageKey: string }[]>();
  for (const r of rows) byPayment.set(r.paymentId, [...(byPayment.get(r.paymentId) ?? []), r]);
  return byPayment;
}

/**
 * The scope's visible payments in the period, newest first, a page at a time, with receipts;
 * `only` narrows them further (the PDF's groups).
 */
export async function* ledgerPages(
  ctx: Ctx,
  scope: Scope,
  period: Period,
  only?: SQL,
): AsyncGenerator<LedgerRow[]> {
  const where = and(
    scopeWhere(ctx.actor, scope, { start_date: period.start_date, end_date: period.end_date }),
    only,
  )!;
  const shown = readsPrivate(ctx) ? (row: ExportRow) => row : forThePublic;
  for await (const page of exportPages(ctx.db, where, shown)) {
    const receipts = await receiptsOf(
      ctx,
      page.map((r) => r.id),
    );
    yield page.map((r) => {
      const counterparty = counterpartySide(r.route) === 'creditor' ? r.creditorName : r.debtorName;
      const row: LedgerRow = { ...r, counterparty, receipts: [] };
      row.receipts = (receipts.get(r.id) ?? []).map((a) => ({
        attachmentId: a.id,
        storageKey: a.storageKey,
        fileName: receiptFileName(row, a.id, a.storageKey),
      }));
      return row;
    });
  }
}

/**
 * The ledger's columns; the counterparty's account only for logged-in callers
 * (docs/api-rules.md §6).
 */
export function ledgerColumns(loggedIn: boolean): Column<LedgerRow>[] {
  return [
    { header: 'Datum', value: (r) => r.day, date: true, width: 12, numFmt: 'dd-mm-yyyy' },
    { header: 'Activiteit', value: (r) => r.activityName, width: 28 },
    { header: 'Route', value: (r) => r.route, width: 10 },
    { header: 'Tegenpartij', value: (r) => r.counterparty, width: 28 },
    ...(loggedIn
      ? [
          {
            header: 'Tegenrekening',
            value: (r: LedgerRow) =>
              counterpartySide(r.route) === 'creditor' ? r.creditorAccount : r.debtorAccount,
            width: 24,
          },
        ]
      : []),
    { header: 'Beschrijving', value: (r) => r.shortUserDescription, width: 40 },
    {
      header: 'Bedrag',
      value: (r) => centsToEuros(r.amountCents),
      width: 14,
      numFmt: EURO_FORMAT,
    },
    { header: 'Type', value: (r) => r.type, width: 10 },
    { header: 'Bonnen', value: (r) => r.receipts.map((x) => x.fileName).join(', '), width: 60 },
  ];
}
