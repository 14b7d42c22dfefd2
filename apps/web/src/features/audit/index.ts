/** Public entry of the audit feature: the history panel the entity pages show administrators. */
export { HistoryPanel } from './HistoryPanel';
export { useHistoryEarly } from './api';
