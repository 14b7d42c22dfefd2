/**
 * Bank statements for the end-to-end tests, written here from the formats' structure: a
 * CAMT.053.001.02 XML, an ING CSV and an ING MT940 file of one fresh IBAN and the same lines.
 */
// ---------------------------------------------------------------------------------------------
// Statement files

/** A Dutch IBAN of `bank` with ten random digits and valid check digits (ISO 13616, mod 97). */
export function freshIban(bank = 'INGB'): string {
  const bban = `${bank}${Array.from({ length: 10 }, () => Math.floor(Math.random() * 10)).join('')}`;
  const numeric = `${bban}NL00`.replace(/[A-Z]/g, (letter) => String(letter.charCodeAt(0) - 55));
  let rest = 0;
  for (const digit of numeric) rest = (rest * 10 + Number(digit)) % 97;
  return `NL${String(98 - rest).padStart(2, '0')}${bban}`;
}

/** 'NL12INGB0123456789' as the app shows it: 'NL12 INGB 0123 4567 89'. */
export const grouped = (iban: string) => iban.replace(/(.{4})(?=.)/g, '$1 ');

/** What one statement line is; the description carries the test's id so rows can be found. */
export interface Line {
  /** YYYY-MM-DD */
  date: string;
  /** Euros, negative for money going out. */
  amount: number;
  counterparty: string;
  counterpartyIban: string;
  description: string;
}

/** The three lines every test imports: one in, two out (opening 1000,00, closing 1192,25). */
export function threeLines(id: string): Line[] {
  return [
    {
      date: '2026-03-02',
      amount: 250,
      counterparty: 'Stichting Wijkfonds',
      counterpartyIban: 'NL20RABO0300065264',
      description: `Bijdrage buurtfeest ${id}`,
    },
    {
      date: '2026-03-05',
      amount: -45.5,
      counterparty: 'Bouwmarkt Hoekstra',
      counterpartyIban: 'NL44RABO0123456789',
      description: `Verf en kwasten ${id}`,
    },
    {
      date: '2026-03-09',
      amount: -12.25,
      counterparty: 'Koffiebranderij Oost',
      counterpartyIban: 'NL71INGB0009876543',
      description: `Koffie vrijwilligers ${id}`,
    },
  ];
}

const OPENING = 1000;
const closing = (lines: Line[]) => lines.reduce((sum, line) => sum + line.amount, OPENING);

/** A CAMT.053.001.02 statement of `iban` with one entry (and AcctSvcrRef) per line. */
function camt053(iban: string, id: string, lines: Line[]): string {
  const entries = lines.map((line, index) => {
    const credit = line.amount > 0;
    const party = credit
      ? `<Dbtr><Nm>${line.counterparty}</Nm></Dbtr><DbtrAcct><Id><IBAN>${line.counterpartyIban}</IBAN></Id></DbtrAcct>`
      : `<Cdtr><Nm>${line.counterparty}</Nm></Cdtr><CdtrAcct><Id><IBAN>${line.counterpartyIban}</IBAN></Id></CdtrAcct>`;
    return `
      <Ntry>
        <Amt Ccy="EUR">${Math.abs(line.amount).toFixed(2)}</Amt>
        <CdtDbtInd>${credit ? 'CRDT' : 'DBIT'}</CdtDbtInd>
        <Sts>BOOK</Sts>
        <BookgDt><Dt>${line.date}</Dt></BookgDt>
        <ValDt><Dt>${line.date}</Dt></ValDt>
        <AcctSvcrRef>E2E-${id}-${index + 1}</AcctSvcrRef>
        <NtryDtls>
          <TxDtls>
            <RltdPties>${party}</RltdPties>
            <RmtInf><Ustrd>${line.description}</Ustrd></RmtInf>
          </TxDtls>
        </NtryDtls>
      </Ntry>`;
  });
  const balance = (code: string, amount: number, date: string) => `
      <Bal>
        <Tp><CdOrPrtry><Cd>${code}</Cd></CdOrPrtry></Tp>
        <Amt Ccy="EUR">${Math.abs(amount).toFixed(2)}</Amt>
        <CdtDbtInd>${amount < 0 ? 'DBIT' : 'CRDT'}</CdtDbtInd>
        <Dt><Dt>${date}</Dt></Dt>
      </Bal>`;
  return `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
  <BkToCstmrStmt>
    <GrpHdr>
      <MsgId>E2E-${id}</MsgId>
      <CreDtTm>2026-03-10T06:00:00+01:00</CreDtTm>
    </GrpHdr>
    <Stmt>
      <Id>E2E-${id}-1</Id>
      <ElctrncSeqNb>1</ElctrncSeqNb>
      <CreDtTm>2026-03-10T06:00:00+01:00</CreDtTm>
      <Acct>
        <Id><IBAN>${iban}</IBAN></Id>
        <Ccy>EUR</Ccy>
        <Ownr><Nm>Stichting Buurtinitiatief ${id}</Nm></Ownr>
        <Svcr><FinInstnId><BIC>INGBNL2A</BIC></FinInstnId></Svcr>
      </Acct>${balance('OPBD', OPENING, '2026-03-01')}${balance('CLBD', closing(lines), '2026-03-09')}${entries.join('')}
    </Stmt>
  </BkToCstmrStmt>
</Document>
`;
}

