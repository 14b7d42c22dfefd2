/** What a page asks the charts panel to show; the panel loads the data it does not pass. */

/** A budget and what was spent of it, in euros (spent ≥ 0). */
export interface BudgetItem {
  id: number;
  label: string;
  /** What the item belongs to (an initiative's grant, a grant's regulation), if shown. */
  group?: string;
  budget: number;
  spent: number;
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

/** Spent as the charts show it: the expenses (≤ 0) turned positive. */
export const spentOf = (expenses: number) => Math.max(-expenses, 0);
