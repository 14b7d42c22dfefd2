/**
 * The grant form (docs/spec-map.md §5): reference and name required (at most 128 characters);
 * budget an amount (a comma decimal is fine): empty or zero 'Vul een begroting in.', negative
 * 'Begroting mag niet negatief zijn.', above 999 999 'Het bedrag is te hoog, vul een lager bedrag
 * in.'. Messages are keys of the `grants` namespace.
 */
import { GRANT_NAME_MAX, GRANT_REFERENCE_MAX } from '@helder/shared/grants/client';
import { hasAtMostTwoDecimals, MAX_BUDGET_EUROS, parseAmount } from '@helder/shared/money';
import { z } from 'zod';

export type GrantMessageKey =
  | 'validation.nameRequired'
  | 'validation.nameTooLong'
  | 'validation.referenceRequired'
  | 'validation.referenceTooLong'
  | 'validation.budgetRequired'
  | 'validation.budgetInvalid'
  | 'validation.budgetNegative'
  | 'validation.budgetTooHigh'
  | 'validation.budgetDecimals';

const message = (key: GrantMessageKey) => ({ message: key });

/** The first budget rule that fails, or null when the amount is fine. */
function budgetProblem(amount: number | null): GrantMessageKey | null {
  if (amount === null) return 'validation.budgetRequired';
  if (Number.isNaN(amount)) return 'validation.budgetInvalid';
  if (amount < 0) return 'validation.budgetNegative';
  if (amount === 0) return 'validation.budgetRequired';
  if (amount > MAX_BUDGET_EUROS) return 'validation.budgetTooHigh';
  if (!hasAtMostTwoDecimals(amount)) return 'validation.budgetDecimals';
  return null;
}

export const grantFormSchema = z.object({
  reference: z
    .string()
    .trim()
    .min(1, message('validation.referenceRequired'))
    .max(GRANT_REFERENCE_MAX, message('validation.referenceTooLong')),
  name: z
    .string()
    .trim()
    .min(1, message('validation.nameRequired'))
    .max(GRANT_NAME_MAX, message('validation.nameTooLong')),
  budget: z.string().transform((text, ctx) => {
    const amount = parseAmount(text);
    const problem = budgetProblem(amount);
    if (problem !== null || amount === null) {
      ctx.addIssue({ code: 'custom', ...message(problem ?? 'validation.budgetRequired') });
      return z.NEVER;
    }
    return amount;
  }),
});
export type GrantFormValues = z.input<typeof grantFormSchema>;
export type GrantFormOutput = z.output<typeof grantFormSchema>;
