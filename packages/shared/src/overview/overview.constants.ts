/** The files of a funder's overview (docs/api-rules.md §18). */
export const OVERVIEW_FORMATS = ['json', 'xlsx', 'csv', 'pdf'] as const;
export type OverviewFormat = (typeof OVERVIEW_FORMATS)[number];
/** Why an initiative is among the exceptions, in the order they are listed. */
export const OVERVIEW_EXCEPTIONS = ['over_budget', 'missing_receipts'] as const;
export type OverviewException = (typeof OVERVIEW_EXCEPTIONS)[number];
