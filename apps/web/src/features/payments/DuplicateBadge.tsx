/**
 * 'Mogelijk dubbel' beside an imported line the import kept although it looks like another line
 * of the same account (docs/api-rules.md §13). The other line is named in the badge's title for
 * a pointer, and in hidden text for a screen reader, which a title does not reliably reach.
 */
import type { PossibleDuplicate } from '@helder/shared/payments';
import { useTranslation } from 'react-i18next';
import { formatEuro } from '@helder/shared/money';
import { formatBookingDate } from '../../lib/dates';
import styles from './review.module.css';

export function DuplicateBadge({ of }: { of: PossibleDuplicate }) {
  const { t } = useTranslation('payments');
  const other = [
    formatBookingDate(`${of.booking_date}T12:00:00Z`),
    of.counterparty,
    formatEuro(of.amount),
    of.description,
  ]
    .filter(Boolean)
    .join(' · ');
  const title = t('duplicate.title', { other });
  return (
    <span
      className={`${styles.badge} ${styles.duplicate}`}
      title={title}
      data-duplicate-of={of.payment_id}
    >
      {t('duplicate.badge')}
      <span className="visually-hidden">: {title}</span>
    </span>
  );
}
