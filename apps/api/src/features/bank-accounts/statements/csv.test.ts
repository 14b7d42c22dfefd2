import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseCsv, sniffCsv } from './csv';
import type { StatementLine } from './statement';

const fixture = (name: string) => readFileSync(new URL(`./fixtures/csv/${name}`, import.meta.url));

/** Small odd-sized chunks, so fields and multi-byte characters straddle chunk boundaries. */
async function* chunked(data: Buffer, size = 37): AsyncGenerator<Buffer> {
  for (let at = 0; at < data.length; at += size) yield data.subarray(at, at + size);
}

const parseFixture = (name: string) => parseCsv(chunked(fixture(name)));

const line = (fields: Partial<StatementLine>): StatementLine => ({
  line: 0,
  bookingDate: '',
  amountCents: 0,
  currency: 'EUR',
  counterpartyName: null,
  counterpartyIban: null,
  description: null,
  bankReference: null,
  ...fields,
});

describe('parseCsv: bank layouts', () => {
  it('reads the classic comma ING export (Af/Bij, labelled Mededelingen)', async () => {
    const parsed = await parseFixture('ing.csv');
    expect(parsed.format).toBe('csv');
    expect(parsed.flavour).toBe('ing');
    expect(parsed.skipped).toEqual([]);
    expect(parsed.accounts).toHaveLength(1);
    const [account] = parsed.accounts;
    expect(account).toMatchObject({
      iban: 'NL69INGB0123456789',
      holderName: null,
      openingBalanceCents: null,
      closingBalanceCents: null,
    });
    expect(account?.lines).toEqual([
      line({
        line: 2,
        bookingDate: '2024-03-15',
        amountCents: 25000,
        counterpartyName: 'Stichting Buurtmoestuin De Vlier',
        counterpartyIban: 'NL20RABO0300065264',
        description: 'Bijdrage zaden voorjaar',
      }),
      line({
        line: 3,
        bookingDate: '2024-03-14',
        amountCents: -124995,
        counterpartyName: 'Bouwmarkt Hoekstra B.V.',
        description:
          'Pasvolgnr: 002 14-03-2024 16:42 Transactie: 7K3L9P Term: HB0412 Valutadatum: 14-03-2024',
      }),
      line({
        line: 4,
        bookingDate: '2024-03-12',
        amountCents: -3840,
        counterpartyName: 'Gemeente Zwolle',
        counterpartyIban: 'NL08BNGH0285001234',
        description: 'Afvalstoffenheffing termijn 3',
      }),
      line({
        line: 5,
        bookingDate: '2024-03-11',
        amountCents: -335,
        counterpartyName: 'Kosten OranjePakket',
        description: '1 feb t/m 29 feb 2024 ING BANK N.V. Valutadatum: 11-03-2024',
      }),
    ]);
  });

  it('reads the semicolon ING export and its balances, newest booking first', async () => {
    const parsed = await parseFixture('ing-semicolon.csv');
    expect(parsed.flavour).toBe('ing');
    const [account] = parsed.accounts;
    // 5,60 after the oldest booking of 112,35: the account held 117,95 before it.
    expect(account?.openingBalanceCents).toBe(11795);
    expect(account?.closingBalanceCents).toBe(143060);
    expect(account?.lines.map((l) => [l.line, l.bookingDate, l.amountCents])).toEqual([
      [2, '2024-04-02', -7500],
      [3, '2024-04-01', 150000],
      [4, '2024-03-29', -11235],
    ]);
    expect(account?.lines[2]).toMatchObject({
      counterpartyName: "Drukkerij 't Kopijtje",
      counterpartyIban: 'NL30INGB0007654321',
      description: 'Bestelling 50231 "flyers A5"',
      bankReference: null,
    });
  });

  it('reads Rabobank: one account per own IBAN, Volgnr, balances, non-EUR skipped', async () => {
    const parsed = await parseFixture('rabobank.csv');
    expect(parsed.flavour).toBe('rabobank');
    expect(parsed.skipped).toEqual([{ line: 5, reason: 'currency', detail: 'USD' }]);
    expect(parsed.accounts.map((a) => a.iban)).toEqual([
      'NL11RABO0104955555',
      'NL82RABO0311222333',
    ]);
    const [main, costs] = parsed.accounts;
    expect(main).toMatchObject({ openingBalanceCents: 100000, closingBalanceCents: 200000 });
    expect(main?.lines).toEqual([
      line({
        line: 2,
        bookingDate: '2024-05-02',
        amountCents: -4550,
        counterpartyName: 'Hoveniersbedrijf Groen & Zn',
        counterpartyIban: 'NL57INGB0002468013',
        description: 'Snoeiwerk plantsoen Factuur F2024-118',
        bankReference: '000000000000004101',
      }),
      line({
        line: 4,
        bookingDate: '2024-05-03',
        amountCents: 120000,
        counterpartyName: 'Stichting Leefbaar Noord',
        counterpartyIban: 'NL31ABNA0555444333',
        description: 'Subsidie buurtfeest',
        bankReference: '000000000000004102',
      }),
      line({
        line: 6,
        bookingDate: '2024-05-06',
        amountCents: -15450,
        counterpartyName: 'Hoveniersbedrijf Groen & Zn',
        counterpartyIban: 'NL57INGB0002468013',
        description: 'Plantgoed',
        bankReference: '000000000000004104',
      }),
    ]);
    expect(costs).toMatchObject({ openingBalanceCents: 10000, closingBalanceCents: 8790 });
    expect(costs?.lines).toEqual([
      line({
        line: 3,
        bookingDate: '2024-05-03',
        amountCents: -1210,
        counterpartyName: 'Rabobank',
        description: 'Kosten Rabo BasisPakket april 2024',
        bankReference: '000000000000000017',
      }),
    ]);
  });

  it('reads ABN AMRO .TAB and splits its structured descriptions', async () => {
    const parsed = await parseFixture('abnamro.TAB');
    expect(parsed.flavour).toBe('abnamro');
    const [account] = parsed.accounts;
    expect(account).toMatchObject({
      iban: '123456789',
      openingBalanceCents: 150000,
      closingBalanceCents: 240005,
    });
    expect(account?.lines).toEqual([
      line({
        line: 1,
        bookingDate: '2024-06-03',
        amountCents: -3750,
        counterpartyName: 'Speeltuinvereniging De Wip',
        counterpartyIban: 'NL86INGB0002445588',
        description: 'Contributie 2024 lid 117',
      }),
      line({
        line: 2,
        bookingDate: '2024-06-04',
        amountCents: -5000,
        counterpartyName: 'J. de Vries',
        counterpartyIban: 'NL55RABO0123498765',
        description: 'Voorschot materialen "buurtfeest"',
      }),
      line({
        line: 3,
        bookingDate: '2024-06-05',
        amountCents: -1245,
        counterpartyName: 'Bakkerij Van Dijk',
        description: 'BEA, Betaalpas Bakkerij Van Dijk,PAS123 NR:AB12CD, 05.06.24/08:15 LEEUWARDEN',
      }),
      line({
        line: 4,
        bookingDate: '2024-06-06',
        amountCents: 100000,
        counterpartyName: 'Wijkraad Centrum',
        counterpartyIban: 'NL43BUNQ2025123456',
        description: 'Bijdrage activiteitenfonds',
      }),
    ]);
  });

  it('reads bunq with English grouped amounts', async () => {
    const parsed = await parseFixture('bunq.csv');
    expect(parsed.flavour).toBe('bunq');
    const [account] = parsed.accounts;
    expect(account).toMatchObject({ iban: 'NL12BUNQ2045678901', openingBalanceCents: null });
    expect(account?.lines).toEqual([
      line({
        line: 2,
        bookingDate: '2024-07-01',
        amountCents: -2380,
        counterpartyName: 'Albert Heijn 1403',
        description: 'Albert Heijn 1403 GRONINGEN, NL',
      }),
      line({
        line: 3,
        bookingDate: '2024-07-02',
        amountCents: 125000,
        counterpartyName: 'Stichting Jeugdsport Noord',
        counterpartyIban: 'NL71RABO0178945612',
        description: 'Bijdrage zomerkamp 2024',
      }),
      line({
        line: 4,
        bookingDate: '2024-07-03',
        amountCents: -500,
        counterpartyName: 'M. Bakker',
        counterpartyIban: 'NL12BUNQ2087654321',
        description: 'Terugbetaling parkeergeld',
      }),
    ]);
  });

  it('reads Triodos: headerless, Credit/Debet, Dutch grouped amounts', async () => {
    const parsed = await parseFixture('triodos.csv');
    expect(parsed.flavour).toBe('triodos');
    const [account] = parsed.accounts;
    expect(account?.iban).toBe('NL27TRIO0212345678');
    expect(account?.lines).toEqual([
      line({
        line: 1,
        bookingDate: '2024-08-05',
        amountCents: 175000,
        counterpartyName: 'Stichting Zonnedak Oost',
        counterpartyIban: 'NL63ABNA0456789123',
        description: 'Toekenning energiefonds ronde 3',
      }),
      line({
        line: 2,
        bookingDate: '2024-08-06',
        amountCents: -6499,
        counterpartyName: 'Kantoorboekhandel Pen & Papier',
        counterpartyIban: 'NL18INGB0001357924',
        description: 'Factuur 2024-0815 kantoorartikelen',
      }),
      line({
        line: 3,
        bookingDate: '2024-08-07',
        amountCents: -250,
        description: 'Kosten betalingsverkeer juli',
      }),
    ]);
  });

  it('reads the balance column of newer Triodos exports', async () => {
    const text =
      '"05-08-2024","NL27TRIO0212345678","1.750,00","Credit","A","","OV","x","2.750,00"\n' +
      '"06-08-2024","NL27TRIO0212345678","64,99","Debet","B","","IC","y","2.685,01"\n';
    const parsed = await parseCsv(chunked(Buffer.from(text)));
    expect(parsed.accounts[0]).toMatchObject({
      openingBalanceCents: 100000,
      closingBalanceCents: 268501,
    });
  });

  it('reads de Volksbank (ASN/SNS/RegioBank): volgnummer, balance before the booking', async () => {
    const parsed = await parseFixture('volksbank.csv');
    expect(parsed.flavour).toBe('volksbank');
    const [account] = parsed.accounts;
    expect(account).toMatchObject({
      iban: 'NL56ASNB0708123456',
      openingBalanceCents: 250000,
      closingBalanceCents: 634850,
    });
    expect(account?.lines).toEqual([
      line({
        line: 1,
        bookingDate: '2024-09-02',
        amountCents: -15000,
        counterpartyName: 'Buurtvereniging De Linde',
        counterpartyIban: 'NL82INGB0006543210',
        description: 'Huur zaal september',
        bankReference: '51234567',
      }),
      line({
        line: 2,
        bookingDate: '2024-09-03',
        amountCents: 400000,
        counterpartyName: 'Gemeente Utrecht',
        counterpartyIban: 'NL29SNSB0912345678',
        description: 'Subsidie wijkinitiatief Lombok',
        bankReference: '51234590',
      }),
      line({
        line: 3,
        bookingDate: '2024-09-04',
        amountCents: -150,
        description: 'Kosten rekening augustus',
        bankReference: '51234601',
      }),
    ]);
  });

  it('reads Knab below its title line, with C/D and Referentie', async () => {
    const parsed = await parseFixture('knab.csv');
    expect(parsed.flavour).toBe('knab');
    expect(parsed.skipped).toEqual([{ line: 5, reason: 'currency', detail: 'GBP' }]);
    const [account] = parsed.accounts;
    expect(account?.iban).toBe('NL47KNAB0601234567');
    expect(account?.lines).toEqual([
      line({
        line: 3,
        bookingDate: '2024-10-01',
        amountCents: 240000,
        counterpartyName: 'Stichting Cultuurfonds Zuid',
        counterpartyIban: 'NL93ABNA0612345678',
        description: 'Projectbijdrage theaterweek',
        bankReference: 'C4J01ABC12345678',
      }),
      line({
        line: 4,
        bookingDate: '2024-10-02',
        amountCents: -8900,
        counterpartyName: 'Geluidsverhuur Maas',
        counterpartyIban: 'NL21INGB0009876543',
        description: 'Huur geluidsset 5 oktober',
        bankReference: 'C4J02DEF98765432',
      }),
    ]);
  });

  it('reads Knab without the title line too', async () => {
    const text = fixture('knab.csv').toString('utf8').split('\r\n').slice(1).join('\r\n');
    const parsed = await parseCsv(chunked(Buffer.from(text)));
    expect(parsed.flavour).toBe('knab');
    expect(parsed.accounts[0]?.lines[0]?.line).toBe(2);
  });

  it('leaves balances out when they do not chain (a filtered export)', async () => {
    const rows = fixture('ing-semicolon.csv').toString('utf8').split('\n');
    const text = [rows[0], rows[1], rows[3]].join('\n');
    const parsed = await parseCsv(chunked(Buffer.from(text)));
    expect(parsed.accounts[0]).toMatchObject({
      openingBalanceCents: null,
      closingBalanceCents: null,
    });
  });
});

