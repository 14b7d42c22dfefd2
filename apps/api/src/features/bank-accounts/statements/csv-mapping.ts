/** Reading the cells of a CSV export by a user's column mapping (csvMappingSchema). */
import type { CsvDateFormat } from '@helder/shared/bank-accounts';
import { StatementError, isoDate } from './statement';

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
