/**
 * Budget against spent per item, as pairs of horizontal bars on one scale: the budget grey, the
 * spent part blue, red beyond the budget. Each row names its amounts in text too, so no colour is
 * the only carrier; the numbers are also a table (TableToggle).
 */
import { formatEuro } from '@helder/shared/money';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { BudgetItem } from './specs';
import { spentOf } from './spent';
import { TableToggle } from './TableToggle';
import styles from './charts.module.css';

export interface BarChartProps {
  title: string;
  /** The name column's header ('Activiteit', 'Initiatief', 'Beschikking'). */
  nameHeader: string;
  /** The group column's header, when the items have groups. */
  groupHeader?: string;
  emptyText: string;
  items: BudgetItem[];
  level: 3 | 4;
}

const sum = (values: number[]) => Math.round(values.reduce((s, v) => s + v * 100, 0)) / 100;

export function BarChart({
  title,
  nameHeader,
  groupHeader,
  emptyText,
  items: given,
  level,
}: BarChartProps) {
  const { t } = useTranslation('charts');
  const id = useId();
  const Heading = level === 3 ? 'h3' : 'h4';
  const items = given.map((item) => ({ ...item, spent: spentOf(item.expenses) }));
  const max = Math.max(0, ...items.flatMap((item) => [item.budget, item.spent]));
  const width = (euros: number) => (max === 0 ? 0 : (euros / max) * 100);
  const budget = sum(items.map((item) => item.budget));
  const spent = sum(items.map((item) => item.spent));
  return (
    <figure className={styles.chart} aria-labelledby={`${id}-title`}>
      <Heading id={`${id}-title`} className={styles.chartTitle}>
        {title}
      </Heading>
      {items.length === 0 ? (
        <p className={styles.muted}>{emptyText}</p>
      ) : (
        <>
          <p id={`${id}-summary`} className={styles.summary}>
            {t('bars.summary', { budget: formatEuro(budget), spent: formatEuro(spent) })}
          </p>
          <ul className={styles.legend} aria-hidden="true">
            <li>
              <span className={`${styles.swatch} ${styles.budgetFill}`} />
              {t('budget')}
            </li>
            <li>
              <span className={`${styles.swatch} ${styles.spentFill}`} />
              {t('spent')}
            </li>
            <li>
              <span className={`${styles.swatch} ${styles.overFill}`} />
              {t('over')}
            </li>
          </ul>
          <div
            role="img"
            aria-labelledby={`${id}-title ${id}-summary`}
            className={styles.bars}
            data-testid="bar-chart"
          >
            {items.map((item) => {
              const over = item.spent > item.budget;
              return (
                <div key={item.id} className={styles.barRow}>
                  <span className={styles.barLabel}>
                    {item.label}
                    {item.group ? <span className={styles.muted}> · {item.group}</span> : null}
                  </span>
                  <svg
                    className={styles.barSvg}
                    viewBox="0 0 100 20"
                    preserveAspectRatio="none"
                    aria-hidden="true"
                  >
                    <rect
                      className={styles.budgetFill}
                      x="0"
                      y="0"
                      height="9"
                      width={width(item.budget)}
                    />
                    <rect
                      className={over ? styles.overFill : styles.spentFill}
                      x="0"
                      y="11"
                      height="9"
                      width={width(item.spent)}
                    />
                  </svg>
                  <span className={styles.barValues}>
                    {t('bars.values', {
                      budget: formatEuro(item.budget),
                      spent: formatEuro(item.spent),
                    })}
                    {over ? <strong className={styles.overText}> {t('over')}</strong> : null}
                  </span>
                </div>
              );
            })}
          </div>
          <TableToggle caption={title}>
            <thead>
              <tr>
                <th scope="col">{nameHeader}</th>
                {groupHeader ? <th scope="col">{groupHeader}</th> : null}
                <th scope="col" className={styles.amount}>
                  {t('budget')}
                </th>
                <th scope="col" className={styles.amount}>
                  {t('spent')}
                </th>
              </tr>
            </thead>
            <tbody>
              {items.map((item) => (
                <tr key={item.id}>
                  <th scope="row">{item.label}</th>
                  {groupHeader ? <td>{item.group}</td> : null}
                  <td className={styles.amount}>{formatEuro(item.budget)}</td>
                  <td className={styles.amount}>{formatEuro(item.spent)}</td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <th scope="row" colSpan={groupHeader ? 2 : 1}>
                  {t('total')}
                </th>
                <td className={styles.amount}>{formatEuro(budget)}</td>
                <td className={styles.amount}>{formatEuro(spent)}</td>
              </tr>
            </tfoot>
          </TableToggle>
        </>
      )}
    </figure>
  );
}
