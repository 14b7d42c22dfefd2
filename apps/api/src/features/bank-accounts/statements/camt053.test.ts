import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { parseCamt053 } from './camt053';
import { StatementError, type StatementLine } from './statement';

const FIXTURES = new URL('./fixtures/camt053/', import.meta.url);
const fixture = (name: string) => readFile(new URL(name, FIXTURES));

/** Odd-sized pieces, so chunk borders fall inside tags, text and multi-byte characters. */
async function* piecesOf(data: Buffer | string, size: number): AsyncGenerator<Buffer | string> {
  for (let at = 0; at < data.length; at += size) yield data.slice(at, at + size);
}

const parseFixture = async (name: string) => parseCamt053(piecesOf(await fixture(name), 97));
const parseText = (xml: string, size = 41) => parseCamt053(piecesOf(xml, size));

async function refusal(input: Promise<unknown>): Promise<StatementError> {
  const error: unknown = await input.then(
    () => new Error('expected the parser to refuse the input'),
    (e: unknown) => e,
  );
  if (!(error instanceof StatementError)) throw error;
  return error;
}

/**
 * Expected lines as "line | date | cents | counterparty | IBAN | description | reference" rows,
 * "null" where the field is null; one row per line keeps the expectations readable as a table.
 */
const rows = (...specs: string[]): StatementLine[] =>
  specs.map((spec) => {
    const cells = spec.split(' | ').map((cell) => (cell === 'null' ? null : cell));
    const cell = (i: number) => cells[i] ?? null;
    return {
      line: Number(cell(0)),
      bookingDate: String(cell(1)),
      amountCents: Number(cell(2)),
      currency: 'EUR',
      counterpartyName: cell(3),
      counterpartyIban: cell(4),
      description: cell(5),
      bankReference: cell(6),
    };
  });

const NS = (version: string) => `urn:iso:std:iso:20022:tech:xsd:camt.053.001.${version}`;

