/**
 * The spreadsheet files the API writes (the ledger exports, the verantwoording ledger, the
 * funder's overview): columns, CSV for Dutch Excel and streamed XLSX. Shared here so that every
 * file follows the same rules (docs/api-rules.md §1).
 */
import { PassThrough, type Readable } from 'node:stream';

export interface Column<R> {
  header: string;
  /** A date column's value is the YYYY-MM-DD day, written to the XLSX as a date cell. */
  value: (row: R) => string | number | Date | null;
  date?: boolean;
  /** Excel number format and width. */
  numFmt?: string;
  width: number;
}

export const EURO_FORMAT = '"€" #,##0.00;[Red]"€" -#,##0.00';

/** The YYYY-MM-DD day as an Excel date (Excel dates have no time zone: midnight UTC). */
const excelDate = (day: string) => new Date(`${day}T00:00:00Z`);

// CSV (RFC 4180) for Dutch Excel: UTF-8 with a BOM, ';' between fields, CRLF line ends. Dates are
// YYYY-MM-DD (the Amsterdam day) and amounts plain numbers with a dot ('-12.5'): a decimal comma
// would follow one locale's Excel and break every other reader, so the CSV stays
// locale-independent; the XLSX is the file with real number and date cells.
const CSV_SEPARATOR = ';';
const BOM = '\uFEFF';

/**
 * One CSV field: quoted when it holds the separator, a quote or a line break. Text that a
 * spreadsheet would run as a formula (= + - @ tab CR first) gets a leading apostrophe.
 */
export function csvField(value: string | number | Date | null): string {
  if (value === null) return '';
  if (typeof value === 'number') return String(value);
  let text = value instanceof Date ? value.toISOString() : value;
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[";\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export async function* csvChunks<R>(cols: Column<R>[], pages: AsyncIterable<R[]>) {
  yield BOM + cols.map((c) => csvField(c.header)).join(CSV_SEPARATOR) + '\r\n';
  for await (const rows of pages) {
    yield rows
      .map((row) => cols.map((c) => csvField(c.value(row))).join(CSV_SEPARATOR) + '\r\n')
      .join('');
  }
}

/** One sheet of a workbook: its rows come a page at a time; `bold` marks rows such as totals. */
export interface Sheet<R> {
  name: string;
  cols: Column<R>[];
  pages: AsyncIterable<R[]>;
  bold?: (row: R) => boolean;
}

/**
 * An XLSX of one or more sheets through exceljs' streaming writer: each row is committed
 * (flushed) once added, a sheet once its pages are done.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each sheet has its own row type
export function xlsxSheetsStream(sheets: Sheet<any>[]): Readable {
  const out = new PassThrough();
  const write = async () => {
    // exceljs is loaded by the first export, not carried by every server (~30 MB resident).
    const { default: ExcelJS } = await import('exceljs');
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
      stream: out,
      useStyles: true,
      useSharedStrings: false,
    });
    for (const { name, cols, pages, bold } of sheets) {
      const sheet = workbook.addWorksheet(name);
      sheet.columns = cols.map((c, i) => ({
        header: c.header,
        key: String(i),
        width: c.width,
        ...(c.numFmt ? { style: { numFmt: c.numFmt } } : {}),
      }));
      sheet.getRow(1).font = { bold: true };
      for await (const rows of pages) {
        // The client went away: stop reading (leaving the loop closes the page generator).
        if (out.destroyed) return;
        for (const row of rows) {
          const added = sheet.addRow(
            cols.map((c) => {
              const value = c.value(row);
              return c.date && typeof value === 'string' ? excelDate(value) : value;
            }),
          );
          if (bold?.(row)) added.font = { bold: true };
          added.commit();
        }
      }
      sheet.commit();
    }
    await workbook.commit();
  };
  write().catch((error: unknown) => out.destroy(error as Error));
  return out;
}

/** The XLSX of one sheet. */
export const xlsxStream = <R>(
  cols: Column<R>[],
  pages: AsyncIterable<R[]>,
  sheetName = 'Transacties',
): Readable => xlsxSheetsStream([{ name: sheetName, cols, pages }]);
