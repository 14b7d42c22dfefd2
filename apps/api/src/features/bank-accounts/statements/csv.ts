/**
 * CSV bank statements: the Dutch banks' own exports (see csv-layouts.ts), recognised by their
 * header or the shape of their rows, or any other export through a user's column mapping. The
 * file is streamed; only the first 64 KB are held at once, to choose the encoding and layout.
 */
import { Readable } from 'node:stream';
import { CsvError, parse, type Info } from 'csv-parse';
import { parse as parseSync } from 'csv-parse/sync';
import iconv from 'iconv-lite';
import {
  CSV_LAYOUTS,
  readAmount,
  type AmountState,
  type CsvLayout,
  type DescriptionParts,
  type HeaderLayout,
  type LayoutColumns,
} from './csv-layouts';
import { readDate, type CsvDelimiter, type CsvMapping } from './csv-mapping';
import {
  StatementError,
  foldText,
  normaliseIban,
  type ParsedStatement,
  type SkippedLine,
  type StatementAccount,
  type StatementErrorCode,
  type StatementLine,
} from './statement';

/** Enough to hold the header and first rows of any export, and to tell UTF-8 from 1252. */
const SNIFF_BYTES = 64 * 1024;
/** A row this long is an unclosed quote swallowing the file, not a booking. */
const MAX_RECORD_CHARS = 1_000_000;

interface Detected {
  flavour: string;
  delimiter: CsvDelimiter;
  quotes: boolean;
  /** Set for header layouts: the reader is built once the header row is read. */
  header: HeaderLayout | null;
  reader: RowReader | null;
}

/** How to turn the cells of one data row into a statement line. */
type RowReader = Pick<
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

