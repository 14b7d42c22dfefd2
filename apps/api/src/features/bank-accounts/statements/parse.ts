import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import type { CsvMapping } from '@helder/shared/bank-accounts';
import { parseCamt053 } from './camt053';
import { parseCsv } from './csv';
import { parseMt940, streamMt940 } from './mt940';
import type { LineSink, ParsedStatement, StatementFormat } from './statement';

/** Enough of a file to tell its format. */
const HEAD_BYTES = 64 * 1024;
const CHUNK_BYTES = 64 * 1024;

/**
 * The format of a statement file, told from its first bytes: XML is CAMT.053 (the parser
 * refuses any other XML), SWIFT tags or a SWIFT block header are MT940, anything else is CSV.
 */
function detectFormat(data: Buffer): StatementFormat {
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

function parseAs(
  format: StatementFormat,
  input: AsyncIterable<Buffer>,
  mapping: CsvMapping | undefined,
): Promise<ParsedStatement> {
  switch (format) {
    case 'camt053':
      return parseCamt053(input);
    case 'mt940':
      return parseMt940(input);
    case 'csv':
      return parseCsv(input, mapping ? { mapping } : {});
  }
}

/** Parses a statement held in memory, of any supported format; StatementError when refused. */
export function parseStatement(data: Buffer, mapping?: CsvMapping): Promise<ParsedStatement> {
  return parseAs(detectFormat(data), chunks(data), mapping);
}

/**
 * Parses a file from disk, handing each line to `onLine` as it is read instead of keeping it
 * (MT940 reads the file twice, see streamMt940). The accounts come back without lines.
 */
export async function streamStatementFile(
  path: string,
  mapping: CsvMapping | undefined,
  onLine: LineSink,
): Promise<ParsedStatement> {
  const handle = await open(path);
  let head: Buffer;
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(HEAD_BYTES), 0, HEAD_BYTES, 0);
    head = buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
  const read = () => createReadStream(path, { highWaterMark: CHUNK_BYTES });
  switch (detectFormat(head)) {
    case 'camt053':
      return parseCamt053(read(), onLine);
    case 'mt940':
      return streamMt940(read, onLine);
    case 'csv':
      return parseCsv(read(), { ...(mapping ? { mapping } : {}), onLine });
  }
}
