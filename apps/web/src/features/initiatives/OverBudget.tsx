import { formatEuro } from '@helder/shared/money';
import { useTranslation } from 'react-i18next';
import styles from './initiatives.module.css';

const WarningIcon = () => (
  <svg
    width={16}
    height={16}
    viewBox="0 0 24 24"
    fill="none"
    stroke="currentColor"
    strokeWidth={2}
    strokeLinecap="round"
    strokeLinejoin="round"
    aria-hidden="true"
    focusable="false"
  >
    <path d="M12 3 2 21h20L12 3Z" />
    <path d="M12 10v5M12 18v.01" />
  </svg>
);

/**
 * Spending beyond the budget: 'Beschikbaar € 0,00' alone would hide it. In words and an icon,
 * never in colour alone.
 */
export function OverBudget({ amount }: { amount: number }) {
  const { t } = useTranslation('initiatives');
  if (amount <= 0) return null;
  return (
    <span className={styles.overBudget}>
      <WarningIcon />
      {t('budget.overspent', { amount: formatEuro(amount) })}
    </span>
  );
}
