import { readFile } from 'node:fs/promises';
import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { parseMt940 } from './mt940';
import { StatementError, type StatementLine } from './statement';
import { mt940Statement, SHARED_REFERENCES } from '../../../test/statement-fixtures';

const FIXTURES = new URL('./fixtures/mt940/', import.meta.url);
const fixture = (name: string) => readFile(new URL(name, FIXTURES));

/** Odd-sized pieces, so chunk borders fall inside lines, CRLFs and multi-byte characters. */
async function* piecesOf(data: Buffer | string, size: number): AsyncGenerator<Buffer | string> {
  for (let at = 0; at < data.length; at += size) yield data.slice(at, at + size);
}

const parseFixture = async (name: string, size = 97) =>
  parseMt940(piecesOf(await fixture(name), size));
const parseText = (text: string, size = 13) => parseMt940(piecesOf(Buffer.from(text), size));

async function refusal(input: Promise<unknown>): Promise<StatementError> {
  const error: unknown = await input.then(
    () => new Error('expected the parser to refuse the input'),
    (e: unknown) => e,
  );
  if (!(error instanceof StatementError)) throw error;
  return error;
}

const line = (
  at: number,
  bookingDate: string,
  amountCents: number,
  counterpartyName: string | null,
  counterpartyIban: string | null,
  description: string | null,
  bankReference: string | null,
): StatementLine => ({
  line: at,
  bookingDate,
  amountCents,
  currency: 'EUR',
  counterpartyName,
  counterpartyIban,
  description,
  bankReference,
});

