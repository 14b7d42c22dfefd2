import { z } from 'zod';
import { optionalQuery } from '../http';
import { SPENDING_INTERVALS } from './spending.constants';

/** GET /initiative/{id}/spending: the period the expenses are summed by. */
export const spendingQuery = z.object({
  interval: optionalQuery(z.enum(SPENDING_INTERVALS)).default('month'),
});
export type SpendingQuery = z.input<typeof spendingQuery>;

export const spendingPeriodSchema = z.object({
  /** The first day of the period in Europe/Amsterdam, YYYY-MM-DD. */
  period: z.string(),
  /** The period's expenses in euros: 0 or negative, as `expenses` everywhere (docs/api-rules.md §8). */
  expenses: z.number(),
  /** The expenses of this period and every one before it. */
  cumulative_expenses: z.number(),
});
export type SpendingPeriod = z.infer<typeof spendingPeriodSchema>;

export const spendingResponse = z.object({
  interval: z.enum(SPENDING_INTERVALS),
  /** Oldest first; only periods with expenses the caller may see. */
  periods: z.array(spendingPeriodSchema),
});
export type SpendingResponse = z.infer<typeof spendingResponse>;

/** An initiative under a regulation, with its money as its own page shows it (docs/api-rules.md §8). */
export const initiativeSpendingSchema = z.object({
  id: z.number(),
  name: z.string(),
  grant: z.object({ id: z.number(), name: z.string() }),
  budget: z.number(),
  income: z.number(),
  expenses: z.number(),
});
export type InitiativeSpending = z.infer<typeof initiativeSpendingSchema>;

export const regulationSpendingResponse = z.object({
  /** Most spent first; only initiatives the caller may see listed under their sponsor. */
  initiatives: z.array(initiativeSpendingSchema),
});
export type RegulationSpendingResponse = z.infer<typeof regulationSpendingResponse>;