/** A minimal statement whose n-th entry (given one per line) starts on line 5 + n. */
const documentOf = (...entries: string[]) =>
  [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<Document xmlns="${NS('04')}">`,
    '<BkToCstmrStmt>',
    '<Stmt>',
    '<Acct><Id><IBAN>NL91ABNA0417164300</IBAN></Id></Acct>',
    ...entries,
    '</Stmt>',
    '</BkToCstmrStmt>',
    '</Document>',
  ].join('\n');

const entry = ({ amount = '10.00', date = '<Dt>2024-02-01</Dt>', details = '' } = {}) =>
  `<Ntry><Amt Ccy="EUR">${amount}</Amt><CdtDbtInd>CRDT</CdtDbtInd><Sts>BOOK</Sts>` +
  `<BookgDt>${date}</BookgDt><NtryRef>R1</NtryRef>${details}</Ntry>`;

describe('parseCamt053: fixtures', () => {
  it('merges two .02 statements of one account, with balances that add up', async () => {
    const parsed = await parseFixture('v02-two-statements.xml');
    expect(parsed.format).toBe('camt053');
    expect(parsed.flavour).toBeNull();
    expect(parsed.skipped).toEqual([]);
    expect(parsed.accounts).toEqual([
      {
        iban: 'NL91ABNA0417164300',
        // The servicer's BIC: the bank of an account that has no IBAN.
        bankBic: 'ABNANL2A',
        holderName: 'Stichting Buurtinitiatief Oosterpark',
        openingBalanceCents: 125_000,
        closingBalanceCents: -1_945,
        lines: rows(
          '54 | 2024-01-03 | 35000 | Bakkerij De Korenschoof | NL44RABO0123456789 | Bijdrage buurtfeest januari 2024 | ABN20240103-0001',
          '101 | 2024-01-15 | -8995 | Drukkerij Van Gelder | NL20INGB0001234567 | 1234567890123456 | ABN20240115-0042',
          '152 | 2024-01-31 | -450 | null | null | Kosten zakelijk betalingsverkeer januari | null',
          '210 | 2024-02-05 | -160000 | Verhuur Zalen Amsterdam B.V. | NL63TRIO0212345678 | Huur zaal 2024 factuur 2024-017 | ABN20240205-0003',
          '250 | 2024-02-12 | 7500 | J. de Vries | NL77ASNB0708912345 | Gift | ABN20240212-0077',
        ),
      },
    ]);
    const [account] = parsed.accounts;
    const moved = account?.lines.reduce((sum, l) => sum + l.amountCents, 0) ?? NaN;
    expect((account?.openingBalanceCents ?? NaN) + moved).toBe(account?.closingBalanceCents);
  });

  it('reads .08 (Sts/Cd, Cdtr/Pty/Nm, BookgDt/DtTm) and skips an INFO entry', async () => {
    const parsed = await parseFixture('v08-party.xml');
    expect(parsed.accounts).toEqual([
      {
        iban: 'NL86BUNQ2034567891',
        holderName: 'Stichting Voedselbank Zuid',
        openingBalanceCents: 50_000,
        closingBalanceCents: 125_470,
        lines: rows(
          '57 | 2024-03-04 | 100000 | Gemeente Amsterdam | NL30RABO0301234567 | Subsidie 2024 kenmerk SUB-4411 | BUNQ-T-77001',
          '110 | 2024-03-06 | -24530 | Groothandel Fresco B.V. | NL81ABNA0523456789 | Factuur 2024-0312 groente en fruit | BUNQ-E-77002',
        ),
      },
    ]);
    expect(parsed.skipped).toEqual([{ line: 164, reason: 'not_booked', detail: 'INFO' }]);
  });

  it('splits a batch entry into one line per TxDtls, each with its own amount and sign', async () => {
    const parsed = await parseFixture('v06-batch.xml');
    expect(parsed.accounts).toHaveLength(1);
    expect(parsed.accounts[0]).toMatchObject({
      iban: 'NL18TRIO0391234567',
      holderName: 'Stichting Speeltuin De Bolder',
      openingBalanceCents: 10_000,
      closingBalanceCents: 34_000,
    });
    expect(parsed.accounts[0]?.lines).toEqual(
      rows(
        '67 | 2024-04-10 | 12500 | Café Het Hoekje | NL55INGB0003456789 | Donatie speeltuin | TRIO-B-5521#1',
        '87 | 2024-04-10 | 13000 | Bakkerij De Korenschoof | NL44RABO0123456789 | Sponsoring zomerfeest | TRIO-TX-88213',
        '108 | 2024-04-10 | -1500 | Betaaldienst Voorbeeld B.V. | NL07KNAB0255123456 | Uitbetaling betaaldienst 10-04-2024 | TRIO-B-5521#3',
      ),
    );
  });

  it('reads every Ustrd line, Strd reference and text, and the ultimate party as a fallback', async () => {
    const parsed = await parseFixture('v04-remittance.xml');
    expect(parsed.accounts[0]).toMatchObject({
      openingBalanceCents: 20_000,
      closingBalanceCents: 30_855,
    });
    expect(parsed.accounts[0]?.lines).toEqual(
      rows(
        '43 | 2024-09-12 | 15000 | Wijkbudget Beheer B.V. | NL67INGB0006543210 | Subsidie repaircafe september, beschikking 2024-0912, eerste deel van de toegekende bijdrage voor gereedschap en onderdelen tweede regel: uitbetaling onder voorbehoud van verantwoording | ASN-E-9101',
        '77 | 2024-09-12 | -3645 | Energiecoöperatie Zon op Noord | NL04RABO0112233445 | 1234567890123456 Energie werkplaats augustus | ASN-E-9102',
        '114 | 2024-09-12 | -500 | null | null | Kosten betaalrekening september | ASN-E-9103',
      ),
    );
  });

  it('lists a USD and a PDNG entry as skipped, and takes PRCD as the opening', async () => {
    const parsed = await parseFixture('v07-skipped.xml');
    expect(parsed.accounts).toEqual([
      {
        iban: 'NL95SNSB0923456781',
        holderName: 'Vereniging Vrienden van het Vondelpark',
        openingBalanceCents: 20_000,
        closingBalanceCents: 25_000,
        lines: rows(
          '43 | 2024-05-17 | 5000 | M. Jansen | NL30RABO0301234567 | Contributie 2024 lid 0412 | null',
        ),
      },
    ]);
    expect(parsed.skipped).toEqual([
      { line: 78, reason: 'currency', detail: 'USD' },
      { line: 97, reason: 'not_booked', detail: 'PDNG' },
    ]);
  });

  it('gives one account per IBAN (or Othr/Id), first opening and last closing', async () => {
    const parsed = await parseFixture('v05-accounts.xml');
    expect(parsed.accounts).toEqual([
      {
        iban: 'NL36INGB0007654321',
        holderName: 'Stichting Buurtmoestuin Noord',
        openingBalanceCents: 100_000,
        closingBalanceCents: 100_800,
        lines: rows(
          '44 | 2024-06-28 | -1200 | Tuincentrum Het Groene Hart | NL44RABO0123456789 | Zaaigoed en potgrond | INGB-A-001',
          '171 | 2024-07-01 | 2000 | A. Bakker | NL20INGB0001234567 | Oogstdeel juli | INGB-A-003',
        ),
      },
      {
        iban: '0417164301',
        holderName: 'Stichting Buurtmoestuin Noord spaarrekening',
        openingBalanceCents: 500_000,
        closingBalanceCents: 500_250,
        lines: rows('118 | 2024-06-30 | 250 | null | null | Rente tweede kwartaal | INGB-B-002'),
      },
    ]);
  });

  it('reads a statement whose elements carry a namespace prefix', async () => {
    const prefixed = documentOf(entry())
      .replace(`<Document xmlns="${NS('04')}">`, `<c:Document xmlns:c="${NS('04')}">`)
      .replace(/<(\/?)([A-Z])/g, '<$1c:$2');
    const parsed = await parseText(prefixed);
    expect(parsed.accounts[0]?.iban).toBe('NL91ABNA0417164300');
    expect(parsed.accounts[0]?.lines.map((l) => l.amountCents)).toEqual([1000]);
    const unbound = prefixed.replace(`xmlns:c="${NS('04')}"`, `xmlns="${NS('04')}"`);
    expect((await refusal(parseText(unbound))).code).toBe('statement_malformed');
  });

  it('books a single detail at the entry amount, even when the detail states another currency', async () => {
    const details =
      '<NtryDtls><TxDtls><Amt Ccy="USD">11.20</Amt><RltdPties><Dbtr><Nm>Stichting Fonds</Nm>' +
      '</Dbtr></RltdPties></TxDtls></NtryDtls>';
    const parsed = await parseText(documentOf(entry({ details })));
    expect(parsed.skipped).toEqual([]);
    expect(parsed.accounts[0]?.lines).toEqual(
      rows('6 | 2024-02-01 | 1000 | Stichting Fonds | null | null | null'),
    );
  });
});

describe('parseCamt053: refused input', () => {
  it('names the line of malformed XML', async () => {
    const error = await refusal(parseText(documentOf(entry(), entry().replace('</Sts>', '</St>'))));
    expect(error.code).toBe('statement_malformed');
    expect(error.line).toBe(7);
    expect(error.message).toMatch(/^Line 7: XML is not well-formed/);
  });

  it('refuses a DOCTYPE with an external entity (XXE), even split over tiny chunks', async () => {
    const xxe = [
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<!DOCTYPE Document [',
      '  <!ENTITY xxe SYSTEM "file:///etc/passwd">',
      ']>',
      documentOf(entry({ details: '<AddtlNtryInf>&xxe;</AddtlNtryInf>' })).replace(/^.*\n/, ''),
    ].join('\n');
    for (const size of [3, 1024]) {
      const error = await refusal(parseText(xxe, size));
      expect(error.code).toBe('statement_doctype');
      expect(error.line).toBe(2);
    }
  });

  it('refuses a billion-laughs entity expansion', async () => {
    const levels = Array.from(
      { length: 9 },
      (_, i) => `  <!ENTITY lol${i + 1} "${`&lol${i};`.repeat(10)}">`,
    );
    const bomb = [
      '<?xml version="1.0"?>',
      '<!DOCTYPE lolz [',
      '  <!ENTITY lol0 "lol">',
      ...levels,
      ']>',
      '<lolz>&lol9;</lolz>',
    ].join('\n');
    expect((await refusal(parseText(bomb))).code).toBe('statement_doctype');
  });

  it('refuses an entity declaration outside a DOCTYPE', async () => {
    const xml = documentOf('<!ENTITY x "y">', entry());
    const error = await refusal(parseText(xml));
    expect([error.code, error.line]).toEqual(['statement_doctype', 6]);
  });

  it('treats an undefined entity reference as malformed, never expanding it', async () => {
    const xml = documentOf(entry({ details: '<AddtlNtryInf>&xxe;</AddtlNtryInf>' }));
    const error = await refusal(parseText(xml));
    expect(error.code).toBe('statement_malformed');
    expect(error.line).toBe(6);
    expect(error.message).toContain('undefined entity');
  });

  it('reports a file cut in the middle as truncated', async () => {
    const whole = await fixture('v02-two-statements.xml');
    for (const size of [whole.length >> 1, 10, whole.length - 3]) {
      const error = await refusal(parseCamt053(piecesOf(whole.subarray(0, size), 97)));
      expect(error.code).toBe('statement_truncated');
    }
    // Cut inside the two bytes of the "é" in "Café".
    const batch = await fixture('v06-batch.xml');
    const cut = batch.subarray(0, batch.indexOf('é') + 1);
    expect((await refusal(parseCamt053(piecesOf(cut, 97)))).code).toBe('statement_truncated');
    expect((await refusal(parseText('<?xml version="1.0"?>\n<Docu'))).code).toBe(
      'statement_truncated',
    );
  });

  it('reports empty input, whitespace only and a document without Stmt as empty', async () => {
    const noStatement = documentOf().replace(/<Stmt>[^]*<\/Stmt>/, '<GrpHdr/>');
    const inputs = ['', '  \n\t\r\n ', '\uFEFF\n', '<?xml version="1.0"?>\n', noStatement];
    for (const input of inputs) {
      expect((await refusal(parseText(input))).code).toBe('statement_empty');
    }
    expect((await refusal(parseCamt053(piecesOf(Buffer.alloc(0), 1)))).code).toBe(
      'statement_empty',
    );
  });

  it('refuses an impossible booking date, naming its line', async () => {
    const xml = documentOf(entry(), entry({ date: '<Dt>2024-02-30</Dt>' }));
    const error = await refusal(parseText(xml));
    expect([error.code, error.line]).toEqual(['statement_bad_date', 7]);
    const garbled = await refusal(parseText(documentOf(entry({ date: '<DtTm>morgen</DtTm>' }))));
    expect([garbled.code, garbled.line]).toEqual(['statement_bad_date', 6]);
  });

  it('refuses an amount with a thousands separator, or a negative one', async () => {
    for (const amount of ['1,234.00', '-5.00', '12.345']) {
      const error = await refusal(parseText(documentOf(entry(), entry({ amount }))));
      expect([error.code, error.line]).toEqual(['statement_bad_amount', 7]);
    }
    // Zeros past the cent are allowed by the schema and harmless.
    const parsed = await parseText(documentOf(entry({ amount: '12.34000' })));
    expect(parsed.accounts[0]?.lines[0]?.amountCents).toBe(1_234);
  });

  it('refuses well-formed XML that is not a supported camt.053', async () => {
    const swap = (from: string, to: string) => documentOf(entry()).replace(from, to);
    const others = [
      '<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2"/>',
      swap(NS('04'), 'urn:iso:std:iso:20022:tech:xsd:camt.052.001.02'),
      swap(NS('04'), NS('10')),
      swap(`xmlns="${NS('04')}"`, ''),
      swap('BkToCstmrStmt>', 'BkToCstmrDbtCdtNtfctn>').replace('/BkToCstmrStmt', '/X'),
    ];
    for (const xml of others) {
      const error = await refusal(parseText(xml));
      expect(error.code).toBe('statement_malformed');
      expect(error.message).toMatch(/CAMT\.053|camt\.053\.001\.10 is not supported/);
    }
  });

  it('refuses bytes that are not UTF-8', async () => {
    const latin1 = Buffer.from(documentOf(entry()).replace('NL91', 'Caf\u00e9'), 'latin1');
    expect((await refusal(parseCamt053(piecesOf(latin1, 64)))).code).toBe('statement_malformed');
  });
});

const BIG_HEADER = [
  '<?xml version="1.0" encoding="UTF-8"?>',
  `<Document xmlns="${NS('03')}"><BkToCstmrStmt><Stmt>`,
  '<Acct><Id><IBAN>NL91ABNA0417164300</IBAN></Id><Ownr><Nm>Stichting Groot</Nm></Ownr></Acct>\n',
].join('\n');

const bigEntry = (i: number) => {
  const cents = (i % 997) + 1;
  const amount = `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
  const side = i % 3 === 0 ? ['DBIT', 'Cdtr'] : ['CRDT', 'Dbtr'];
  return (
    `<Ntry><Amt Ccy="EUR">${amount}</Amt><CdtDbtInd>${side[0]}</CdtDbtInd><Sts>BOOK</Sts>` +
    `<BookgDt><Dt>2024-0${(i % 9) + 1}-1${i % 10}</Dt></BookgDt><AcctSvcrRef>G-${i}</AcctSvcrRef>` +
    `<NtryDtls><TxDtls><RltdPties><${side[1]}><Nm>Café De Zwaan ${i}</Nm></${side[1]}>` +
    `</RltdPties><RmtInf><Ustrd>Bestelling ${i}</Ustrd></RmtInf></TxDtls></NtryDtls></Ntry>\n`
  );
};