describe('parseMt940: the Dutch banks', () => {
  it('reads ING: preamble, two statements merged, structured :86: wrapped mid-key', async () => {
    const parsed = await parseFixture('ing.sta');
    expect(parsed).toEqual({
      format: 'mt940',
      flavour: 'ing',
      skipped: [],
      accounts: [
        {
          iban: 'NL20INGB0001234567',
          holderName: null,
          openingBalanceCents: 125000,
          closingBalanceCents: 143405,
          lines: [
            line(8, '2024-03-01', 35000, 'Stichting Speeltuin De Ronde', 'NL44RABO0123456789',
              'Bijdrage speeldag maart 2024', '00000000001001'), // prettier-ignore
            line(12, '2024-03-01', -4595, 'Drukkerij Jansen BV', 'NL71INGB0009876543',
              'Factuur 88231 flyers buurtfeest', '00000000001002'), // prettier-ignore
            line(28, '2024-03-04', -12000, 'A. el Amrani', 'NL73ABNA0555123456',
              'Terugbetaling boodschappen vrijwilligers', '00000000001003'), // prettier-ignore
          ],
        },
      ],
    });
  });

  it('reads Rabobank: CNTP, zero-padded amounts, a slash inside REMI, EREF as reference', async () => {
    const parsed = await parseFixture('rabobank.swi');
    expect(parsed.flavour).toBe('rabobank');
    expect(parsed.accounts).toEqual([
      {
        iban: 'NL03RABO0312456789',
        holderName: null,
        openingBalanceCents: 84217,
        closingBalanceCents: 94172,
        lines: [
          line(6, '2024-03-15', 15000, 'Wijkvereniging Oost', 'NL93RABO0987654321',
            'Bijdrage koffieochtenden Q1', 'WVO-2024-Q1-07'), // prettier-ignore
          line(10, '2024-03-15', -3750, 'T. Bakker', 'NL86INGB0002345678',
            'Declaratie materiaal schilderdag', null), // prettier-ignore
          line(14, '2024-03-15', -1295, 'Bouwmarkt Hoekstra B.V.', 'NL68SNSB0901234567',
            'Kwast en tape 2024 / bon 4471', 'BH-4471'), // prettier-ignore
        ],
      },
    ]);
  });

  it('reads ABN AMRO: SWIFT block, SEPA fields (IBAN after REMI), the older free text', async () => {
    const parsed = await parseFixture('abnamro.sta');
    expect(parsed.flavour).toBe('abnamro');
    expect(parsed.accounts).toEqual([
      {
        iban: 'NL91ABNA0417164300',
        holderName: null,
        openingBalanceCents: 231040,
        closingBalanceCents: 266790,
        lines: [
          line(6, '2024-04-10', -2500, 'Bakkerij Van Dam', null,
            'BEA NR:6W7D01 10.04.24/14.32 Bakkerij Van Dam,PAS123', null), // prettier-ignore
          line(8, '2024-04-10', 50000, 'Fonds Samen Sterk', 'NL63TRIO0212345678',
            'Toekenning 2024/017 tweede termijn', 'FSS-2024-017-2'), // prettier-ignore
          line(12, '2024-04-10', -7500, 'VERENIGING DORPSHUIS', '4417382',
            'GIRO 4417382 VERENIGING DORPSHUIS HUUR ZAAL 6 APRIL', null), // prettier-ignore
          line(15, '2024-04-10', -4250, 'Energie Coop Noord', 'NL93RABO0987654321',
            'Voorschot april, klant 55871', 'ECN-2404-55871'), // prettier-ignore
        ],
      },
    ]);
  });

  it('reads bunq: free text that opens with the IBAN and name', async () => {
    const parsed = await parseFixture('bunq.sta');
    expect(parsed.flavour).toBe('bunq');
    expect(parsed.accounts[0]).toMatchObject({
      iban: 'NL31BUNQ2291234567',
      openingBalanceCents: 9000,
      closingBalanceCents: 11160,
    });
    expect(parsed.accounts[0]?.lines).toEqual([
      line(5, '2024-05-02', 4000, 'Sanne Visser', 'NL61BUNQ2033445566',
        'NL61BUNQ2033445566 Sanne Visser Bijdrage picknick 12 mei', 'BQ-7751204'), // prettier-ignore
      line(8, '2024-05-03', -1840, 'Albert Heijn 1043', 'NL36INGB0007654321',
        'NL36INGB0007654321 Albert Heijn 1043 Boodschappen picknick', 'BQ-7751377'), // prettier-ignore
    ]);
  });

  it('reads Triodos: TRTP fields, UTF-8 names, a booking without counterparty', async () => {
    // One byte at a time: "ö" is split between chunks.
    const parsed = await parseFixture('triodos.sta', 1);
    expect(parsed.flavour).toBe('triodos');
    expect(parsed.accounts[0]).toMatchObject({
      iban: 'NL49TRIO0390123456',
      openingBalanceCents: 500000,
      closingBalanceCents: 375215,
    });
    expect(parsed.accounts[0]?.lines).toEqual([
      line(5, '2024-06-03', -125000, 'Zorgcoöperatie De Linde', 'NL46ABNA0123987654',
        'Voorschot project Ontmoetingstuin', 'TB0603-000412'), // prettier-ignore
      line(9, '2024-06-03', 215, null, null, 'Rente tweede kwartaal', 'TB0603-000413'),
    ]);
  });

  it('signs reversals and dates entry dates across New Year', async () => {
    const parsed = await parseFixture('reversals.sta');
    expect(parsed.flavour).toBe('knab');
    const account = parsed.accounts[0]!;
    expect(account.lines.map((l) => [l.line, l.bookingDate, l.amountCents])).toEqual([
      [5, '2023-12-29', -6000],
      [7, '2024-01-02', 6000], // RD: value date 31-12-2023, booked 2 January
      [9, '2023-12-29', 2500], // value date 2-1-2024, booked 29 December; funds code R
      [10, '2024-01-02', -2500], // RC
    ]);
    expect(account.lines[2]?.description).toBeNull();
    const sum = account.lines.reduce((s, l) => s + l.amountCents, 0);
    expect(account.openingBalanceCents! + sum).toBe(account.closingBalanceCents);
  });

  it('reads Windows-1252 bytes (é, €) one byte at a time', async () => {
    const text = [
      '0000 01INGBNL2AXXX00001',
      ':20:P240701000000001',
      ':25:NL20INGB0001234567EUR',
      ':60F:C240630EUR100,00',
      ':61:2407010701D12,50NTRFEREF//00000000007001',
      ':86:/EREF/CAFE-0701//CNTP/NL93RABO0987654321/RABONL2U/Café de Zwaan',
      '///REMI/USTD//Koffie vergadering € 12,50/',
      ':62F:C240701EUR87,50',
      '-',
    ].join('\r\n');
    const bytes = iconv.encode(text, 'windows-1252');
    expect(bytes.includes(0xe9) && bytes.includes(0x80)).toBe(true);
    const parsed = await parseMt940(piecesOf(bytes, 1));
    expect(parsed.accounts[0]?.lines).toEqual([
      line(5, '2024-07-01', -1250, 'Café de Zwaan', 'NL93RABO0987654321',
        'Koffie vergadering € 12,50', '00000000007001'), // prettier-ignore
    ]);
  });

  it('strips a UTF-8 BOM and reads LF, CRLF and CR line ends alike', async () => {
    const fields = [':61:2401010101C5,00NTRFNONREF//A1', ':86:/REMI/Één'];
    for (const eol of ['\n', '\r\n', '\r']) {
      const parsed = await parseText(`\uFEFF${mt940Statement(...fields).replaceAll('\n', eol)}`, 3);
      expect(parsed.accounts[0]?.lines).toEqual([
        line(4, '2024-01-01', 500, null, null, 'Één', 'A1'),
      ]);
    }
  });

  it.each([
    ['abnamro', 'ABNANL2A\n940\nABNANL2A\n:20:ABN AMRO BANK NV\n:25:417164300', '417164300'],
    ['rabobank', '{1:F01RABONL2UXXX0000000000}{4::20:X\n:25:0312456789', '0312456789'],
    ['rabobank', ':20:940S240101\n:25:0312456789 EUR', '0312456789'],
    ['triodos', ':20:X\n:25:TRIODOSBANK/0390123456', '0390123456'],
    [null, ':20:X\n:25:DE89370400440532013000EUR', 'DE89370400440532013000'],
  ])('tells %s from the header and :20: where the account cannot', async (flavour, head, iban) => {
    const parsed = await parseText(`${head}\n:60F:C240101EUR1,\n:62F:C240101EUR1,\n-}`);
    expect(parsed.flavour).toBe(flavour);
    expect(parsed.accounts.map((a) => a.iban)).toEqual([iban]);
  });

  it('skips the lines of a statement in another currency, and its balances', async () => {
    const parsed = await parseText(
      [
        mt940Statement(':61:2401010101C5,00NTRFNONREF//A1'),
        ':20:USD',
        ':25:NL07KNAB0255123456USD',
        ':60F:C240101USD50,00',
        ':61:2401010101D7,00NTRFNONREF//A2',
        ':86:/REMI/Abonnement',
        ':62F:C240101USD43,00',
      ].join('\n'),
    );
    expect(parsed.skipped).toEqual([{ line: 9, reason: 'currency', detail: 'USD' }]);
    expect(parsed.accounts).toHaveLength(1);
    expect(parsed.accounts[0]).toMatchObject({ openingBalanceCents: 10000 });
    expect(parsed.accounts[0]?.closingBalanceCents).toBe(10000);
    expect(parsed.accounts[0]?.lines.map((l) => l.line)).toEqual([4]);
  });

  it('reads the :86: shapes: slashes in REMI, creditor references, labels, bad IBANs', async () => {
    const parsed = await parseText(
      mt940Statement(
        ':61:2401010101C1,00NTRFNONREF',
        ':86:/REMI/Zie /ID/ 12 en 2024/03/EREF/R1',
        ':61:2401010101C1,00NTRFNONREF',
        ':86:/TRTP/iDEAL/REMI/STRD/CUR/RF18539007547034//NAME/Webwinkel',
        ':61:2401010101C1,00NTRFNONREF',
        ':86:SEPA Overboeking IBAN: NL44RABO0123456789 BIC: RABONL2U',
        'Naam: Stichting De Brug Omschrijving: Gift',
        ':61:2401010101C1,00NTRFNONREF',
        ':86:NL00RABO0123456789 is geen IBAN',
      ),
    );
    expect(
      parsed.accounts[0]?.lines.map((l) => [l.counterpartyName, l.counterpartyIban, l.description]),
    ).toEqual([
      [null, null, 'Zie /ID/ 12 en 2024/03'],
      ['Webwinkel', null, 'RF18539007547034'],
      ['Stichting De Brug', 'NL44RABO0123456789',
        'SEPA Overboeking IBAN: NL44RABO0123456789 BIC: RABONL2U Naam: Stichting De Brug Omschrijving: Gift'], // prettier-ignore
      [null, null, 'NL00RABO0123456789 is geen IBAN'],
    ]);
  });

  it('keeps a reference only where the file has it once', async () => {
    const parsed = await parseText(SHARED_REFERENCES.statement);
    expect(parsed.accounts[0]?.lines.map((l) => l.bankReference)).toEqual(SHARED_REFERENCES.kept);
  });
});

