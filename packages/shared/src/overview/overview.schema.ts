import { z } from 'zod';
import { optionalQuery } from '../http';
import { LANGUAGES } from '../languages';
import { OVERVIEW_EXCEPTIONS, OVERVIEW_FORMATS } from './overview.constants';

/** GET …/overview: the file and the language of its texts. */
export const overviewQuery = z.object({
  format: optionalQuery(z.enum(OVERVIEW_FORMATS)).default('json'),
  lang: optionalQuery(z.enum(LANGUAGES)).default('nl'),
});
export type OverviewQuery = z.input<typeof overviewQuery>;

/** An initiative's figures, or the sums of a grant's or of all (docs/api-rules.md §8, §17). */
const figures = {
  budget: z.number(),
  income: z.number(),
  expenses: z.number().describe('≤ 0, as everywhere in the API'),
  available: z.number().describe('max(budget + expenses, 0); summed per initiative in totals'),
  over_budget: z.number().describe('max(-(budget + expenses), 0); summed per initiative'),
  expense_count: z.number().int(),
  expenses_without_receipt: z.number().int(),
  receipt_coverage: z
    .number()
    .nullable()
    .describe('The share (0–1) of the expense amount in expenses with a receipt; null: none'),
};

export const overviewInitiativeSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  hidden: z.boolean(),
  grant_id: z.number().int(),
  grant_reference: z.string(),
  ...figures,
  exceptions: z.array(z.enum(OVERVIEW_EXCEPTIONS)),
});
export type OverviewInitiative = z.infer<typeof overviewInitiativeSchema>;

export const overviewTotalsSchema = z.object(figures);
export type OverviewTotals = z.infer<typeof overviewTotalsSchema>;

export const overviewGrantSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  reference: z.string(),
  grant_budget: z.number(),
  initiatives: z.array(overviewInitiativeSchema),
  totals: overviewTotalsSchema,
});

export const overviewSchema = z
  .object({
    regulation: z.object({ id: z.number().int(), name: z.string() }),
    funder: z.object({ id: z.number().int(), name: z.string() }),
    exceptions: z.array(overviewInitiativeSchema),
    grants: z.array(overviewGrantSchema),
    totals: overviewTotalsSchema,
  })
  .describe(
    'format=json. With format=xlsx, csv or pdf the same figures come as a file (";" separated CSV; the PDF a report, exceptions first)',
  );
export type Overview = z.infer<typeof overviewSchema>;
