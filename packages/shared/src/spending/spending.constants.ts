/** The periods spending over time is summed by (docs/api-rules.md §21); `month` by default. */
export const SPENDING_INTERVALS = ['week', 'month', 'year'] as const;
export type SpendingInterval = (typeof SPENDING_INTERVALS)[number];