describe('parseMt940: refusals', () => {
  it.each([
    ['no bytes', ''],
    ['only whitespace', ' \r\n\n\t\n'],
    ['no statement', 'hello\nworld\n'],
  ])('refuses a file with %s as empty', async (_, text) => {
    const error = await refusal(parseText(text));
    expect(error.code).toBe('statement_empty');
  });

  it.each([
    ['an unreadable :61:', ':61:24XX01C5,00NTRFNONREF'],
    ['a :61: without a type', ':61:240101C5,00'],
    ['a :61: without a mark', ':61:2401015,00NTRFNONREF'],
  ])('refuses %s as malformed, naming its line', async (_, field) => {
    const error = await refusal(parseText(mt940Statement(':86:/REMI/ok', field)));
    expect([error.code, error.line]).toEqual(['statement_malformed', 5]);
  });

  it('refuses a booking before any opening balance', async () => {
    const error = await refusal(parseText(':20:X\n:25:NL07KNAB0255123456\n:61:240101C5,NTRFX\n'));
    expect([error.code, error.line]).toEqual(['statement_malformed', 3]);
  });

  it('refuses a statement that starts before the last one closed', async () => {
    const error = await refusal(parseText(':20:A\n:60F:C240101EUR1,00\n:20:B\n'));
    expect([error.code, error.line]).toEqual(['statement_malformed', 3]);
  });

  it('refuses a file cut off inside a statement', async () => {
    const whole = (await fixture('ing.sta')).toString('latin1');
    const cut = whole.slice(0, whole.indexOf(':62F:C240304'));
    const error = await refusal(parseText(cut));
    expect(error.code).toBe('statement_truncated');
  });

  it.each([
    ['value date', ':61:240230C5,00NTRFNONREF'],
    ['entry date', ':61:2402280231C5,00NTRFNONREF'],
  ])('refuses an impossible %s, naming its line', async (_, field) => {
    const error = await refusal(parseText(mt940Statement(field)));
    expect([error.code, error.line]).toEqual(['statement_bad_date', 4]);
  });

  it('refuses an impossible balance date', async () => {
    const error = await refusal(parseText(':20:X\n:60F:C241301EUR1,00\n'));
    expect([error.code, error.line]).toEqual(['statement_bad_date', 2]);
  });

  it.each([
    ['a thousands dot', ':61:240101C1.234,00NTRFNONREF'],
    ['three decimals', ':61:240101C12,345NTRFNONREF'],
  ])('refuses an amount with %s', async (_, field) => {
    const error = await refusal(parseText(mt940Statement(field)));
    expect([error.code, error.line]).toEqual(['statement_bad_amount', 4]);
  });
});

