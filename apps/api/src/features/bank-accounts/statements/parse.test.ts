import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIXTURE_CSV_MAPPING, SHARED_REFERENCES } from '../../../test/statement-fixtures';
import { parseStatement, streamStatementFile } from './parse';
import type { StatementAccount, StatementLine } from './statement';

const FIXTURES = path.join(import.meta.dirname, 'fixtures');

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'helder-parse-'));
  const ing = (await readFile(path.join(FIXTURES, 'csv', 'ing-semicolon.csv'), 'utf8')).split('\n');
  await writeFile(path.join(dir, 'shared-references.sta'), SHARED_REFERENCES.statement);
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
      const mapping = file.endsWith('mapping.csv') ? FIXTURE_CSV_MAPPING : undefined;
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
    expect(references).toEqual(SHARED_REFERENCES.kept);
  });

  it('tells the format from the content, whatever the file is called', async () => {
    const named = async (fixture: string, name: string) => {
      const file = path.join(dir, name);
      await writeFile(file, await readFile(path.join(FIXTURES, fixture)));
      const parsed = await streamStatementFile(file, undefined, () => {});
      return [parsed.format, parsed.flavour];
    };
    expect(await named('mt940/rabobank.swi', 'rabo.mt940')).toEqual(['mt940', 'rabobank']);
    expect(await named('mt940/abnamro.sta', 'abn.MT940X')).toEqual(['mt940', 'abnamro']);
    expect(await named('mt940/ing.sta', 'ing.csv')).toEqual(['mt940', 'ing']);
    expect(await named('csv/ing.csv', 'ing.mt940x')).toEqual(['csv', 'ing']);
    expect(await named('camt053/v06-batch.xml', 'batch.mt940')).toEqual(['camt053', null]);
  });

  it('claims no balances for a CSV whose balances do not chain', async () => {
    const parsed = await streamStatementFile(path.join(dir, 'unchained.csv'), undefined, () => {});
    expect(parsed.accounts[0]).toMatchObject({
      openingBalanceCents: null,
      closingBalanceCents: null,
    });
  });
});