function detect(head: string): Detected | null {
  const lines = head
    .slice(0, SNIFF_BYTES)
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

/** The known bank layout the start of a (decoded) file is in, if any. */
export function sniffCsv(head: string): { flavour: string } | null {
  const found = detect(head);
  return found ? { flavour: found.flavour } : null;
}

function readerFromHeader(layout: HeaderLayout, cells: string[], line: number): RowReader {
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

function readerFromMapping(m: CsvMapping): RowReader {
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

/** A row's account and either why it was skipped or its line and own balance before/after. */
interface RowResult {
  account: string | null;
  skipped?: SkippedLine;
  entry?: StatementLine;
  balance?: [number, number] | null;
}

function readRow(r: RowReader, cells: string[], line: number, state: AmountState): RowResult {
  const fail = (code: StatementErrorCode, message: string) => {
    throw new StatementError(code, message, line);
  };
  const n = `${cells.length} columns`;
  if (cells.length < r.minCells) fail('statement_missing_columns', `${n}, need ${r.minCells}`);
  if (r.maxCells !== null && cells.slice(r.maxCells).some((c) => c.trim() !== '')) {
    fail('statement_malformed', `${n}, expected ${r.maxCells}`);
  }
  const cell = (i: number | undefined) => (i === undefined ? '' : (cells[i] ?? ''));
  const col = r.columns;
  const account = normaliseIban(cell(col.account));
  const currency = cell(col.currency).trim().toUpperCase() || 'EUR';
  if (currency !== 'EUR') {
    return { account, skipped: { line, reason: 'currency', detail: currency } };
  }

  const bookingDate = readDate(cell(col.date), r.dateFormat, line);
  const amountText = cell(col.amount);
  let amountCents = readAmount(amountText, r.amount, line, state);
  if (col.sign !== undefined) {
    const value = cell(col.sign).trim().toLowerCase();
    const is = (values: string[] | undefined) => values?.some((v) => v.toLowerCase() === value);
    const debit = is(r.debitValues) === true;
    if (!debit && r.creditValues && !is(r.creditValues)) {
      fail('statement_bad_amount', `"${value}" is neither debit nor credit`);
    }
    // The sign column gives the direction; a signed amount as well would be a contradiction.
    if (/^\s*-/.test(amountText)) fail('statement_bad_amount', `"${amountText}" has a sign`);
    if (debit && amountCents !== 0) amountCents = -amountCents;
  }

  const text = foldText(col.description.map((i) => cells[i] ?? '').join(' '));
  const parts: DescriptionParts =
    text !== null && r.describe ? r.describe(text) : { description: text };
  const entry: StatementLine = {
    line,
    bookingDate,
    amountCents,
    currency,
    counterpartyName: foldText(cell(col.counterpartyName)) ?? foldText(parts.name),
    counterpartyIban: normaliseIban(cell(col.counterpartyIban)) ?? normaliseIban(parts.iban),
    description: foldText(parts.description),
    bankReference: foldText(cell(col.reference)),
  };

  const balanceAt = (i: number | undefined) =>
    cell(i).trim() === '' ? null : readAmount(cell(i), r.amount, line, state);
  const before = balanceAt(col.balanceBefore);
  const after = balanceAt(col.balanceAfter);
  let balance: [number, number] | null = null;
  if (before !== null || after !== null) {
    balance = [before ?? (after ?? 0) - amountCents, after ?? (before ?? 0) + amountCents];
  }
  return { account, entry, balance };
}

/**
 * Opening and closing balance from each row's before/after balance. Exports list either the
 * oldest or the newest booking first (ING: newest), so the order is read from how the balances
 * chain; when they do not chain (a filtered export) no balance is claimed.
 */
function settle(chain: [number, number][] | null): [number | null, number | null] {
  const first = chain?.[0];
  const last = chain?.at(-1);
  if (!chain || !first || !last) return [null, null];
  if (chain.every((b, i) => i === 0 || chain[i - 1]?.[1] === b[0])) return [first[0], last[1]];
  if (chain.every((b, i) => i === 0 || chain[i - 1]?.[0] === b[1])) return [last[0], first[1]];
  return [null, null];
}

/** The file as text: UTF-8 unless its first 64 KB are not valid UTF-8, then Windows-1252. */
async function openText(input: AsyncIterable<Buffer>) {
  const it = input[Symbol.asyncIterator]();
  const chunks: Buffer[] = [];
  let size = 0;
  let ended = false;
  while (size < SNIFF_BYTES) {
    const next = await it.next();
    if (next.done) {
      ended = true;
      break;
    }
    chunks.push(next.value);
    size += next.value.length;
  }
  const headBytes = Buffer.concat(chunks);
  let utf8 = true;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(headBytes, { stream: !ended });
  } catch {
    utf8 = false;
  }
  // Once chosen the encoding stays: a later bad byte becomes U+FFFD rather than a mixed file.
  const utf8Decoder = new TextDecoder('utf-8');
  const decode = (bytes?: Buffer) =>
    utf8
      ? utf8Decoder.decode(bytes, { stream: bytes !== undefined })
      : bytes
        ? iconv.decode(bytes, 'win1252')
        : '';
  const head = decode(headBytes) + (ended ? decode() : '');
  async function* text() {
    yield head;
    while (!ended) {
      const next = await it.next();
      if (next.done) break;
      yield decode(next.value);
    }
    ended = true;
    yield decode();
  }
  const close = async () => {
    if (!ended) await it.return?.();
  };
  return { head, text, close };
}

const countMatches = (s: string, re: RegExp) => s.match(re)?.length ?? 0;

/** Records with the 1-based line each starts on (csv-parse counts a CRLF in a field twice). */
async function* readRecords(
  source: AsyncIterable<string>,
  d: Detected,
): AsyncGenerator<{ cells: string[]; line: number }> {
  let overcount = 0;
  let lastEnd = 0;
  let lastEmpty = 0;
  const parser = parse({
    delimiter: d.delimiter,
    quote: d.quotes ? '"' : false,
    relax_column_count: true,
    skip_empty_lines: true,
    skip_records_with_empty_values: true,
    max_record_size: MAX_RECORD_CHARS,
    // The line rides on the record itself: csv-parse's types want a string[] back.
    on_record: (cells: string[], ctx: Info) => {
      let breaks = 0;
      for (const c of cells) {
        if (!/[\r\n]/.test(c)) continue;
        breaks += countMatches(c, /\r\n|\r|\n/g);
        overcount += countMatches(c, /[\r\n]/g) - countMatches(c, /\r\n|\r|\n/g);
      }
      lastEnd = ctx.lines - overcount;
      lastEmpty = ctx.empty_lines;
      return Object.assign(cells, { line: lastEnd - breaks });
    },
  });
  const input = Readable.from(source);
  input.on('error', (err) => parser.destroy(err));
  input.pipe(parser);
  try {
    for await (const cells of parser) {
      const rec = cells as string[] & { line: number };
      yield { cells: rec, line: rec.line };
    }
  } catch (err) {
    if (!(err instanceof CsvError)) throw err;
    // csv-parse names the line it gave up on; the row the stray quote belongs to starts after
    // the last good record (and any blank lines since).
    const blank = typeof err.empty_lines === 'number' ? err.empty_lines - lastEmpty : 0;
    const message =
      err.code === 'CSV_QUOTE_NOT_CLOSED' || err.code === 'CSV_MAX_RECORD_SIZE'
        ? 'a quoted field is never closed'
        : 'a quote stands where none may';
    throw new StatementError('statement_malformed', message, lastEnd + 1 + blank);
  } finally {
    input.destroy();
    parser.destroy();
  }
}

/**
 * Parses a CSV export into accounts and lines. A mapping, when given, is what the user chose for
 * this file and wins over layout recognition.
 */
export async function parseCsv(
  input: AsyncIterable<Buffer>,
  options: { mapping?: CsvMapping } = {},
): Promise<ParsedStatement> {
  const file = await openText(input);
  try {
    if (file.head.trim() === '') throw new StatementError('statement_empty', 'the file is empty');
    const { mapping } = options;
    const detected: Detected | null = mapping
      ? {
          flavour: 'mapping',
          delimiter: mapping.delimiter,
          quotes: true,
          header: null,
          reader: readerFromMapping(mapping),
        }
      : detect(file.head);
    if (!detected) {
      throw new StatementError('statement_unknown_format', 'not a CSV layout of a known bank');
    }

    let reader = detected.reader;
    let skipHeader = detected.header !== null || mapping?.hasHeader === true;
    let first = true;
    const state: AmountState = { decimal: null };
    const accounts = new Map<
      string | null,
      { account: StatementAccount; chain: [number, number][] | null }
    >();
    const skipped: SkippedLine[] = [];
    let rows = 0;

    for await (const { cells, line } of readRecords(file.text(), detected)) {
      const title = first && detected.header?.titleLine?.test(cells[0] ?? '');
      first = false;
      if (title) continue;
      if (skipHeader) {
        skipHeader = false;
        if (detected.header) reader = readerFromHeader(detected.header, cells, line);
        continue;
      }
      if (!reader) continue;
      rows += 1;
      const row = readRow(reader, cells, line, state);
      const iban = row.account;
      const group = accounts.get(iban) ?? {
        account: {
          iban,
          holderName: null,
          openingBalanceCents: null,
          closingBalanceCents: null,
          lines: [],
        },
        chain: [],
      };
      accounts.set(iban, group);
      if (row.skipped) skipped.push(row.skipped);
      if (row.entry) {
        group.account.lines.push(row.entry);
        if (row.balance && group.chain) group.chain.push(row.balance);
        else group.chain = null;
      }
    }
    if (rows === 0) throw new StatementError('statement_empty', 'the file has no bookings');

    return {
      format: 'csv',
      flavour: detected.flavour,
      accounts: [...accounts.values()].map(({ account, chain }) => {
        const [openingBalanceCents, closingBalanceCents] = settle(chain);
        return { ...account, openingBalanceCents, closingBalanceCents };
      }),
      skipped,
    };
  } finally {
    await file.close();
  }
}
