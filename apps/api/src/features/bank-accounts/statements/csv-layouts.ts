/**
 * The CSV exports of Dutch banks as data: how each is recognised and which column means what.
 * Written from the banks' published descriptions and real-world exports; the details that could
 * not be checked against a bank's own documentation are marked "Assumed" so they are easy to
 * revisit when a user's file disagrees.
 */
import type { AmountStyle } from './csv-amount';
import { describeAbnAmro, describeIng, type DescriptionParts } from './csv-describe';
import type { CsvDateFormat, CsvDelimiter } from '@helder/shared/bank-accounts';

/** What a layout's columns mean; `C` is a header name or, for headerless layouts, an index. */
export interface LayoutColumns<C> {
  date: C;
  amount: C;
  /** The debit/credit indicator when the amount is unsigned. */
  sign?: C;
  /** The own account. */
  account?: C;
  /** Without one every row is EUR (the bank only exports euro accounts this way). */
  currency?: C;
  counterpartyName?: C;
  /** The party on whose behalf (or for whom) the other one paid: named when that one is not. */
  ultimateName?: C;
  counterpartyIban?: C;
  description: C[];
  /** A payment reference (betalingskenmerk): the description of a payment that has no other. */
  paymentReference?: C;
  /** The bank's unique id of the booking. */
  reference?: C;
  /** Own balance before / after this row. */
  balanceBefore?: C;
  balanceAfter?: C;
}

interface LayoutBase {
  /** The flavour reported to the import ('ing', 'rabobank', …). */
  key: string;
  dateFormat: CsvDateFormat;
  amount: AmountStyle;
  /** Sign column values, compared trimmed and case-insensitively; absent when amounts are signed. */
  debitValues?: string[];
  creditValues?: string[];
  /** False for formats that never quote, so a stray quote in free text is just a character. */
  quotes: boolean;
  /** Splits a structured description field. */
  describe?: (text: string) => DescriptionParts;
}

export interface HeaderLayout extends LayoutBase {
  kind: 'header';
  delimiters: CsvDelimiter[];
  /**
   * Column names a file's header may lack (e.g. ING's older 9-column export); all the others
   * (compared case-insensitively) must be present for the layout to be recognised.
   */
  optional?: string[];
  /** A line some exports put above the header. */
  titleLine?: RegExp;
  columns: LayoutColumns<string>;
}

interface ShapeLayout extends LayoutBase {
  kind: 'shape';
  delimiter: CsvDelimiter;
  minColumns: number;
  maxColumns: number | null;
  /** What the cells of the first row must look like (trimmed). */
  shape: Record<number, RegExp>;
  columns: LayoutColumns<number>;
}

export type CsvLayout = HeaderLayout | ShapeLayout;

const DMY = /^\d{1,2}-\d{1,2}-\d{4}$/;
const COMPACT_DATE = /^\d{8}$/;
const CURRENCY = /^[A-Z]{3}$/;

const ING_NL: HeaderLayout = {
  key: 'ing',
  kind: 'header',
  // Comma in the classic 9-column export, semicolon in the 11-column one with "Saldo na mutatie".
  delimiters: [';', ','],
  dateFormat: 'yyyymmdd',
  // Assumed: ING writes grouped amounts ("1.050,00") in the semicolon export.
  amount: 'comma-grouped',
  optional: ['Saldo na mutatie'],
  debitValues: ['Af'],
  creditValues: ['Bij'],
  quotes: true,
  describe: describeIng,
  columns: {
    date: 'Datum',
    amount: 'Bedrag (EUR)',
    sign: 'Af Bij',
    account: 'Rekening',
    counterpartyName: 'Naam / Omschrijving',
    counterpartyIban: 'Tegenrekening',
    description: ['Mededelingen'],
    balanceAfter: 'Saldo na mutatie',
  },
};

/** Mijn ING in English writes the same columns under English names. */
const ING_EN: HeaderLayout = {
  ...ING_NL,
  optional: ['Resulting balance'],
  debitValues: ['Debit'],
  creditValues: ['Credit'],
  columns: {
    date: 'Date',
    amount: 'Amount (EUR)',
    sign: 'Debit/credit',
    account: 'Account',
    counterpartyName: 'Name / Description',
    counterpartyIban: 'Counterparty',
    description: ['Notifications'],
    balanceAfter: 'Resulting balance',
  },
};

const RABOBANK: HeaderLayout = {
  key: 'rabobank',
  kind: 'header',
  delimiters: [','],
  optional: ['Naam uiteindelijke partij', 'Betalingskenmerk'],
  dateFormat: 'yyyy-mm-dd',
  // Signed "+1234,56" / "-12,50"; Rabobank writes no thousands separators.
  amount: 'comma',
  quotes: true,
  columns: {
    date: 'Datum',
    amount: 'Bedrag',
    account: 'IBAN/BBAN',
    currency: 'Munt',
    counterpartyName: 'Naam tegenpartij',
    ultimateName: 'Naam uiteindelijke partij',
    counterpartyIban: 'Tegenrekening IBAN/BBAN',
    description: ['Omschrijving-1', 'Omschrijving-2', 'Omschrijving-3'],
    paymentReference: 'Betalingskenmerk',
    // Volgnr counts up per account, so it is unique within the account the import stores it on.
    reference: 'Volgnr',
    balanceAfter: 'Saldo na trn',
  },
};