/** A generated statement, produced piece by piece and handed out in 64 KB chunks. */
async function* generatedStatement(count: number, chunkSize = 64 * 1024): AsyncGenerator<Buffer> {
  let parts: Buffer[] = [];
  let size = 0;
  const texts = function* () {
    yield BIG_HEADER;
    for (let i = 0; i < count; i += 1) yield bigEntry(i);
    yield '</Stmt></BkToCstmrStmt></Document>\n';
  };
  for (const text of texts()) {
    const bytes = Buffer.from(text);
    parts.push(bytes);
    size += bytes.length;
    if (size < chunkSize) continue;
    let pending = Buffer.concat(parts);
    while (pending.length >= chunkSize) {
      yield pending.subarray(0, chunkSize);
      pending = pending.subarray(chunkSize);
    }
    parts = [pending];
    size = pending.length;
  }
  if (size > 0) yield Buffer.concat(parts);
}

describe('parseCamt053: size', () => {
  it('streams a 20 000-entry statement fed in 64 KB chunks', async () => {
    const count = 20_000;
    let expected = 0;
    for (let i = 0; i < count; i += 1) expected += (i % 3 === 0 ? -1 : 1) * ((i % 997) + 1);
    const parsed = await parseCamt053(generatedStatement(count));
    const lines = parsed.accounts[0]?.lines ?? [];
    expect(parsed.accounts).toHaveLength(1);
    expect(lines).toHaveLength(count);
    expect(lines.reduce((sum, l) => sum + l.amountCents, 0)).toBe(expected);
    expect(lines.at(-1)).toEqual(
      rows(
        `${count + 3} | 2024-02-19 | 60 | Café De Zwaan 19999 | null | Bestelling 19999 | G-19999`,
      )[0],
    );
  });
});

describe('parseCamt053: references', () => {
  it('never takes an entry’s NtryRef for its reference: each statement numbers them anew', async () => {
    const parsed = await parseText(documentOf(entry(), entry({ amount: '2.00' })));
    expect(parsed.accounts[0]?.lines.map((l) => l.bankReference)).toEqual([null, null]);
  });
});
