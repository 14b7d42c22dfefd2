import type { CsvMapping } from './csv-mapping';
import { parseCamt053 } from './camt053';
import { parseCsv } from './csv';
import { parseMt940 } from './mt940';
import type { ParsedStatement, StatementFormat } from './statement';

/** Enough of a file to tell its format. */
const HEAD_BYTES = 64 * 1024;
const CHUNK_BYTES = 64 * 1024;

/**
 * The format of a statement file, told from its first bytes: XML is CAMT.053 (the parser
 * refuses any other XML), SWIFT tags or a SWIFT block header are MT940, anything else is CSV.
 */
export function detectFormat(data: Buffer): StatementFormat {
  const head = data
    .subarray(0, HEAD_BYTES)
    .toString('latin1')
    .replace(/^\u00ef\u00bb\u00bf/, '')
    .trimStart();
  if (head.startsWith('<')) return 'camt053';
  if (head.startsWith('{1:') || /^:20:/m.test(head) || /^:25:/m.test(head)) return 'mt940';
  return 'csv';
}

/** The file in chunks, as the streaming parsers take it. */
async function* chunks(data: Buffer): AsyncGenerator<Buffer> {
  for (let at = 0; at < data.length; at += CHUNK_BYTES) {
    yield data.subarray(at, at + CHUNK_BYTES);
  }
}

/** Parses a statement file of any supported format; StatementError when it is refused. */
export function parseStatement(data: Buffer, mapping?: CsvMapping): Promise<ParsedStatement> {
  switch (detectFormat(data)) {
    case 'camt053':
      return parseCamt053(chunks(data));
    case 'mt940':
      return parseMt940(chunks(data));
    case 'csv':
      return parseCsv(chunks(data), mapping ? { mapping } : {});
  }
}