/** '1.249,95': Dutch notation, as ING writes amounts. */
export const dutchAmount = (euros: number) =>
  new Intl.NumberFormat('nl-NL', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(
    euros,
  );

/** An ING (Mijn ING, comma-separated) CSV export of `iban`, newest line first as ING writes it. */
function ingCsv(iban: string, lines: Line[]): string {
  const quote = (values: string[]) => values.map((value) => `"${value}"`).join(',');
  const header = quote([
    'Datum',
    'Naam / Omschrijving',
    'Rekening',
    'Tegenrekening',
    'Code',
    'Af Bij',
    'Bedrag (EUR)',
    'Mutatiesoort',
    'Mededelingen',
  ]);
  const rows = [...lines].reverse().map((line) => {
    const day = line.date.split('-').reverse().join('-');
    return quote([
      line.date.replace(/-/g, ''),
      line.counterparty,
      iban,
      line.counterpartyIban,
      'OV',
      line.amount < 0 ? 'Af' : 'Bij',
      dutchAmount(Math.abs(line.amount)),
      'Overschrijving',
      `Naam: ${line.counterparty} Omschrijving: ${line.description} IBAN: ${line.counterpartyIban} Valutadatum: ${day}`,
    ]);
  });
  return `${[header, ...rows].join('\r\n')}\r\n`;
}

/** An :86: field wrapped the SWIFT way: 65 characters a line, ':86:' counting on the first. */
function field86(text: string): string[] {
  const lines = [`:86:${text.slice(0, 61)}`];
  for (let at = 61; at < text.length; at += 65) lines.push(text.slice(at, at + 65));
  return lines;
}

/** An ING MT940 (.sta) statement of `iban`: one :61:/:86: pair per line. */
function mt940(iban: string, id: string, lines: Line[]): string {
  const yymmdd = (date: string) => date.slice(2).replace(/-/g, '');
  const amount = (euros: number) => Math.abs(euros).toFixed(2).replace('.', ',');
  const last = lines.at(-1)!.date;
  const body = lines.flatMap((line, index) => {
    const mark = line.amount < 0 ? 'D' : 'C';
    const date = yymmdd(line.date);
    return [
      `:61:${date}${date.slice(2)}${mark}${amount(line.amount)}NTRFEREF//${id}${index + 1}`,
      '/TRCD/00100/',
      ...field86(
        `/EREF/NOTPROVIDED//CNTP/${line.counterpartyIban}/RABONL2U/${line.counterparty}` +
          `///REMI/USTD//${line.description}/`,
      ),
    ];
  });
  return `${[
    '0000 01INGBNL2AXXX00001',
    '0000 01INGBNL2AXXX00001',
    '940',
    `:20:P${yymmdd(last)}${id.slice(0, 9)}`,
    `:25:${iban}EUR`,
    ':28C:00000',
    `:60F:C260301EUR${amount(OPENING)}`,
    ...body,
    `:62F:C${yymmdd(last)}EUR${amount(closing(lines))}`,
    '-',
  ].join('\r\n')}\r\n`;
}

// ---------------------------------------------------------------------------------------------
// The world and the screens

/** A statement file as Playwright uploads it. */
export interface StatementFile {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

/** The three formats' files of `lines`, named as the banks name their exports. */
export const statementFiles = {
  camt053: (iban: string, id: string, lines: Line[]): StatementFile => ({
    name: `afschrift-${id}.xml`,
    mimeType: 'application/xml',
    buffer: Buffer.from(camt053(iban, id, lines)),
  }),
  ingCsv: (iban: string, id: string, lines: Line[]): StatementFile => ({
    name: `ing-${id}.csv`,
    mimeType: 'text/csv',
    buffer: Buffer.from(ingCsv(iban, lines)),
  }),
  mt940: (iban: string, id: string, lines: Line[]): StatementFile => ({
    name: `ing-${id}.sta`,
    mimeType: 'application/octet-stream',
    buffer: Buffer.from(mt940(iban, id, lines)),
  }),
};
