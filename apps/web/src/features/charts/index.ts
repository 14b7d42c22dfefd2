/** Public entry of the charts feature: the lazily loaded 'Grafieken' panel of a page. */
export { ChartsPanel } from './ChartsPanel';
export { spentOf, type BudgetItem, type ChartSpec } from './specs';
