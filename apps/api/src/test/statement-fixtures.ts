import type { CsvMapping } from '@helder/shared/bank-accounts';

/** The column mapping that reads fixtures/csv/mapping.csv (an export of no bank we know). */
export const FIXTURE_CSV_MAPPING: CsvMapping = {
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

/** One EUR MT940 statement of a Knab account around the given field lines (the first is line 4). */
export const mt940Statement = (...fields: string[]) =>
  [
    ':20:TEST',
    ':25:NL07KNAB0255123456',
    ':60F:C240101EUR100,00',
    ...fields,
    ':62F:C240101EUR100,00',
  ].join('\n');

/**
 * Bookings of which two share a bank reference and two an end-to-end id, and the references the
 * parser keeps: only those the file has once.
 */
export const SHARED_REFERENCES = {
  statement: mt940Statement(
    ':61:2401010101C1,00NTRFNONREF//SAME',
    ':61:2401010101C1,00NTRFNONREF//SAME',
    ':61:2401010101C1,00NTRFOWN-1',
    ':61:2401010101C1,00NTRFNONREF',
    ':86:/EREF/E2E-1/REMI/x',
    ':61:2401010101C1,00NTRFNONREF',
    ':86:/EREF/E2E-2/REMI/x',
    ':61:2401010101C1,00NTRFNONREF',
    ':86:/EREF/E2E-2/REMI/y',
  ),
  kept: [null, null, 'OWN-1', 'E2E-1', null, null],
};
