/**
 * Cumulative spending over time: a line from nothing spent to what is spent by the end of each
 * month, on a scale from 0 to the total. The axis ends are named in text; every month's numbers
 * are also a table (TableToggle).
 */
import { LOCALE_TAGS } from '@helder/shared/languages';
import { formatEuro } from '@helder/shared/money';
import type { SpendingPeriod } from '@helder/shared/spending';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { isLanguage } from '../../lib/i18n';
import { spentOf } from './spent';
import { TableToggle } from './TableToggle';
import styles from './charts.module.css';

/** A month's first day as 'mrt 2026' in the reader's language. */
function monthText(period: string, language: string) {
  return new Intl.DateTimeFormat(isLanguage(language) ? LOCALE_TAGS[language] : LOCALE_TAGS.nl, {
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${period}T00:00:00Z`));
}

export interface LineChartProps {
  title: string;
  emptyText: string;
  periods: SpendingPeriod[];
  level: 3 | 4;
}

export function LineChart({ title, emptyText, periods, level }: LineChartProps) {
  const { t, i18n } = useTranslation('charts');
  const id = useId();
  const Heading = level === 3 ? 'h3' : 'h4';
  const total = spentOf(periods.at(-1)?.cumulative_expenses ?? 0);
  // From nothing spent before the first month to the total after the last.
  const points = [
    [0, 100],
    ...periods.map((p, i) => [
      ((i + 1) / periods.length) * 100,
      100 - (total === 0 ? 0 : (spentOf(p.cumulative_expenses) / total) * 95),
    ]),
  ]
    .map(([x, y]) => `${x!.toFixed(2)},${y!.toFixed(2)}`)
    .join(' ');
  const first = periods[0];
  const last = periods.at(-1);
  return (
    <figure className={styles.chart} aria-labelledby={`${id}-title`}>
      <Heading id={`${id}-title`} className={styles.chartTitle}>
        {title}
      </Heading>
      {!first || !last ? (
        <p className={styles.muted}>{emptyText}</p>
      ) : (
        <>
          <p id={`${id}-summary`} className={styles.summary}>
            {t('cumulative.summary', {
              total: formatEuro(total),
              from: monthText(first.period, i18n.language),
              to: monthText(last.period, i18n.language),
            })}
          </p>
          <div
            role="img"
            aria-labelledby={`${id}-title ${id}-summary`}
            className={styles.line}
            data-testid="line-chart"
          >
            <span className={styles.axisMax}>{formatEuro(total)}</span>
            <svg
              className={styles.lineSvg}
              viewBox="0 0 100 100"
              preserveAspectRatio="none"
              aria-hidden="true"
            >
              <line className={styles.axis} x1="0" y1="100" x2="100" y2="100" />
              <line className={styles.axis} x1="0" y1="0" x2="0" y2="100" />
              <polyline className={styles.lineStroke} points={points} />
            </svg>
            <span className={styles.axisZero}>{formatEuro(0)}</span>
            <span className={styles.axisFrom}>{monthText(first.period, i18n.language)}</span>
            <span className={styles.axisTo}>{monthText(last.period, i18n.language)}</span>
          </div>
          <TableToggle caption={title}>
            <thead>
              <tr>
                <th scope="col">{t('cumulative.period')}</th>
                <th scope="col" className={styles.amount}>
                  {t('cumulative.expenses')}
                </th>
                <th scope="col" className={styles.amount}>
                  {t('cumulative.total')}
                </th>
              </tr>
            </thead>
            <tbody>
              {periods.map((p) => (
                <tr key={p.period}>
                  <th scope="row">{monthText(p.period, i18n.language)}</th>
                  <td className={styles.amount}>{formatEuro(spentOf(p.expenses))}</td>
                  <td className={styles.amount}>{formatEuro(spentOf(p.cumulative_expenses))}</td>
                </tr>
              ))}
            </tbody>
          </TableToggle>
        </>
      )}
    </figure>
  );
}
