/**
 * The charts of a 'Grafieken' panel, each with its loading, error and empty state. Loaded with
 * its catalog only when the panel opens (ChartsPanel).
 */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../components/ui/Alert';
import { Button } from '../../components/ui/Button';
import { Spinner } from '../../components/ui/Spinner';
import { errorText } from '../../lib/error-text';
import { useFunderGrants, useRegulationInitiatives, useSpendingOverTime } from './api';
import { BarChart } from './BarChart';
import { LineChart } from './LineChart';
import type { ChartSpec } from './specs';
import styles from './charts.module.css';

type Level = 3 | 4;

interface Loaded<T> {
  isPending: boolean;
  error: unknown;
  data: T | undefined;
  refetch: () => unknown;
}

/** A chart whose data loads: a spinner, an error with a retry, or the chart. */
function Loading<T>({ query, children }: { query: Loaded<T>; children: (data: T) => ReactNode }) {
  const { t } = useTranslation('charts');
  if (query.data !== undefined) return children(query.data);
  if (query.error) {
    return (
      <Alert>
        {t('error', { message: errorText(query.error) })}
        <div>
          <Button variant="secondary" onClick={() => void query.refetch()}>
            {t('retry')}
          </Button>
        </div>
      </Alert>
    );
  }
  return <Spinner label={t('loading')} />;
}

function Cumulative({ initiativeId, level }: { initiativeId: number; level: Level }) {
  const { t } = useTranslation('charts');
  const query = useSpendingOverTime(initiativeId);
  return (
    <Loading query={query}>
      {(periods) => (
        <LineChart
          title={t('cumulative.title')}
          emptyText={t('cumulative.empty')}
          periods={periods}
          level={level}
        />
      )}
    </Loading>
  );
}

function Initiatives({
  funderId,
  regulationId,
  level,
}: {
  funderId: number;
  regulationId: number;
  level: Level;
}) {
  const { t } = useTranslation('charts');
  const query = useRegulationInitiatives(funderId, regulationId);
  return (
    <Loading query={query}>
      {(items) => (
        <BarChart
          title={t('initiatives.title')}
          nameHeader={t('initiatives.name')}
          groupHeader={t('initiatives.group')}
          emptyText={t('initiatives.empty')}
          items={items}
          level={level}
        />
      )}
    </Loading>
  );
}

function Grants({
  funderId,
  regulationIds,
  level,
}: {
  funderId: number;
  regulationIds: number[];
  level: Level;
}) {
  const { t } = useTranslation('charts');
  const query = useFunderGrants(funderId, regulationIds);
  return (
    <Loading query={query}>
      {(items) => (
        <BarChart
          title={t('grants.title')}
          nameHeader={t('grants.name')}
          groupHeader={t('grants.group')}
          emptyText={t('grants.empty')}
          items={items}
          level={level}
        />
      )}
    </Loading>
  );
}

export function ChartsBody({ charts, level }: { charts: ChartSpec[]; level: Level }) {
  const { t } = useTranslation('charts');
  return (
    <div className={styles.charts}>
      {charts.map((chart) => {
        switch (chart.type) {
          case 'activities':
            return (
              <BarChart
                key={chart.type}
                title={t('activities.title')}
                nameHeader={t('activities.name')}
                emptyText={t('activities.empty')}
                items={chart.items}
                level={level}
              />
            );
          case 'cumulative':
            return <Cumulative key={chart.type} initiativeId={chart.initiativeId} level={level} />;
          case 'initiatives':
            return (
              <Initiatives
                key={chart.type}
                funderId={chart.funderId}
                regulationId={chart.regulationId}
                level={level}
              />
            );
          case 'grants':
            return (
              <Grants
                key={chart.type}
                funderId={chart.funderId}
                regulationIds={chart.regulationIds}
                level={level}
              />
            );
        }
      })}
    </div>
  );
}