/** Mark and amount as MT940 writes them: "D12,34". */
const swiftAmount = (cents: number) => {
  const abs = Math.abs(cents);
  return `${cents < 0 ? 'D' : 'C'}${Math.floor(abs / 100)},${String(abs % 100).padStart(2, '0')}`;
};

describe('parseMt940: size', () => {
  it('streams a 20 000-booking statement fed in 64 KB chunks', async () => {
    const count = 20_000;
    const rows = ['0000 01INGBNL2AXXX00001', ':20:BIG', ':25:NL20INGB0001234567EUR'];
    rows.push(':60F:C240101EUR0,00');
    let sum = 0;
    for (let i = 1; i <= count; i += 1) {
      const cents = (i % 2 === 0 ? -1 : 1) * ((i * 37) % 100_000);
      sum += cents;
      rows.push(`:61:240102${swiftAmount(cents)}NTRFNONREF//B${i}`);
      rows.push(
        `:86:/EREF/E${i}//CNTP/NL44RABO0123456789/RABONL2U/Lid ${i}///REMI/USTD//Dues ${i}/`,
      );
    }
    const closing = swiftAmount(sum);
    rows.push(`:62F:${closing[0]}240102EUR${closing.slice(1)}`, '-');
    const bytes = Buffer.from(rows.join('\r\n'));
    expect(bytes.length).toBeGreaterThan(2 * 1024 * 1024);

    const parsed = await parseMt940(piecesOf(bytes, 64 * 1024));
    const lines = parsed.accounts[0]!.lines;
    expect(lines).toHaveLength(count);
    expect(lines.reduce((s, l) => s + l.amountCents, 0)).toBe(sum);
    expect(parsed.accounts[0]?.closingBalanceCents).toBe(sum);
    // The n-th booking's :61: is on line 3 + 2n.
    expect(lines[count - 1]).toMatchObject({
      line: 3 + 2 * count,
      counterpartyName: `Lid ${count}`,
      description: `Dues ${count}`,
      bankReference: `B${count}`,
    });
    expect(new Set(lines.map((l) => l.bankReference)).size).toBe(count);
  });
});
