import { formatEuro } from '@helder/shared/money';
import { useTranslation } from 'react-i18next';
import { WarningIcon } from '../../components/ui/icons';
import styles from './budget.module.css';

/**
 * Spending beyond the budget: 'Beschikbaar € 0,00' alone would hide it. In words and an icon,
 * never in colour alone.
 */
export function OverBudget({ amount }: { amount: number }) {
  const { t } = useTranslation('initiatives');
  if (amount <= 0) return null;
  return (
    <span className={styles.overBudget}>
      <WarningIcon size={16} />
      {t('budget.overspent', { amount: formatEuro(amount) })}
    </span>
  );
}
