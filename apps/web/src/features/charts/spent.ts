/** Spent as the charts show it: the expenses (≤ 0, docs/api-rules.md §8) turned positive. */
export const spentOf = (expenses: number) => Math.max(-expenses, 0);