describe('sniffCsv', () => {
  it.each([
    ['ing.csv', 'ing'],
    ['ing-semicolon.csv', 'ing'],
    ['rabobank.csv', 'rabobank'],
    ['abnamro.TAB', 'abnamro'],
    ['bunq.csv', 'bunq'],
    ['bunq-bom.csv', 'bunq'],
    ['triodos.csv', 'triodos'],
    ['volksbank.csv', 'volksbank'],
    ['knab.csv', 'knab'],
  ])('recognises %s as %s', (name, flavour) => {
    expect(sniffCsv(fixture(name).toString('utf8'))).toEqual({ flavour });
  });

  it('recognises the English ING header', () => {
    const head =
      '"Date";"Name / Description";"Account";"Counterparty";"Code";"Debit/credit";' +
      '"Amount (EUR)";"Transaction type";"Notifications";"Resulting balance";"Tag"\n';
    expect(sniffCsv(head)).toEqual({ flavour: 'ing' });
  });

  it('recognises nothing in other text', () => {
    expect(sniffCsv(fixture('mapping.csv').toString('utf8'))).toBeNull();
    expect(sniffCsv('')).toBeNull();
    expect(sniffCsv('Datum;Bedrag\n01-01-2024;12,00\n')).toBeNull();
    // An ING header that lacks "Af Bij" is not ING.
    expect(sniffCsv('"Datum","Naam / Omschrijving","Rekening","Bedrag (EUR)"\n')).toBeNull();
  });
});
