import { centsToEuros } from '@helder/shared/money';

type Cents = Parameters<typeof centsToEuros>[0];

/**
 * A budget with the income and expenses booked against it, as every response gives them: in
 * euros (docs/api-rules.md §8), in this order.
 */
export const figuresInEuros = (row: {
  budgetCents: Cents;
  incomeCents: Cents;
  expensesCents: Cents;
}) => ({
  budget: centsToEuros(row.budgetCents),
  income: centsToEuros(row.incomeCents),
  expenses: centsToEuros(row.expensesCents),
});
