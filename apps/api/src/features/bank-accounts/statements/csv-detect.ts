/**
 * Which layout a CSV export is in, recognised from the start of the file, and how to read its
 * rows: from a known bank layout (for header layouts, once the header row is read) or from a
 * user's column mapping.
 */
import { parse as parseSync } from 'csv-parse/sync';
import { CSV_LAYOUTS, type CsvLayout, type HeaderLayout, type LayoutColumns } from './csv-layouts';
import { CSV_SNIFF_BYTES, type CsvDelimiter, type CsvMapping } from '@helder/shared/bank-accounts';
import { StatementError } from './statement';

export interface Detected {
  flavour: string;
  delimiter: CsvDelimiter;
  quotes: boolean;
  /** Set for header layouts: the reader is built once the header row is read. */
  header: HeaderLayout | null;
  reader: RowReader | null;
}

/** How to turn the cells of one data row into a statement line. */
export type RowReader = Pick<
  CsvLayout,
  'dateFormat' | 'amount' | 'debitValues' | 'creditValues' | 'describe'
> & {
  minCells: number;
  maxCells: number | null;
  columns: LayoutColumns<number>;
};

const headerName = (s: string) => s.replace(/\s+/g, ' ').trim().toLowerCase();

function splitLine(line: string, delimiter: string, quotes: boolean): string[] {
  try {
    const quote = quotes ? '"' : false;
    return (
      parseSync(line, { delimiter, quote, relax_column_count: true, relax_quotes: true })[0] ?? []
    );
  } catch {
    return [];
  }
}

/** The names a header must have: every column the layout reads, bar the optional ones. */
const requiredNames = (layout: HeaderLayout) =>
  Object.values(layout.columns)
    .flatMap((n: string | string[] | undefined) => n ?? [])
    .filter((n) => !layout.optional?.includes(n));

export function detect(head: string): Detected | null {
  const lines = head
    .slice(0, CSV_SNIFF_BYTES)
    .replace(/^\uFEFF/, '')
    .split(/\r\n|\n|\r/)
    .filter((l) => l.trim() !== '');
  const [first = '', second = ''] = lines;
  for (const layout of CSV_LAYOUTS) {
    const { key: flavour, quotes } = layout;
    if (layout.kind === 'header') {
      const line = layout.titleLine?.test(first) ? second : first;
      for (const delimiter of layout.delimiters) {
        const names = new Set(splitLine(line, delimiter, quotes).map(headerName));
        if (requiredNames(layout).every((n) => names.has(headerName(n)))) {
          return { flavour, delimiter, quotes, header: layout, reader: null };
        }
      }
      continue;
    }
    const { delimiter, minColumns: minCells, maxColumns: maxCells } = layout;
    const cells = splitLine(first, delimiter, quotes);
    const fits =
      cells.length >= minCells &&
      (maxCells === null || cells.length <= maxCells) &&
      Object.entries(layout.shape).every(([i, re]) => re.test(cells[Number(i)]?.trim() ?? ''));
    if (fits) {
      const reader = { ...layout, minCells, maxCells };
      return { flavour, delimiter, quotes, header: null, reader };
    }
  }
  return null;
}

export function readerFromHeader(layout: HeaderLayout, cells: string[], line: number): RowReader {
  const index = new Map<string, number>();
  cells.forEach((name, i) => {
    if (!index.has(headerName(name))) index.set(headerName(name), i);
  });
  const missing = requiredNames(layout).filter((n) => !index.has(headerName(n)));
  if (missing.length > 0) {
    const lacks = `the header lacks ${missing.join(', ')}`;
    throw new StatementError('statement_missing_columns', lacks, line);
  }
  const at = (name: string | undefined) =>
    name === undefined ? undefined : index.get(headerName(name));
  const { date, amount, description, ...rest } = layout.columns;
  const optional = Object.entries(rest).map(([key, name]) => [key, at(name)]);
  const columns: LayoutColumns<number> = {
    ...(Object.fromEntries(optional) as Partial<LayoutColumns<number>>),
    date: at(date) ?? 0,
    amount: at(amount) ?? 0,
    description: description.flatMap((n) => at(n) ?? []),
  };
  return { ...layout, columns, minCells: cells.length, maxCells: cells.length };
}

export function readerFromMapping(m: CsvMapping): RowReader {
  const columns: LayoutColumns<number> = {
    date: m.date,
    amount: m.amount,
    sign: m.debitCredit?.column,
    account: m.account,
    currency: m.currency,
    counterpartyName: m.counterpartyName,
    counterpartyIban: m.counterpartyIban,
    description: m.description ?? [],
    reference: m.reference,
  };
  const used = Object.values(columns).flatMap((v: number | number[] | undefined) => v ?? []);
  return {
    dateFormat: m.dateFormat,
    amount: m.decimal === ',' ? 'comma' : 'dot',
    // No credit values: whatever is not a debit value is a credit.
    ...(m.debitCredit ? { debitValues: m.debitCredit.debitValues } : {}),
    minCells: Math.max(...used) + 1,
    maxCells: null,
    columns,
  };
}
