/**
 * The column mapping a user supplies for a CSV export of a bank whose layout is not known. It is
 * saved with the bank account, so the API validates it with this schema before use.
 */
import { z } from 'zod';
import { StatementError, isoDate } from './statement';

export const CSV_DATE_FORMATS = [
  'yyyy-mm-dd',
  'dd-mm-yyyy',
  'dd/mm/yyyy',
  'yyyymmdd',
  'mm/dd/yyyy',
] as const;
export type CsvDateFormat = (typeof CSV_DATE_FORMATS)[number];

export const CSV_DELIMITERS = [',', ';', '\t'] as const;
export type CsvDelimiter = (typeof CSV_DELIMITERS)[number];

/** A 0-based column index; far above any real export, so a typo cannot allocate much. */
const column = z.number().int().min(0).max(255);

export const csvMappingSchema = z.strictObject({
  delimiter: z.enum(CSV_DELIMITERS),
  hasHeader: z.boolean(),
  date: column,
  dateFormat: z.enum(CSV_DATE_FORMATS),
  amount: column,
  decimal: z.enum([',', '.']),
  /** Amount unsigned plus a debit/credit column; without it the amount carries its own sign. */
  debitCredit: z
    .strictObject({
      column,
      /** Cell values (compared trimmed, case-insensitively) that mean money left the account. */
      debitValues: z.array(z.string().trim().min(1).max(40)).min(1).max(10),
    })
    .optional(),
  /** The own account (IBAN); without it all rows belong to one account of unknown IBAN. */
  account: column.optional(),
  counterpartyName: column.optional(),
  counterpartyIban: column.optional(),
  /** Joined with a space, in this order. */
  description: z.array(column).max(10).optional(),
  /** ISO 4217 code per row; without it every row is taken as EUR. */
  currency: column.optional(),
  /** The bank's unique id of a booking, used for deduplication instead of a hash. */
  reference: column.optional(),
});

export type CsvMapping = z.infer<typeof csvMappingSchema>;

const DATES: Record<CsvDateFormat, { re: RegExp; order: [number, number, number] }> = {
  'yyyy-mm-dd': { re: /^(\d{4})-(\d{1,2})-(\d{1,2})$/, order: [1, 2, 3] },
  'dd-mm-yyyy': { re: /^(\d{1,2})-(\d{1,2})-(\d{4})$/, order: [3, 2, 1] },
  'dd/mm/yyyy': { re: /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/, order: [3, 2, 1] },
  yyyymmdd: { re: /^(\d{4})(\d{2})(\d{2})$/, order: [1, 2, 3] },
  'mm/dd/yyyy': { re: /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/, order: [3, 1, 2] },
};

/** The booking date of a cell in `format`, as YYYY-MM-DD. */
export function readDate(text: string, format: CsvDateFormat, line: number): string {
  const { re, order } = DATES[format];
  const m = re.exec(text.trim());
  if (!m) {
    throw new StatementError('statement_bad_date', `"${text.trim()}" is not ${format}`, line);
  }
  const [y, mo, d] = order.map((i) => Number(m[i]));
  return isoDate(y ?? 0, mo ?? 0, d ?? 0, line);
}
