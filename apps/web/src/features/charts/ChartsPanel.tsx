/**
 * 'Grafieken': a page's public charts, collapsed until asked for. The charts, their catalog and
 * their data load only when it is opened, so no page's first load carries them
 * (docs/decisions/0027).
 */
import { lazy, Suspense, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../components/ui/Spinner';
import type { ChartSpec } from './specs';
import styles from './panel.module.css';

const ChartsBody = lazy(() =>
  import('./ChartsBody').then(({ ChartsBody }) => ({ default: ChartsBody })),
);

export interface ChartsPanelProps {
  charts: ChartSpec[];
  /** The panel heading's level where it sits: 2 on a page, 3 inside a section with an h2. */
  level?: 2 | 3;
}

export function ChartsPanel({ charts, level = 2 }: ChartsPanelProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const bodyId = useId();
  const Heading = level === 2 ? 'h2' : 'h3';
  return (
    <section className={styles.panel} aria-labelledby={`${bodyId}-heading`}>
      <Heading id={`${bodyId}-heading`} className={styles.panelHeading}>
        <button
          type="button"
          className={styles.toggle}
          aria-expanded={open}
          aria-controls={bodyId}
          onClick={() => setOpen((was) => !was)}
        >
          <span aria-hidden="true" className={styles.chevron} data-open={open} />
          {t('charts.heading')}
        </button>
      </Heading>
      <div id={bodyId} hidden={!open} className={styles.body}>
        {open ? (
          <Suspense fallback={<Spinner label={t('charts.loading')} />}>
            <ChartsBody charts={charts} level={level === 2 ? 3 : 4} />
          </Suspense>
        ) : null}
      </div>
    </section>
  );
}
