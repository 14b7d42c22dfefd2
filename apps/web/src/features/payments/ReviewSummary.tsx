/**
 * How much of the initiative's spending the funder reviewed (docs/api-rules.md §20):
 * 'Beoordeeld € … van € …: goedgekeurd € …, afgekeurd € …'. Shown to who sees reviews while the
 * regulation has them; loaded apart from the tab, so visitors never fetch it.
 */
import { formatEuro } from '@helder/shared/money';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { reviewSummaryQuery } from './api';
import styles from './review.module.css';

export function ReviewSummary({ initiativeId }: { initiativeId: number }) {
  const { t } = useTranslation('payments');
  const { data } = useQuery(reviewSummaryQuery(initiativeId));
  const summary = data?.summary;
  if (!summary) return null;
  return (
    <p className={styles.summary} aria-label={t('review.summaryLabel')} role="note">
      {t('review.summary', {
        reviewed: formatEuro(summary.reviewed.amount),
        total: formatEuro(summary.expenses.amount),
        approved: formatEuro(summary.approved.amount),
        rejected: formatEuro(summary.rejected.amount),
      })}
    </p>
  );
}
