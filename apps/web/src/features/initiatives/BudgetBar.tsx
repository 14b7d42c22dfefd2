import { formatEuro } from '@helder/shared/money';
import { useTranslation } from 'react-i18next';
import { budgetFigures, type Money } from './figures';
import styles from './budget.module.css';

/**
 * The budget bar (docs/spec-map.md §2.6): its width split between spent and available (50/50 when
 * both are zero). Its text alternative names both amounts.
 */
export function BudgetBar({ money }: { money: Money }) {
  const { t } = useTranslation('initiatives');
  const figures = budgetFigures(money);
  const spentPercent = `${(figures.spentShare * 100).toFixed(2)}%`;
  return (
    <div
      role="img"
      className={styles.bar}
      aria-label={t('budget.bar', {
        spent: formatEuro(figures.spent),
        available: formatEuro(figures.available),
      })}
      data-spent-share={figures.spentShare}
      data-over={figures.overspent > 0}
    >
      <span className={styles.barSpent} style={{ width: spentPercent }} />
      <span className={styles.barAvailable} />
    </div>
  );
}