const BUNQ: HeaderLayout = {
  key: 'bunq',
  kind: 'header',
  delimiters: [';', ','],
  dateFormat: 'yyyy-mm-dd',
  // The export settings choose the separators, so the file itself must tell.
  amount: 'either',
  quotes: true,
  columns: {
    date: 'Date',
    amount: 'Amount',
    account: 'Account',
    counterpartyName: 'Name',
    counterpartyIban: 'Counterparty',
    description: ['Description'],
  },
};

const KNAB: HeaderLayout = {
  key: 'knab',
  kind: 'header',
  delimiters: [';'],
  titleLine: /^"?KNAB EXPORT/i,
  dateFormat: 'dd-mm-yyyy',
  amount: 'comma-grouped',
  debitValues: ['D'],
  creditValues: ['C'],
  quotes: true,
  columns: {
    // Assumed: Transactiedatum rather than Boekdatum, which older exports lack.
    date: 'Transactiedatum',
    amount: 'Bedrag',
    sign: 'CreditDebet',
    account: 'Rekeningnummer',
    currency: 'Valutacode',
    counterpartyName: 'Tegenrekeninghouder',
    counterpartyIban: 'Tegenrekeningnummer',
    description: ['Omschrijving'],
    reference: 'Referentie',
  },
};

/** ABN AMRO "TXT/TAB": account, currency, date, balance before, after, value date, amount, text. */
const ABN_AMRO: ShapeLayout = {
  key: 'abnamro',
  kind: 'shape',
  delimiter: '\t',
  minColumns: 8,
  maxColumns: 8,
  shape: {
    0: /^[A-Z0-9]{7,34}$/i,
    1: CURRENCY,
    2: COMPACT_DATE,
    3: /^-?\d+(,\d{1,2})?$/,
    4: /^-?\d+(,\d{1,2})?$/,
    5: COMPACT_DATE,
    6: /^-?\d+(,\d{1,2})?$/,
  },
  dateFormat: 'yyyymmdd',
  amount: 'comma',
  quotes: false,
  describe: describeAbnAmro,
  columns: {
    account: 0,
    currency: 1,
    date: 2,
    balanceBefore: 3,
    balanceAfter: 4,
    amount: 6,
    description: [7],
  },
};

/** Triodos: date, account, amount, Credit/Debet, name, counter account, code, text[, balance]. */
const TRIODOS: ShapeLayout = {
  key: 'triodos',
  kind: 'shape',
  delimiter: ',',
  minColumns: 8,
  // Assumed: newer exports append the balance after the booking as a ninth column.
  maxColumns: 9,
  shape: {
    0: DMY,
    2: /^(\d{1,3}(\.\d{3})+,\d{1,2}|\d+(,\d{1,2})?)$/,
    3: /^(credit|debet)$/i,
  },
  dateFormat: 'dd-mm-yyyy',
  amount: 'comma-grouped',
  debitValues: ['Debet'],
  creditValues: ['Credit'],
  quotes: true,
  columns: {
    date: 0,
    account: 1,
    amount: 2,
    sign: 3,
    counterpartyName: 4,
    counterpartyIban: 5,
    description: [7],
    balanceAfter: 8,
  },
};

/**
 * De Volksbank (ASN, SNS, RegioBank): booking date, own account, counter account, name, address,
 * postcode, city, account currency, balance before, booking currency, amount, journal date,
 * value date, internal code, global code, volgnummer, payment reference, description, statement.
 */
const VOLKSBANK: ShapeLayout = {
  key: 'volksbank',
  kind: 'shape',
  delimiter: ',',
  minColumns: 19,
  maxColumns: null,
  shape: {
    0: DMY,
    7: CURRENCY,
    8: /^[+-]?\d+(\.\d{1,2})?$/,
    9: CURRENCY,
    10: /^[+-]?\d+(\.\d{1,2})?$/,
    11: DMY,
  },
  dateFormat: 'dd-mm-yyyy',
  amount: 'dot',
  quotes: true,
  // Assumed: ASN puts the description between single quotes ('Huur zaal'), which are no part of it.
  describe: (text) => ({ description: /^'.*'$/s.test(text) ? text.slice(1, -1) : text }),
  columns: {
    date: 0,
    account: 1,
    counterpartyIban: 2,
    counterpartyName: 3,
    balanceBefore: 8,
    currency: 9,
    amount: 10,
    reference: 15,
    description: [17],
    paymentReference: 16,
  },
};

/** Header layouts first: a header is a surer sign than the shape of a row. */
export const CSV_LAYOUTS: readonly CsvLayout[] = [
  ING_NL,
  ING_EN,
  RABOBANK,
  BUNQ,
  KNAB,
  ABN_AMRO,
  TRIODOS,
  VOLKSBANK,
];
