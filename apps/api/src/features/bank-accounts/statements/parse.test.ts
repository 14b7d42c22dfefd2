import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CsvMapping } from './csv-mapping';
import { parseStatement, streamStatementFile } from './parse';
import type { StatementAccount, StatementLine } from './statement';

const FIXTURES = path.join(import.meta.dirname, 'fixtures');

const MAPPING: CsvMapping = {
  delimiter: ',',
  hasHeader: true,
  date: 0,
  dateFormat: 'dd/mm/yyyy',
  amount: 1,
  decimal: ',',
  debitCredit: { column: 3, debitValues: ['D'] },
  account: 4,
  counterpartyName: 5,
  counterpartyIban: 6,
  description: [7, 8],
  currency: 2,
  reference: 9,
};

/** Two bookings share a bank reference and two an end-to-end id: only the unique ones stay. */
const SHARED_REFERENCES = [
  ':20:TEST',
  ':25:NL07KNAB0255123456',
  ':60F:C240101EUR100,00',
  ':61:2401010101C1,00NTRFNONREF//SAME',
  ':61:2401010101C1,00NTRFNONREF//SAME',
  ':61:2401010101C1,00NTRFOWN-1',
  ':61:2401010101C1,00NTRFNONREF',
  ':86:/EREF/E2E-1/REMI/x',
  ':61:2401010101C1,00NTRFNONREF',
  ':86:/EREF/E2E-2/REMI/x',
  ':61:2401010101C1,00NTRFNONREF',
  ':86:/EREF/E2E-2/REMI/y',
  ':62F:C240101EUR106,00',
  '-',
].join('\n');

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'helder-parse-'));
  const ing = (await readFile(path.join(FIXTURES, 'csv', 'ing-semicolon.csv'), 'utf8')).split('\n');
  await writeFile(path.join(dir, 'shared-references.sta'), SHARED_REFERENCES);
  // Rows 1 and 3 of a newest-first export: their balances do not chain.
  await writeFile(path.join(dir, 'unchained.csv'), [ing[0], ing[1], ing[3]].join('\n'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

const fixtures = async () => [
  ...(
    await Promise.all(
      ['camt053', 'mt940', 'csv'].map(async (format) =>
        (await readdir(path.join(FIXTURES, format))).map((name) =>
          path.join(FIXTURES, format, name),
        ),
      ),
    )
  ).flat(),
  path.join(dir, 'shared-references.sta'),
  path.join(dir, 'unchained.csv'),
];

describe('streamStatementFile', () => {
  it('hands over every line parseStatement keeps, with the same accounts and balances', async () => {
    const files = await fixtures();
    expect(files.length).toBeGreaterThan(20);
    for (const file of files) {
      const mapping = file.endsWith('mapping.csv') ? MAPPING : undefined;
      const inMemory = await parseStatement(await readFile(file), mapping);

      const handed = new Map<StatementAccount, StatementLine[]>();
      const streamed = await streamStatementFile(file, mapping, (account, line) => {
        handed.set(account, [...(handed.get(account) ?? []), line]);
      });

      // The sink knows accounts by identity: the returned ones are those the lines came with.
      expect(
        [...handed.keys()].every((a) => streamed.accounts.includes(a)),
        file,
      ).toBe(true);
      expect(
        streamed.accounts.every((a) => a.lines.length === 0),
        file,
      ).toBe(true);
      const joined = streamed.accounts.map((a) => ({ ...a, lines: handed.get(a) ?? [] }));
      expect({ ...streamed, accounts: joined }, file).toEqual(inMemory);
    }
  });

  it('keeps only the unique references of an MT940 file read in two passes', async () => {
    const references: (string | null)[] = [];
    await streamStatementFile(path.join(dir, 'shared-references.sta'), undefined, (_, line) =>
      references.push(line.bankReference),
    );
    expect(references).toEqual([null, null, 'OWN-1', 'E2E-1', null, null]);
  });

  it('claims no balances for a CSV whose balances do not chain', async () => {
    const parsed = await streamStatementFile(path.join(dir, 'unchained.csv'), undefined, () => {});
    expect(parsed.accounts[0]).toMatchObject({
      openingBalanceCents: null,
      closingBalanceCents: null,
    });
  });
});
