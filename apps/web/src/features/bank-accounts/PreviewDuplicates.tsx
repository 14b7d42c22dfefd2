/**
 * Under an account's counts in the preview: the lines the import takes for payments the
 * account already holds, each as that payment, so a user can check that nothing real is being
 * passed over. Folded away, as a re-imported file can have hundreds.
 */
import type { StatementPreview } from '@helder/shared/bank-accounts';
import { formatEuro } from '@helder/shared/money';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../lib/dates';
import styles from './bank-accounts.module.css';

type AccountPreview = StatementPreview['accounts'][number];

export function PreviewDuplicates({ account }: { account: AccountPreview }) {
  const { t, i18n } = useTranslation('bank-accounts');
  const language = i18n.resolvedLanguage ?? 'nl';
  const total = account.duplicate_count;
  if (total === 0) return null;
  // Absent from a server older than the list: the count stands alone.
  const shown = account.duplicates;
  const rest = total - (shown?.length ?? 0);
  return (
    <details className={styles.duplicates}>
      <summary>{t('preview.duplicatesShow', { count: total })}</summary>
      {shown === undefined ? (
        <p className={styles.muted}>{t('preview.duplicatesMissing')}</p>
      ) : (
        <>
          <p className={styles.muted}>{t('preview.duplicatesIntro')}</p>
          <ul className={styles.duplicateList}>
            {shown.map((d) => (
              <li key={d.payment_id}>
                {formatDate(d.booking_date, language)}
                {' · '}
                <span className={styles.duplicateAmount}>{formatEuro(d.amount)}</span>
                {' · '}
                {d.counterparty ?? t('preview.noCounterparty')}
                {d.description ? ` · ${d.description}` : null}
                {' · '}
                <span className={styles.muted}>
                  {t('preview.duplicatePayment', { id: d.payment_id })}
                </span>
              </li>
            ))}
          </ul>
          {rest > 0 ? (
            <p className={styles.muted}>{t('preview.duplicatesMore', { count: rest })}</p>
          ) : null}
        </>
      )}
    </details>
  );
}
