/**
 * 'Grafieken': a page's public charts, collapsed until asked for. The charts, their catalog and
 * their data load only when it is opened, so no page's first load carries them
 * (docs/decisions/0027).
 */
import { lazy } from 'react';
import { useTranslation } from 'react-i18next';
import { CollapsiblePanel } from '../../components/ui/CollapsiblePanel';
import { Spinner } from '../../components/ui/Spinner';
import type { ChartSpec } from './specs';

const ChartsBody = lazy(() =>
  import('./ChartsBody').then(({ ChartsBody }) => ({ default: ChartsBody })),
);

export interface ChartsPanelProps {
  charts: ChartSpec[];
  /** The panel heading's level where it sits: 2 on a page, 3 inside a section with an h2. */
  level?: 2 | 3;
  /** Where a page has two panels, each says whose charts it holds; 'Grafieken' otherwise. */
  heading?: string;
}

export function ChartsPanel({ charts, level = 2, heading }: ChartsPanelProps) {
  const { t } = useTranslation();
  return (
    <CollapsiblePanel
      heading={heading ?? t('charts.heading')}
      level={level}
      fallback={<Spinner label={t('charts.loading')} />}
    >
      <ChartsBody charts={charts} level={level === 2 ? 3 : 4} />
    </CollapsiblePanel>
  );
}
