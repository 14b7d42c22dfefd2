/**
 * Random bookings and every statement format the import reads, rendered from them: for property
 * tests that import generated files and check that each booking becomes exactly one payment.
 * The bookings are what a bank would export (signed cents, a day, a counterparty, a text, maybe
 * a reference); each renderer writes them the way its bank does.
 */
import type { Rng } from './fuzz/prng';

export interface Booking {
  /** YYYY-MM-DD. */
  date: string;
  /** Signed, never zero. */
  cents: number;
  name: string;
  iban: string | null;
  text: string;
  /** What the file puts in its reference column or field; null writes it empty. */
  ref: string | null;
}

/** What banks write where a booking has no reference of its own. */
const PLACEHOLDER_REFS = ['00000000', 'NONREF', 'NOTPROVIDED', '-', '1111111111'] as const;

/** A valid IBAN of a Dutch bank (mod-97 check digits), `n` making the account number. */
export function dutchIban(bank: string, n: number): string {
  const account = String(n).padStart(10, '0').slice(-10);
  const digits = [...`${bank}${account}NL00`]
    .map((c) => (/\d/.test(c) ? c : String(c.charCodeAt(0) - 55)))
    .join('');
  let rest = 0;
  for (const d of digits) rest = (rest * 10 + Number(d)) % 97;
  return `NL${String(98 - rest).padStart(2, '0')}${bank}${account}`;
}

const NAMES = ['Koffiebar Oost', 'Gemeente Utrecht', 'Bouwmarkt West', 'Drukkerij Jansen'];
const TEXTS = ['Koffie', 'Subsidie buurtfeest', 'Verf en kwasten', 'Flyers', 'Huur zaal'];

/**
 * A few days of bookings, oldest first: among them identical copies of an earlier booking that
 * day (a second coffee), placeholder references, and references repeated on one day. `realRef`
 * writes the format's own kind of reference, unique per call.
 */
export function generateBookings(rng: Rng, realRef: (n: number) => string): Booking[] {
  const bookings: Booking[] = [];
  let refs = 0;
  const days = rng.int(2, 5);
  for (let d = 0; d < days; d++) {
    const date = `2026-03-${String(2 + d * 2).padStart(2, '0')}`;
    const dayStart = bookings.length;
    for (let i = rng.int(1, 5); i > 0; i--) {
      const earlier = bookings.slice(dayStart);
      const kind = rng.weighted([
        [4, 'fresh'],
        [earlier.length > 0 ? 2 : 0, 'copy'],
        [earlier.some((b) => b.ref) ? 1 : 0, 'same-ref'],
      ] as const);
      if (kind === 'fresh') {
        const cents = rng.int(1, 300_000) * (rng.chance(0.6) ? -1 : 1);
        const ref = rng.weighted<string | null>([
          [3, realRef(++refs)],
          [2, rng.pick(PLACEHOLDER_REFS)],
          [1, null],
        ]);
        const name = rng.pick(NAMES);
        const iban = rng.chance(0.7) ? dutchIban('RABO', 100 + NAMES.indexOf(name)) : null;
        bookings.push({ date, cents, name, iban, text: rng.pick(TEXTS), ref });
      } else if (kind === 'copy') {
        // The same booking made twice that day; the bank gives the copy its own reference.
        const copied = rng.pick(earlier);
        bookings.push({ ...copied, ref: copied.ref === null ? null : realRef(++refs) });
      } else {
        // Another booking that carries a reference some earlier one of the day has.
        const ref = rng.pick(earlier.filter((b) => b.ref)).ref;
        bookings.push({
          date,
          cents: rng.int(1, 5000),
          name: 'Bank',
          iban: null,
          text: 'Rente',
          ref,
        });
      }
    }
  }
  return bookings;
}

/** The account's balance before the bookings, and what each renderer needs to say about it. */
interface Rendering {
  iban: string;
  openingCents: number;
}

