/**
 * The ledger export of an initiative's or activity's payments as CSV or XLSX: exactly the rows
 * the list shows to the caller with the same filter (scopeWhere), newest first, without paging.
 *
 * The rows are read in pages of EXPORT_PAGE_SIZE with keyset paging on (booking_date, id), and
 * each page is written out before the next is read, so an export never holds all rows in memory.
 * The 404s come before the first byte, as the lists give them.
 */
import { Readable } from 'node:stream';
import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import { centsToEuros } from '@helder/shared/money';
import type { ExportFormat, PaymentsFilter } from '@helder/shared/payments';
import type { Executor } from '../../db/client';
import { activities, initiatives, paymentAttachments, payments } from '../../db/schema';
import type { Ctx } from '../../http/context';
import { correlated } from '../../lib/initiative-sql';
import {
  csvChunks,
  EURO_FORMAT,
  xlsxStream,
  type Column as WorkbookColumn,
} from '../../lib/workbook';
import { findActivity, type ActivityPath } from '../activities';
import { findInitiative } from '../initiatives';
import { forThePublic, readsPrivate } from './payments.privacy';
import { activityOfPayment, scopeWhere, type Scope } from './payments.queries';

export { csvChunks, csvField, EURO_FORMAT, xlsxStream } from '../../lib/workbook';
/** A column of a ledger file; the payment export's rows unless told. */
export type Column<R = ExportRow> = WorkbookColumn<R>;

/** Rows read per statement. */
export const EXPORT_PAGE_SIZE = 1000;

const TIME_ZONE = 'Europe/Amsterdam';

const exportColumns = {
  id: payments.id,
  /** The booking date's exact text (microseconds and offset): the keyset cursor. */
  cursor: sql<string>`${payments.bookingDate}::text`,
  /** The calendar day in Amsterdam (docs/api-rules.md §1), YYYY-MM-DD. */
  day: sql<string>`to_char(${payments.bookingDate} at time zone ${TIME_ZONE}, 'YYYY-MM-DD')`,
  shortUserDescription: payments.shortUserDescription,
  creditorName: payments.creditorName,
  creditorAccount: payments.creditorAccount,
  debtorName: payments.debtorName,
  debtorAccount: payments.debtorAccount,
  activityName: activities.name,
  amountCents: payments.amountCents,
  route: payments.route,
  hideCounterparty: payments.hideCounterparty,
  type: payments.type,
  nAttachments: correlated<number>(sql`(select count(*) from ${paymentAttachments}
    where ${paymentAttachments.paymentId} = ${payments.id})`).mapWith(Number),
};

async function selectExportPage(
  db: Executor,
  where: SQL,
  after: { cursor: string; id: number } | null,
) {
  const keyset = after
    ? sql`(${payments.bookingDate}, ${payments.id}) < (${after.cursor}::timestamptz, ${after.id})`
    : undefined;
  return db
    .select(exportColumns)
    .from(payments)
    .innerJoin(initiatives, eq(initiatives.id, payments.initiativeId))
    .leftJoin(activities, activityOfPayment)
    .where(and(where, keyset))
    .orderBy(desc(payments.bookingDate), desc(payments.id))
    .limit(EXPORT_PAGE_SIZE);
}
export type ExportRow = Awaited<ReturnType<typeof selectExportPage>>[number];

/**
 * The scope's visible, filtered payments, newest first, one page at a time, each row as the
 * caller may read it (`shown`: the public's masked texts, docs/api-rules.md §6).
 */
export async function* exportPages(
  db: Executor,
  where: SQL,
  shown: (row: ExportRow) => ExportRow,
): AsyncGenerator<ExportRow[]> {
  let after: { cursor: string; id: number } | null = null;
  for (;;) {
    const rows = await selectExportPage(db, where, after);
    if (rows.length > 0) yield rows.map(shown);
    const last = rows.at(-1);
    if (!last || rows.length < EXPORT_PAGE_SIZE) return;
    after = { cursor: last.cursor, id: last.id };
  }
}

/**
 * The columns; the counterparty accounts only for logged-in callers, who may read them on every
 * payment they can list (docs/api-rules.md §6).
 */
function columns(loggedIn: boolean): Column[] {
  return [
    { header: 'Datum', value: (r) => r.day, date: true, width: 12, numFmt: 'dd-mm-yyyy' },
    { header: 'Beschrijving', value: (r) => r.shortUserDescription, width: 40 },
    { header: 'Ontvanger', value: (r) => r.creditorName, width: 28 },
    { header: 'Verzender', value: (r) => r.debtorName, width: 28 },
    ...(loggedIn
      ? [
          {
            header: 'Tegenrekening ontvanger',
            value: (r: ExportRow) => r.creditorAccount,
            width: 24,
          },
          {
            header: 'Tegenrekening verzender',
            value: (r: ExportRow) => r.debtorAccount,
            width: 24,
          },
        ]
      : []),
    { header: 'Activiteit', value: (r) => r.activityName, width: 28 },
    {
      header: 'Bedrag',
      value: (r) => centsToEuros(r.amountCents),
      width: 14,
      numFmt: EURO_FORMAT,
    },
    { header: 'Route', value: (r) => r.route, width: 10 },
    { header: 'Type', value: (r) => r.type, width: 10 },
    { header: 'Bijlagen', value: (r) => r.nAttachments, width: 9 },
  ];
}

export const CONTENT_TYPES: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/** Today in Amsterdam, YYYY-MM-DD. */
export const amsterdamDay = (now: Date) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: TIME_ZONE }).format(now);

export interface ExportFile {
  contentType: string;
  filename: string;
  body: Readable;
}

function exportFile(
  ctx: Ctx,
  scope: Scope,
  filter: PaymentsFilter,
  format: ExportFormat,
): ExportFile {
  const own = readsPrivate(ctx);
  const pages = exportPages(
    ctx.db,
    scopeWhere(ctx.actor, scope, filter),
    own ? (row) => row : forThePublic,
  );
  const cols = columns(own);
  const id = scope.activityId ?? scope.initiativeId;
  return {
    contentType: CONTENT_TYPES[format],
    filename: `transacties-${id}-${amsterdamDay(ctx.clock())}.${format}`,
    body: format === 'csv' ? Readable.from(csvChunks(cols, pages)) : xlsxStream(cols, pages),
  };
}

type ExportQueryOut = PaymentsFilter & { format: ExportFormat };

/** An initiative's payments as a file (404 when it is hidden from the caller). */
export async function exportInitiativePayments(
  ctx: Ctx,
  initiativeId: number,
  { format, ...filter }: ExportQueryOut,
) {
  await findInitiative(ctx, initiativeId);
  return exportFile(ctx, { initiativeId }, filter, format);
}

/** An activity's payments as a file (404 when it or its initiative is hidden from the caller). */
export async function exportActivityPayments(
  ctx: Ctx,
  path: ActivityPath,
  { format, ...filter }: ExportQueryOut,
) {
  const activity = await findActivity(ctx, path);
  return exportFile(
    ctx,
    { initiativeId: activity.initiativeId, activityId: activity.id },
    filter,
    format,
  );
}

/**
 * Sets the file's headers and hands back its stream as the route's result: Fastify sends a stream
 * as it is, past the JSON serializer.
 */
export function sendExport(reply: FastifyReply, file: ExportFile): Readable {
  void reply
    .header('Content-Type', file.contentType)
    .header('Content-Disposition', `attachment; filename="${file.filename}"`)
    .header('Cache-Control', 'no-store');
  return file.body;
}
