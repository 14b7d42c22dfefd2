import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeRepeated } from '../../../test/repeated-file';
import { streamStatementFile } from './parse';
import { StatementError } from './statement';

let dir = '';
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'statement-limits-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** A generated file in the test's directory (see writeRepeated). */
const generated = (head: string, piece: string, times: number, tail: string) =>
  writeRepeated(join(dir, `${Math.random().toString(36).slice(2)}.txt`), head, piece, times, tail);

async function refusal(path: string): Promise<StatementError> {
  const error: unknown = await streamStatementFile(path, undefined, () => undefined).then(
    () => new Error('expected the parser to refuse the input'),
    (e: unknown) => e,
  );
  if (!(error instanceof StatementError)) throw error;
  return error;
}

const MT940_HEAD =
  ':20:STMT\r\n:25:NL91ABNA0417164300\r\n:28C:1\r\n:60F:C240101EUR100,00\r\n' +
  ':61:2401020102D10,00NTRFNONREF\r\n:86:';
const ING_HEADER =
  '"Datum","Naam / Omschrijving","Rekening","Tegenrekening","Code","Af Bij","Bedrag (EUR)","Mutatiesoort","Mededelingen"\r\n';

describe('statement readers: one enormous line or field', () => {
  it('MT940: refuses a 50 MB line without a line break', async () => {
    const path = await generated(MT940_HEAD, 'x', 50 * 1024 * 1024, '\r\n-\r\n');
    const error = await refusal(path);
    expect(error.code).toBe('statement_malformed');
    expect(error.message).toMatch(/^Line 6: the line is far too long/);
  });

  it('MT940: refuses a field of 200 000 continuation lines', async () => {
    const path = await generated(
      MT940_HEAD + 'Omschrijving\r\n',
      'x'.repeat(60) + '\r\n',
      200_000,
      ':62F:C240102EUR90,00\r\n-\r\n',
    );
    const error = await refusal(path);
    expect(error.code).toBe('statement_malformed');
    expect(error.message).toMatch(/^Line 6: the :86: field runs on for more than 100 lines/);
  });

  it('CSV: refuses a 50 MB row without a line break', async () => {
    const path = await generated(ING_HEADER + '"20240315","', 'x', 50 * 1024 * 1024, '"\r\n');
    const error = await refusal(path);
    expect(error.code).toBe('statement_malformed');
  });

  it('CSV: refuses a 50 MB unquoted row', async () => {
    const path = await generated(ING_HEADER + '20240315,', 'x', 50 * 1024 * 1024, '\r\n');
    const error = await refusal(path);
    expect(error.code).toBe('statement_malformed');
  });
});
