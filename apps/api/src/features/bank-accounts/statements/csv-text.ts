/**
 * The text and records of a CSV export: the bytes decoded as UTF-8 or Windows-1252, and the
 * records read from that text with the line each starts on.
 */
import { Readable } from 'node:stream';
import { CsvError, parse, type Info } from 'csv-parse';
import iconv from 'iconv-lite';
import { CSV_SNIFF_BYTES, type CsvDelimiter } from '@helder/shared/bank-accounts';
import { StatementError } from './statement';

/** A row this long is an unclosed quote swallowing the file, not a booking. */
const MAX_RECORD_CHARS = 1_000_000;

/** The file as text: UTF-8 unless its first 64 KB are not valid UTF-8, then Windows-1252. */
export async function openText(input: AsyncIterable<Buffer>) {
  const it = input[Symbol.asyncIterator]();
  const chunks: Buffer[] = [];
  let size = 0;
  let ended = false;
  while (size < CSV_SNIFF_BYTES) {
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
export async function* readRecords(
  source: AsyncIterable<string>,
  d: { delimiter: CsvDelimiter; quotes: boolean },
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
