import { readFileSync } from 'node:fs';
import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { parseCsv } from './csv';
import { csvMappingSchema, type CsvMapping } from '@helder/shared/bank-accounts';
import { StatementError } from './statement';
import { FIXTURE_CSV_MAPPING } from '../../../test/statement-fixtures';

const fixture = (name: string) => readFileSync(new URL(`./fixtures/csv/${name}`, import.meta.url));

async function* chunked(data: Buffer, size = 29): AsyncGenerator<Buffer> {
  for (let at = 0; at < data.length; at += size) yield data.subarray(at, at + size);
}

const parseText = (text: string, mapping?: CsvMapping) =>
  parseCsv(chunked(Buffer.from(text, 'utf8')), mapping ? { mapping } : {});

/** The code and line a refused file is refused with. */
async function refusal(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (err) {
    if (err instanceof StatementError) return { code: err.code, line: err.line };
    throw err;
  }
  throw new Error('the file was accepted');
}

const ING_HEADER =
  '"Datum","Naam / Omschrijving","Rekening","Tegenrekening","Code","Af Bij","Bedrag (EUR)","Mutatiesoort","Mededelingen"';
const ingRow = (date: string, amount: string, afBij = 'Af', text = 'Boodschappen') =>
  `"${date}","Winkel","NL69INGB0123456789","","BA","${afBij}","${amount}","Betaalautomaat","${text}"`;
const ing = (...rows: string[]) => [ING_HEADER, ...rows].join('\r\n') + '\r\n';

const volksbankRow = (amount: string) =>
  `02-09-2024,NL56ASNB0708123456,,,,,,EUR,100.00,EUR,${amount},02-09-2024,02-09-2024,8810,IOB,1,,x,1`;

describe('parseCsv: encodings', () => {
  it('strips a UTF-8 byte order mark, even when it is split over chunks', async () => {
    const parsed = await parseCsv(chunked(fixture('bunq-bom.csv'), 1));
    expect(parsed.flavour).toBe('bunq');
    expect(parsed.accounts[0]?.lines).toMatchObject([
      {
        line: 2,
        amountCents: -1875,
        counterpartyName: 'Café Ørsted',
        description: 'Koffie vrijwilligers — bedankt',
      },
      { line: 3, amountCents: 200000, counterpartyName: 'Zoë Doğan' },
    ]);
  });

  it('decodes Windows-1252 when the bytes are not UTF-8', async () => {
    const text = fixture('rabobank.csv')
      .toString('utf8')
      .replace('Hoveniersbedrijf Groen & Zn', 'Crèche Het Zonnetje')
      .replace('Snoeiwerk plantsoen', 'Bijdrage € 50 voor het café');
    const parsed = await parseCsv(chunked(iconv.encode(text, 'win1252'), 5));
    expect(parsed.flavour).toBe('rabobank');
    expect(parsed.accounts[0]?.lines[0]).toMatchObject({
      counterpartyName: 'Crèche Het Zonnetje',
      description: 'Bijdrage € 50 voor het café Factuur F2024-118',
    });
  });

  it('keeps to UTF-8 when a bad byte only comes after the first 64 KB', async () => {
    const rows = Array.from({ length: 800 }, () => ingRow('20240102', '1,00'));
    const late = ingRow('20240103', '2,00', 'Af', 'Caf\u00e9');
    const bytes = Buffer.concat([
      Buffer.from(ing(...rows)),
      iconv.encode(late + '\r\n', 'win1252'),
    ]);
    const parsed = await parseCsv(chunked(bytes, 4096));
    expect(parsed.accounts[0]?.lines.at(-1)?.description).toBe('Caf\uFFFD');
  });

  it('keeps to Windows-1252 once chosen, also for bytes that look like UTF-8', async () => {
    const text = ing(ingRow('20240102', '1,00', 'Af', 'Café'), ingRow('20240103', '2,00'));
    const utf8Looking = Buffer.concat([
      iconv.encode(text, 'win1252'),
      Buffer.from(ingRow('20240104', '3,00', 'Af', 'Ã©') + '\r\n', 'latin1'),
    ]);
    const parsed = await parseCsv(chunked(utf8Looking));
    expect(parsed.accounts[0]?.lines.map((l) => l.description)).toEqual([
      'Café',
      'Boodschappen',
      'Ã©',
    ]);
  });
});

