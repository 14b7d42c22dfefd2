/**
 * 'Geschiedenis': who changed which field of an entity from what to what, and when, newest first,
 * for administrators. Collapsed until asked for, so that a page costs no request for it. Loaded
 * by HistoryPanel for administrators only.
 */
import type { AuditEntry } from '@helder/shared/audit';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../components/ui/Alert';
import { Button } from '../../components/ui/Button';
import { CollapsiblePanel } from '../../components/ui/CollapsiblePanel';
import { Spinner } from '../../components/ui/Spinner';
import { formatDateTime } from '../../lib/dates';
import { errorText } from '../../lib/error-text';
import { useHistory } from './api';
import styles from './audit.module.css';
import { fieldLabel, valueText } from './values';

import type { HistoryPanelProps } from './HistoryPanel';

function Entry({ entry }: { entry: AuditEntry }) {
  const { t, i18n } = useTranslation('audit');
  const who = entry.actor
    ? (entry.actor.name ?? t('deletedUser', { id: entry.actor.id }))
    : t('system');
  // A creation lists every field, also those left empty: only what reads as a change is shown.
  const changes = Object.entries(entry.changes)
    .map(([field, change]) => ({
      field,
      from: valueText(field, change.from, t),
      to: valueText(field, change.to, t),
    }))
    .filter((change) => change.from !== change.to);
  return (
    <li className={styles.entry}>
      <p className={styles.summary}>
        <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>{' '}
        <span className={styles.action}>{t(`actions.${entry.action}`)}</span>{' '}
        <span>{t('by', { name: who })}</span>
      </p>
      {changes.length > 0 ? (
        <ul className={styles.changes}>
          {changes.map(({ field, from, to }) => (
            <li key={field}>
              {t('change', {
                field: fieldLabel(field, t, i18n),
                from,
                to,
                interpolation: { escapeValue: false },
              })}
            </li>
          ))}
        </ul>
      ) : null}
    </li>
  );
}

function HistoryList({ entityClass, entityId }: HistoryPanelProps) {
  const { t } = useTranslation('audit');
  const history = useHistory(entityClass, entityId, true);
  if (history.isPending) return <Spinner label={t('loading')} />;
  const failed = history.isError ? (
    <div className={styles.state}>
      <Alert>{t('error', { message: errorText(history.error) })}</Alert>
      <Button
        variant="secondary"
        onClick={() =>
          void (history.isFetchNextPageError ? history.fetchNextPage() : history.refetch())
        }
      >
        {t('retry')}
      </Button>
    </div>
  ) : null;
  // A failed first page has no entries to show; a failed next page keeps those read so far.
  if (!history.data) return failed;
  const entries = history.data.pages.flatMap((page) => page.entries);
  if (entries.length === 0) return <p className={styles.state}>{t('empty')}</p>;
  return (
    <>
      <ol className={styles.entries} aria-label={t('listLabel')}>
        {entries.map((entry) => (
          <Entry key={entry.id} entry={entry} />
        ))}
      </ol>
      {failed}
      {history.hasNextPage && !history.isError ? (
        <Button
          variant="secondary"
          busy={history.isFetchingNextPage}
          onClick={() => void history.fetchNextPage()}
        >
          {history.isFetchingNextPage ? t('moreLoading') : t('more')}
        </Button>
      ) : null}
    </>
  );
}

export function HistoryBody({ level = 2, ...props }: HistoryPanelProps) {
  const { t } = useTranslation('audit');
  return (
    <CollapsiblePanel heading={t('heading')} level={level} bodyClassName={styles.body}>
      <HistoryList {...props} />
    </CollapsiblePanel>
  );
}
