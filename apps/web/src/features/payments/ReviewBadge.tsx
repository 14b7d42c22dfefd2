/**
 * The funder's review of an expense as a badge (docs/api-rules.md §20): 'Goedgekeurd',
 * 'Afgekeurd' or 'Te beoordelen'. Colour is never the only sign: the badge says it in words.
 */
import type { Review } from '@helder/shared/payments';
import { useTranslation } from 'react-i18next';
import styles from './review.module.css';

export function ReviewBadge({ status }: { status: Review['status'] }) {
  const { t } = useTranslation('payments');
  return (
    <span className={`${styles.badge} ${styles[status]}`} data-review={status}>
      {t(`review.statuses.${status}`)}
    </span>
  );
}