describe('parseCsv: a mapping', () => {
  it('reads an unsigned amount with a debit/credit column, per own account', async () => {
    const parsed = await parseCsv(chunked(fixture('mapping.csv')), {
      mapping: FIXTURE_CSV_MAPPING,
    });
    expect(parsed.flavour).toBe('mapping');
    expect(parsed.skipped).toEqual([{ line: 4, reason: 'currency', detail: 'CHF' }]);
    expect(parsed.accounts.map((a) => a.iban)).toEqual([
      'NL02XBNK0123456789',
      'NL03XBNK0987654321',
    ]);
    expect(parsed.accounts[0]?.lines).toEqual([
      {
        line: 2,
        bookingDate: '2024-01-15',
        amountCents: 12500,
        currency: 'EUR',
        counterpartyName: 'Stichting Speelnatuur',
        counterpartyIban: 'NL10RABO0123456789',
        description: 'Donatie januari',
        bankReference: 'TX-0001',
      },
      {
        line: 3,
        bookingDate: '2024-01-16',
        amountCents: -4820,
        currency: 'EUR',
        counterpartyName: 'Tuincentrum De Hof',
        counterpartyIban: 'NL39INGB0009112233',
        description: 'Zaaigoed',
        bankReference: 'TX-0002',
      },
    ]);
    expect(parsed.accounts[1]?.lines).toMatchObject([
      { line: 5, amountCents: 750, description: null, counterpartyName: 'Spaarrente' },
    ]);
  });

  it.each([
    ['yyyy-mm-dd', '2024-02-29'],
    ['dd-mm-yyyy', '29-02-2024'],
    ['dd/mm/yyyy', '29/02/2024'],
    ['yyyymmdd', '20240229'],
    ['mm/dd/yyyy', '02/29/2024'],
  ] as const)('reads a signed amount and %s dates', async (dateFormat, date) => {
    const mapping: CsvMapping = {
      delimiter: ';',
      hasHeader: false,
      date: 1,
      dateFormat,
      amount: 0,
      decimal: '.',
    };
    const parsed = await parseText(`-1234.5;${date}\n+0.07;${date}\n`, mapping);
    expect(parsed.accounts).toHaveLength(1);
    expect(parsed.accounts[0]?.iban).toBeNull();
    expect(parsed.accounts[0]?.lines).toMatchObject([
      { line: 1, bookingDate: '2024-02-29', amountCents: -123450, currency: 'EUR' },
      { line: 2, bookingDate: '2024-02-29', amountCents: 7 },
    ]);
  });

  it('reads tab-separated files and wins over a recognised layout', async () => {
    const tab: CsvMapping = { ...FIXTURE_CSV_MAPPING, delimiter: '\t', hasHeader: false };
    const text = '15/01/2024\t125,00\tEUR\tD\tNL02XBNK0123456789\tA\t\tB\tC\tTX-1\n';
    expect((await parseText(text, tab)).accounts[0]?.lines[0]).toMatchObject({
      amountCents: -12500,
      description: 'B C',
    });
    const onIng = {
      ...FIXTURE_CSV_MAPPING,
      dateFormat: 'yyyymmdd',
      account: 2,
      currency: undefined,
    } as const;
    const parsed = await parseText(ing(ingRow('20240102', '1,00')), {
      ...onIng,
      debitCredit: { column: 5, debitValues: ['af'] },
      amount: 6,
      counterpartyName: 1,
      counterpartyIban: 3,
      description: [8],
      reference: undefined,
    });
    expect(parsed.flavour).toBe('mapping');
    expect(parsed.accounts[0]?.lines[0]?.amountCents).toBe(-100);
  });

  it('is validated by its schema', () => {
    expect(csvMappingSchema.safeParse(FIXTURE_CSV_MAPPING).success).toBe(true);
    const bad = [
      { ...FIXTURE_CSV_MAPPING, date: -1 },
      { ...FIXTURE_CSV_MAPPING, amount: 1.5 },
      { ...FIXTURE_CSV_MAPPING, dateFormat: 'dd.mm.yyyy' },
      { ...FIXTURE_CSV_MAPPING, delimiter: '|' },
      { ...FIXTURE_CSV_MAPPING, debitCredit: { column: 3, debitValues: [] } },
      { ...FIXTURE_CSV_MAPPING, extra: true },
    ];
    for (const mapping of bad) expect(csvMappingSchema.safeParse(mapping).success).toBe(false);
  });
});

