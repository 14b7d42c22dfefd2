import { z } from 'zod';
import { optionalQuery } from '../http';
import { LANGUAGES } from '../languages';
import { VERANTWOORDING_FORMATS, VERANTWOORDING_MAX_YEARS } from './verantwoording.constants';

const day = optionalQuery(z.iso.date({ message: 'A date is written YYYY-MM-DD' }));

/** The day `years` years after a YYYY-MM-DD day. */
const yearsLater = (iso: string, years: number) =>
  `${String(Number(iso.slice(0, 4)) + years).padStart(4, '0')}${iso.slice(4)}`;

/**
 * GET …/verantwoording: the file, the PDF's language and an optional period, the days read in Europe/Amsterdam as the
 * payment lists read them; inverted or longer than ten years is a 422.
 */
export const verantwoordingQuery = z
  .object({
    format: optionalQuery(z.enum(VERANTWOORDING_FORMATS)).default('zip'),
    lang: optionalQuery(z.enum(LANGUAGES)).default('nl'),
    start_date: day,
    end_date: day,
  })
  .refine(
    (q) => q.start_date === undefined || q.end_date === undefined || q.start_date <= q.end_date,
    { message: 'start_date is after end_date', path: ['start_date'] },
  )
  .refine(
    (q) =>
      q.start_date === undefined ||
      q.end_date === undefined ||
      q.end_date <= yearsLater(q.start_date, VERANTWOORDING_MAX_YEARS),
    {
      message: `The period is longer than ${VERANTWOORDING_MAX_YEARS} years`,
      path: ['end_date'],
    },
  );
export type VerantwoordingQuery = z.input<typeof verantwoordingQuery>;

/** A file, not JSON: the schema only documents it; the API streams the file. */
export const verantwoordingFileResponse = z
  .unknown()
  .describe(
    'A file: the PDF report, a zip with the report, the ledger and the receipts, or the ledger as xlsx or csv (";" separated)',
  );
