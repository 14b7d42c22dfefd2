import { gunzipSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { openStored, StatementRecorder, summarize, type StoredLine } from './stored-statement';
import type { ParsedStatement, StatementAccount, StatementLine } from './statements/statement';

const coffee: StatementLine = {
  line: 7,
  bookingDate: '2026-03-02',
  amountCents: -280,
  currency: 'EUR',
  counterpartyName: 'Koffiebar "Oost"',
  counterpartyIban: null,
  description: 'Koffie € 2,80',
  bankReference: null,
};

const account = (iban: string | null, open: number | null, close: number | null) => ({
  iban,
  holderName: 'Stichting Buurtkracht',
  openingBalanceCents: open,
  closingBalanceCents: close,
  lines: [],
});

/** Records the lines as a streaming parser would hand them over, and finishes. */
function record(lines: Array<[StatementAccount, StatementLine]>, accounts: StatementAccount[]) {
  const recorder = new StatementRecorder();
  for (const [a, line] of lines) recorder.add(a, line);
  const parsed: ParsedStatement = {
    format: 'csv',
    // A flavour whose references are unique per account, so S-1 is a key (dedupe-keys.ts).
    flavour: 'rabobank',
    accounts,
    skipped: [{ line: 12, reason: 'currency', detail: 'USD' }],
  };
  return recorder.finish(parsed);
}

/** A hash key (the line has no bank reference), the `n`th of its kind that day. */
const hashKey = (n: number): unknown => expect.stringMatching(new RegExp(`^h:.+:${n}$`));

async function readAll(data: Buffer) {
  const stored = await openStored(data);
  const lines: StoredLine[] = [];
  for await (const line of stored!.lines()) lines.push(line);
  return { summary: stored!.summary, lines };
}

describe('stored statement', () => {
  it('gives back every line in file order, with its account and key, and sums per account', async () => {
    const main = account('NL91RABO0123456789', 1000, 440);
    const savings = account('NL12RABO0987654321', null, null);
    const empty = account('NL55RABO0555555555', 0, 0);
    const lines: Array<[StatementAccount, StatementLine]> = [
      [main, coffee],
      [savings, { ...coffee, amountCents: 5000, bankReference: 'S-1' }],
      [main, coffee],
    ];
    const { stored, summary } = record(lines, [main, savings, empty]);
    const read = await readAll(stored);
    expect(read.lines).toEqual([
      { account: 0, key: hashKey(1), line: coffee },
      { account: 1, key: 'ref:S-1', line: { ...coffee, amountCents: 5000, bankReference: 'S-1' } },
      // The second equal coffee of the day is a line of its own.
      { account: 0, key: hashKey(2), line: coffee },
    ]);
    expect(read.summary.accounts.map((a) => [a.iban, a.lineCount])).toEqual([
      ['NL91RABO0123456789', 2],
      ['NL12RABO0987654321', 1],
      ['NL55RABO0555555555', 0],
    ]);
    expect(summary.accounts[0]).toMatchObject({ sumCents: -560, firstDate: '2026-03-02' });
    expect(summary.skipped).toEqual([{ line: 12, reason: 'currency', detail: 'USD' }]);
    expect(await summarize(stored)).toEqual(summary);
  });

  it('reads back a large statement stored in many compressed members', async () => {
    const main = account('NL91RABO0123456789', null, null);
    const lines = Array.from({ length: 20_000 }, (_, i): [StatementAccount, StatementLine] => [
      main,
      { ...coffee, line: i + 1, bankReference: `R${i}` },
    ]);
    const { stored } = record(lines, [main]);
    const read = await readAll(stored);
    expect(read.lines).toHaveLength(20_000);
    expect(read.lines.map((l) => l.line.line)).toEqual(lines.map(([, l]) => l.line));
  });

  it('is not used when another version of the parsers stored it', async () => {
    const { stored } = record([], [account('NL91RABO0123456789', null, null)]);
    const [header, ...rest] = gunzipSync(stored).toString().split('\n');
    const older = { ...(JSON.parse(header!) as { version: number }), version: 1 };
    const data = gzipSync([JSON.stringify(older), ...rest].join('\n'));
    expect(await openStored(data)).toBeNull();
    expect(await summarize(data)).toBeNull();
  });
});