describe('parseCsv: refused files', () => {
  it.each([
    ['nothing', ''],
    ['whitespace', '  \r\n\r\n'],
    ['only a header', ing()],
    ['only the Knab title and header', fixture('knab.csv').toString().split('\r\n', 2).join('\n')],
  ])('refuses %s as empty', async (_, text) => {
    expect(await refusal(parseText(text))).toEqual({ code: 'statement_empty', line: null });
  });

  it('refuses a mapped file with only its header as empty', async () => {
    const text = 'Boekdatum,Bedrag\n';
    expect(await refusal(parseText(text, FIXTURE_CSV_MAPPING))).toMatchObject({
      code: 'statement_empty',
    });
  });

  it('refuses an unknown layout without a mapping', async () => {
    expect(await refusal(parseText('Boekdatum,Bedrag\n01-01-2024,"1,00"\n'))).toEqual({
      code: 'statement_unknown_format',
      line: null,
    });
  });

  it.each([
    ['an ING row', ing(ingRow('20240102', '1,00'), '"20240103","Winkel","NL69"'), 3],
    ['a Triodos row', fixture('triodos.csv').toString() + '"08-08-2024","NL27","1,00"\r\n', 4],
    ['a Volksbank row', `${volksbankRow('-1.00')}\n${volksbankRow('-2.00').slice(0, -2)}\n`, 2],
    ['a mapped row', 'Datum,Bedrag\n15/01/2024,"1,00",EUR,C,NL02\n', 2],
  ])('refuses %s with missing columns', async (_, text, line) => {
    const mapping = text.startsWith('Datum') ? FIXTURE_CSV_MAPPING : undefined;
    expect(await refusal(parseText(text, mapping))).toEqual({
      code: 'statement_missing_columns',
      line,
    });
  });

  it('refuses a row with more cells than the header', async () => {
    const text = ing(ingRow('20240102', '1,00'), ingRow('20240103', '1,00') + ',"extra"');
    expect(await refusal(parseText(text))).toEqual({ code: 'statement_malformed', line: 3 });
  });

  it.each([
    ['ING', ing(ingRow('20240102', '1,00'), ingRow('20240230', '1,00')), 3],
    ['ING, not yyyymmdd', ing(ingRow('2024-01-02', '1,00')), 2],
    ['Knab', fixture('knab.csv').toString().replace('"02-10-2024"', '"30-02-2024"'), 4],
    ['bunq', fixture('bunq.csv').toString().replace('"2024-07-03",', '"2024-13-03",'), 4],
  ])('refuses a bad %s date with its line', async (_, text, line) => {
    expect(await refusal(parseText(text))).toEqual({ code: 'statement_bad_date', line });
  });

  it('refuses a date a mapping does not expect', async () => {
    const mapping: CsvMapping = { ...FIXTURE_CSV_MAPPING, dateFormat: 'mm/dd/yyyy' };
    const text = fixture('mapping.csv').toString();
    expect(await refusal(parseText(text, mapping))).toEqual({
      code: 'statement_bad_date',
      line: 2,
    });
  });

  it.each([
    ['1,234.56 where "," is the decimal (ING)', ing(ingRow('20240102', '1,234.56')), 2],
    ['an ambiguous 1.234 (ING)', ing(ingRow('20240102', '1.234')), 2],
    ['a sign where Af/Bij gives it', ing(ingRow('20240102', '-1,00')), 2],
    ['an Af/Bij value that is neither', ing(ingRow('20240102', '1,00', 'Min')), 2],
    [
      '1.234,56 where "." is the decimal',
      `${volksbankRow('-1.00')}\n${volksbankRow('"-1.234,56"')}`,
      2,
    ],
    [
      'a thousands separator Rabobank does not write',
      fixture('rabobank.csv').toString().replace('"+1200,00"', '"+1.200,00"'),
      4,
    ],
    ['bunq amounts in two locales', fixture('bunq.csv').toString().replace('"-5"', '"-5,00"'), 4],
    ['1.234,56 in a "." mapping', '29/02/2024;1.234,56\n', 1],
  ])('refuses %s', async (_, text, line) => {
    const mapping: CsvMapping | undefined = text.startsWith('29/02')
      ? {
          delimiter: ';',
          hasHeader: false,
          date: 0,
          dateFormat: 'dd/mm/yyyy',
          amount: 1,
          decimal: '.',
        }
      : undefined;
    expect(await refusal(parseText(text, mapping))).toEqual({ code: 'statement_bad_amount', line });
  });

  it.each([
    ['an unclosed quote', ing(ingRow('20240102', '1,00'), '"20240103","Winkel'), 3],
    [
      'a quote closed on a later line',
      ing(ingRow('20240102', '1,00'), '"20240103","Winkel', ingRow('20240104', '1,00')),
      3,
    ],
    ['a stray quote', ing(ingRow('20240102', '1,00'), '"20240103","Win"kel","x"'), 3],
  ])('refuses %s as malformed, with its line', async (_, text, line) => {
    expect(await refusal(parseText(text))).toEqual({ code: 'statement_malformed', line });
  });

  it('counts a line break inside a quoted field when naming later lines', async () => {
    const text = ing(
      ingRow('20240102', '1,00', 'Af', 'twee\r\nregels'),
      ingRow('20240103', '1,00', 'Af', 'nog\r\neen\r\n'),
      ingRow('20240230', '1,00'),
    );
    expect(await refusal(parseText(text))).toEqual({ code: 'statement_bad_date', line: 7 });
  });

  it('lets go of its input when it refuses a file early', async () => {
    let closed = false;
    async function* input() {
      try {
        yield Buffer.from(ing(ingRow('20240230', '1,00')));
        for (;;) yield Buffer.from(`${ingRow('20240102', '1,00')}\r\n`.repeat(5000));
      } finally {
        closed = true;
      }
    }
    expect(await refusal(parseCsv(input()))).toEqual({ code: 'statement_bad_date', line: 2 });
    expect(closed).toBe(true);
  });
});

