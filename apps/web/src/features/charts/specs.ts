/**
 * What a page asks the charts panel to show; the panel loads the data it does not pass. Types
 * only: nothing of the charts but the panel is in a page's first load.
 */

/** A budget and the expenses booked against it, in euros as the API gives them (≤ 0). */
export interface BudgetItem {
  id: number;
  label: string;
  /** What the item belongs to (an initiative's grant, a grant's regulation), if shown. */
  group?: string;
  budget: number;
  expenses: number;
}

export type ChartSpec =
  /** Budget against spent per activity of an initiative (from the initiative's answer). */
  | { type: 'activities'; items: BudgetItem[] }
  /** An initiative's cumulative spending over time (loaded). */
  | { type: 'cumulative'; initiativeId: number }
  /** Budget against spent per initiative of a regulation (loaded). */
  | { type: 'initiatives'; funderId: number; regulationId: number }
  /** Budget against spent per grant of a funder's regulations (loaded). */
  | { type: 'grants'; funderId: number; regulationIds: number[] };
