/**
 * CSV bank statements: the Dutch banks' own exports (see csv-layouts.ts), recognised by their
 * header or the shape of their rows, or any other export through a user's column mapping. The
 * file is streamed; only the first 64 KB are held at once, to choose the encoding and layout.
 */
import { readAmount, type AmountState } from './csv-amount';
import type { DescriptionParts } from './csv-describe';
import {
  detect,
  readerFromHeader,
  readerFromMapping,
  type Detected,
  type RowReader,
} from './csv-detect';
import type { CsvMapping } from '@helder/shared/bank-accounts';
import { readDate } from './csv-mapping';
import { openText, readRecords } from './csv-text';
import {
  StatementError,
  foldText,
  normaliseIban,
  type LineSink,
  type ParsedStatement,
  type SkippedLine,
  type StatementAccount,
  type StatementErrorCode,
  type StatementLine,
} from './statement';

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

  const text =
    foldText(col.description.map((i) => cells[i] ?? '').join(' ')) ??
    foldText(cell(col.paymentReference));
  const parts: DescriptionParts =
    text !== null && r.describe ? r.describe(text) : { description: text };
  const entry: StatementLine = {
    line,
    bookingDate,
    amountCents,
    currency,
    counterpartyName:
      foldText(cell(col.counterpartyName)) ??
      foldText(parts.name) ??
      foldText(cell(col.ultimateName)),
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
 * Opening and closing balance from each row's before/after balance, followed row by row so that
 * no row need be kept. Exports list either the oldest or the newest booking first (ING: newest),
 * so the order is read from how the balances chain; when they do not chain (a filtered export,
 * or a row without a balance) no balance is claimed.
 */
class BalanceChain {
  private first: [number, number] | null = null;
  private last: [number, number] | null = null;
  private forward = true;
  private backward = true;
  private broken = false;

  add(balance: [number, number] | null | undefined): void {
    if (!balance) {
      this.broken = true;
      return;
    }
    if (this.last) {
      this.forward &&= this.last[1] === balance[0];
      this.backward &&= this.last[0] === balance[1];
    }
    this.first ??= balance;
    this.last = balance;
  }

  settle(): [number | null, number | null] {
    const { first, last } = this;
    if (this.broken || !first || !last) return [null, null];
    if (this.forward) return [first[0], last[1]];
    if (this.backward) return [last[0], first[1]];
    return [null, null];
  }
}

/** The known bank layout the start of a (decoded) file is in, if any. */
export function sniffCsv(head: string): { flavour: string } | null {
  const found = detect(head);
  return found ? { flavour: found.flavour } : null;
}

/**
 * Parses a CSV export into accounts and lines. A mapping, when given, is what the user chose for
 * this file and wins over layout recognition. With `onLine` each line goes there as it is read
 * and the accounts come back without lines.
 */
export async function parseCsv(
  input: AsyncIterable<Buffer>,
  options: { mapping?: CsvMapping; onLine?: LineSink } = {},
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
    const accounts = new Map<string | null, { account: StatementAccount; chain: BalanceChain }>();
    const keep: LineSink = (account, line) => account.lines.push(line);
    const onLine = options.onLine ?? keep;
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
        chain: new BalanceChain(),
      };
      accounts.set(iban, group);
      if (row.skipped) skipped.push(row.skipped);
      if (row.entry) {
        onLine(group.account, row.entry);
        group.chain.add(row.balance);
      }
    }
    if (rows === 0) throw new StatementError('statement_empty', 'the file has no bookings');

    return {
      format: 'csv',
      flavour: detected.flavour,
      // The same objects the lines were handed over with: a sink may know accounts by identity.
      accounts: [...accounts.values()].map(({ account, chain }) => {
        [account.openingBalanceCents, account.closingBalanceCents] = chain.settle();
        return account;
      }),
      skipped,
    };
  } finally {
    await file.close();
  }
}
