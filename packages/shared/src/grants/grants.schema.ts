import { z } from 'zod';
import { numberish } from '../http';
import { hasAtMostTwoDecimals, MAX_BUDGET_EUROS } from '../money';
import { GRANT_NAME_MAX, GRANT_REFERENCE_MAX } from './grants.constants';

/** Budgets: > 0, ≤ 999 999, at most two decimals (docs/api-rules.md §8). */
export const budgetSchema = numberish(
  z
    .number()
    .positive()
    .max(MAX_BUDGET_EUROS)
    .refine(hasAtMostTwoDecimals, { message: 'At most two decimals' }),
);

export const grantSchema = z.object({
  id: z.number(),
  name: z.string(),
  reference: z.string(),
  budget: z.number(),
  income: z.number(),
  expenses: z.number(),
  regulation: z.object({ id: z.number(), name: z.string() }),
  funder: z.object({ id: z.number(), name: z.string() }),
  overseers: z.array(
    z.object({
      id: z.number(),
      email: z.string().optional(),
      first_name: z.string().nullable(),
      last_name: z.string().nullable(),
    }),
  ),
  initiatives: z.array(z.object({ id: z.number(), name: z.string() })),
  verantwoordelijk: z.string().optional(),
  verantwoordelijkheid: z.string().optional(),
});
export type Grant = z.infer<typeof grantSchema>;

export const grantBody = z.object({
  name: z.string().trim().min(1).max(GRANT_NAME_MAX),
  reference: z.string().trim().min(1).max(GRANT_REFERENCE_MAX),
  budget: budgetSchema,
});
export const grantPatch = grantBody.partial();
