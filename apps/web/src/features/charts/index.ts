/** Public entry of the charts feature: the lazily loaded 'Grafieken' panel of a page. */
export { ChartsPanel } from './ChartsPanel';
export type { ChartSpec } from './specs';