export interface StatementFormatCase {
  name: string;
  /** The bank code of the account's IBAN (some formats tell the bank from it). */
  bank: string;
  realRef: (n: number) => string;
  render: (bookings: Booking[], r: Rendering) => string;
}

const sum = (bookings: Booking[]) => bookings.reduce((n, b) => n + b.cents, 0);
/** "1234.56" (or with a comma), sign only where asked. */
const plain = (cents: number, sep: '.' | ',', signed = false) => {
  const abs = Math.abs(cents);
  const text = `${Math.floor(abs / 100)}${sep}${String(abs % 100).padStart(2, '0')}`;
  return signed ? `${cents < 0 ? '-' : '+'}${text}` : cents < 0 ? `-${text}` : text;
};
/** "1.234,56": Dutch grouping, unsigned. */
const grouped = (cents: number) => {
  const abs = Math.abs(cents);
  const whole = String(Math.floor(abs / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return `${whole},${String(abs % 100).padStart(2, '0')}`;
};
const ymd = (date: string) => date.replaceAll('-', '');
const dmy = (date: string) => date.split('-').reverse().join('-');
/** Running balances: before and after each booking. */
function balances(bookings: Booking[], opening: number): Array<[number, number]> {
  let at = opening;
  return bookings.map((b) => [at, (at += b.cents)]);
}
const quote = (cells: string[], sep: string) => cells.map((c) => `"${c}"`).join(sep);

function camt(bookings: Booking[], { iban, openingCents }: Rendering) {
  const bal = (code: string, cents: number) =>
    `<Bal><Tp><CdOrPrtry><Cd>${code}</Cd></CdOrPrtry></Tp><Amt Ccy="EUR">${plain(Math.abs(cents), '.')}</Amt>` +
    `<CdtDbtInd>${cents < 0 ? 'DBIT' : 'CRDT'}</CdtDbtInd><Dt><Dt>2026-03-01</Dt></Dt></Bal>`;
  const entry = (b: Booking) => {
    const party = b.cents > 0 ? 'Dbtr' : 'Cdtr';
    const acct = b.iban ? `<${party}Acct><Id><IBAN>${b.iban}</IBAN></Id></${party}Acct>` : '';
    return `<Ntry><Amt Ccy="EUR">${plain(Math.abs(b.cents), '.')}</Amt>
      <CdtDbtInd>${b.cents < 0 ? 'DBIT' : 'CRDT'}</CdtDbtInd><Sts>BOOK</Sts>
      <BookgDt><Dt>${b.date}</Dt></BookgDt>${b.ref ? `<AcctSvcrRef>${b.ref}</AcctSvcrRef>` : ''}
      <NtryDtls><TxDtls><RltdPties><${party}><Nm>${b.name}</Nm></${party}>${acct}</RltdPties>
      <RmtInf><Ustrd>${b.text}</Ustrd></RmtInf></TxDtls></NtryDtls></Ntry>`;
  };
  return `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02"><BkToCstmrStmt>
<GrpHdr><MsgId>G1</MsgId><CreDtTm>2026-04-01T06:00:00</CreDtTm></GrpHdr>
<Stmt><Id>S1</Id><CreDtTm>2026-04-01T06:00:00</CreDtTm>
<Acct><Id><IBAN>${iban}</IBAN></Id><Ownr><Nm>Stichting Proef</Nm></Ownr></Acct>
${bal('OPBD', openingCents)}${bal('CLBD', openingCents + sum(bookings))}
${bookings.map(entry).join('\n')}
</Stmt></BkToCstmrStmt></Document>`;
}

/** MT940 as the Dutch banks write it: the bank's reference after "//" where it has one. */
function mt940(withBankRef: boolean) {
  return (bookings: Booking[], { iban, openingCents }: Rendering) => {
    const balance = (tag: string, cents: number, date: string) =>
      `:${tag}:${cents < 0 ? 'D' : 'C'}${ymd(date).slice(2)}EUR${plain(Math.abs(cents), ',')}`;
    const lines = [':20:P260301', `:25:${iban}`, ':28C:00001'];
    lines.push(balance('60F', openingCents, '2026-03-01'));
    for (const b of bookings) {
      const d = ymd(b.date).slice(2);
      const refs = withBankRef ? `NONREF//${b.ref ?? ''}` : (b.ref ?? 'NONREF');
      lines.push(
        `:61:${d}${d.slice(2)}${b.cents < 0 ? 'D' : 'C'}${plain(Math.abs(b.cents), ',')}NTRF${refs}`,
      );
      const cntp = b.iban ? `/CNTP/${b.iban}/RABONL2U/${b.name}///` : `/CNTP////${b.name}///`;
      lines.push(`:86:${cntp}REMI/USTD//${b.text}/`);
    }
    lines.push(balance('62F', openingCents + sum(bookings), bookings.at(-1)?.date ?? '2026-03-01'));
    return `${lines.join('\r\n')}\r\n-\r\n`;
  };
}

const RABOBANK_HEADER = [
  'IBAN/BBAN', 'Munt', 'BIC', 'Volgnr', 'Datum', 'Rentedatum', 'Bedrag', 'Saldo na trn',
  'Tegenrekening IBAN/BBAN', 'Naam tegenpartij', 'Naam uiteindelijke partij',
  'Naam initiërende partij', 'BIC tegenpartij', 'Code', 'Batch ID', 'Transactiereferentie',
  'Machtigingskenmerk', 'Incassant ID', 'Betalingskenmerk', 'Omschrijving-1', 'Omschrijving-2',
  'Omschrijving-3', 'Reden retour', 'Oorspr bedrag', 'Oorspr munt', 'Koers',
]; // prettier-ignore

const KNAB_HEADER =
  'Rekeningnummer;Transactiedatum;Valutacode;CreditDebet;Bedrag;Tegenrekeningnummer;' +
  'Tegenrekeninghouder;Valutadatum;Betaalwijze;Omschrijving;Type betaling;Machtigingsnummer;' +
  'Incassant ID;Adres;Referentie;Boekdatum;';

const csv = (rows: string[]) => `${rows.join('\r\n')}\r\n`;

/** Every format the import reads, with the references its bank writes. */
export const STATEMENT_FORMAT_CASES: readonly StatementFormatCase[] = [
  { name: 'camt053', bank: 'INGB', realRef: (n) => `2026030${n}-ACCT-${n}`, render: camt },
  ...(['INGB', 'BUNQ', 'TRIO'] as const).map((bank) => ({
    name: `mt940 ${bank}`,
    bank,
    realRef: (n: number) => `${bank}${String(n).padStart(10, '0')}`,
    render: mt940(true),
  })),
  ...(['RABO', 'ABNA'] as const).map((bank) => ({
    name: `mt940 ${bank}`,
    bank,
    // These banks write no reference of their own; the owner's reference stands there.
    realRef: (n: number) => `EREF-${n}`,
    render: mt940(false),
  })),
  {
    name: 'csv ing',
    bank: 'INGB',
    realRef: (n) => `K${n}`,
    render: (bookings, { iban }) =>
      csv([
        quote(['Datum', 'Naam / Omschrijving', 'Rekening', 'Tegenrekening', 'Code', 'Af Bij',
          'Bedrag (EUR)', 'MutatieSoort', 'Mededelingen'], ','), // prettier-ignore
        ...bookings.map(
          (b) =>
          quote([ymd(b.date), b.name, iban, b.iban ?? '', 'OV', b.cents < 0 ? 'Af' : 'Bij',
            grouped(b.cents), 'Overschrijving', `Omschrijving: ${b.text}`], ','), // prettier-ignore
        ),
      ]),
  },
  {
    name: 'csv rabobank',
    bank: 'RABO',
    realRef: (n) => String(4100 + n).padStart(18, '0'),
    render: (bookings, { iban, openingCents }) => {
      const after = balances(bookings, openingCents);
      return csv([
        quote(RABOBANK_HEADER, ','),
        ...bookings.map((b, i) => {
          const cells = RABOBANK_HEADER.map(() => '');
          Object.assign(cells, { 0: iban, 1: 'EUR', 2: 'RABONL2U', 3: b.ref ?? '', 4: b.date });
          Object.assign(cells, { 5: b.date, 6: plain(b.cents, ',', true) });
          Object.assign(cells, { 7: plain(after[i]![1], ',', true), 8: b.iban ?? '' });
          Object.assign(cells, { 9: b.name, 19: b.text });
          return quote(cells, ',');
        }),
      ]);
    },
  },
  {
    name: 'csv bunq',
    bank: 'BUNQ',
    realRef: (n) => `B${n}`,
    render: (bookings, { iban }) =>
      csv([
        quote(['Date', 'Interest Date', 'Amount', 'Account', 'Counterparty', 'Name', 'Description'], ','), // prettier-ignore
        ...bookings.map((b) =>
          quote([b.date, b.date, plain(b.cents, '.'), iban, b.iban ?? '', b.name, b.text], ','),
        ),
      ]),
  },
  {
    name: 'csv knab',
    bank: 'KNAB',
    realRef: (n) => `C6C03ABC${String(n).padStart(8, '0')}`,
    render: (bookings, { iban }) =>
      csv([
        'KNAB EXPORT;;;;;;;;;;;;;;;;',
        KNAB_HEADER,
        ...bookings.map(
          (b) =>
          quote([iban, dmy(b.date), 'EUR', b.cents < 0 ? 'D' : 'C', grouped(b.cents),
            b.iban ?? '', b.name, dmy(b.date), 'Overboeking', b.text, '', '', '', '',
            b.ref ?? '', dmy(b.date)], ';') + ';', // prettier-ignore
        ),
      ]),
  },
  {
    name: 'csv abnamro',
    bank: 'ABNA',
    realRef: (n) => `E2E-${n}`,
    render: (bookings, { iban, openingCents }) => {
      const at = balances(bookings, openingCents);
      return csv(
        bookings.map((b, i) => {
          const iban2 = b.iban ? `/IBAN/${b.iban}/BIC/RABONL2U` : '';
          const text = `/TRTP/SEPA OVERBOEKING${iban2}/NAME/${b.name}/REMI/${b.text}/EREF/${b.ref ?? 'NOTPROVIDED'}`;
          return [iban, 'EUR', ymd(b.date), plain(at[i]![0], ','), plain(at[i]![1], ','),
            ymd(b.date), plain(b.cents, ','), text].join('\t'); // prettier-ignore
        }),
      );
    },
  },
  {
    name: 'csv triodos',
    bank: 'TRIO',
    realRef: (n) => `T${n}`,
    render: (bookings, { iban }) =>
      csv(
        bookings.map(
          (b) =>
          quote([dmy(b.date), iban, grouped(b.cents), b.cents < 0 ? 'Debet' : 'Credit', b.name,
            b.iban ?? '', 'OV', b.text], ','), // prettier-ignore
        ),
      ),
  },
  {
    name: 'csv volksbank',
    bank: 'ASNB',
    realRef: (n) => String(51234500 + n),
    render: (bookings, { iban, openingCents }) => {
      const at = balances(bookings, openingCents);
      return csv(
        bookings.map(
          (b, i) =>
          [dmy(b.date), iban, b.iban ?? '', b.name, '', '', '', 'EUR', plain(at[i]![0], '.'),
            'EUR', plain(b.cents, '.'), dmy(b.date), dmy(b.date), '8810', 'IOB', b.ref ?? '',
            '', `'${b.text}'`, '1'].join(','), // prettier-ignore
        ),
      );
    },
  },
];