describe('parseCsv: a large file', () => {
  it('streams 20 000 ING rows fed in 64 KB chunks', async () => {
    const header =
      '"Datum";"Naam / Omschrijving";"Rekening";"Tegenrekening";"Code";"Af Bij";"Bedrag (EUR)";' +
      '"Mutatiesoort";"Mededelingen";"Saldo na mutatie";"Tag"';
    const euros = (c: number) => `${Math.trunc(c / 100)},${String(c % 100).padStart(2, '0')}`;
    let balance = 5_000_000;
    let sum = 0;
    const rows = [header];
    for (let i = 0; i < 20_000; i += 1) {
      const cents = ((i * 7919) % 250_000) + 1;
      const signed = i % 3 === 0 ? cents : -cents;
      balance += signed;
      sum += signed;
      const day = String((i % 28) + 1).padStart(2, '0');
      rows.push(
        `"202403${day}";"Leverancier ${i}";"NL69INGB0123456789";"NL20RABO0300065264";"OV";` +
          `"${signed > 0 ? 'Bij' : 'Af'}";"${euros(cents)}";"Overschrijving";` +
          `"Naam: Leverancier ${i} Omschrijving: Factuur ${i} IBAN: NL20RABO0300065264";` +
          `"${balance < 0 ? '-' : ''}${euros(Math.abs(balance))}";""`,
      );
    }
    const bytes = Buffer.from(rows.join('\r\n') + '\r\n');
    expect(bytes.length).toBeGreaterThan(64 * 1024 * 10);
    const parsed = await parseCsv(chunked(bytes, 64 * 1024));
    const lines = parsed.accounts[0]?.lines ?? [];
    expect(lines).toHaveLength(20_000);
    expect(lines.reduce((total, l) => total + l.amountCents, 0)).toBe(sum);
    expect(lines.at(-1)).toMatchObject({ line: 20_001, description: 'Factuur 19999' });
    expect(parsed.accounts[0]).toMatchObject({
      openingBalanceCents: 5_000_000,
      closingBalanceCents: balance,
    });
  });
});
