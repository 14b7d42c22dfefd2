/**
 * 'Exporteren' on the Transactieoverzicht tab: the listed payments with the current filter as a
 * CSV or Excel file (GET …/export?format=csv|xlsx). A link cannot send the bearer token, so a
 * logged-in user's file is fetched with it and saved through a Blob URL (the account columns
 * come only with the token); an anonymous visitor gets plain download links.
 */
import { buildPath } from '@helder/shared/http/client';
import type { ExportFormat } from '@helder/shared/payments';
import { paymentsRoutes } from '@helder/shared/payments/client';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../components/ui/Alert';
import { Button } from '../../components/ui/Button';
import buttonStyles from '../../components/ui/Button.module.css';
import { API_BASE } from '../../lib/api';
import { useSession } from '../auth';
import { downloadWithToken } from '../../lib/download';
import { filterToSearch, type PaymentsListFilter } from './filters';
import styles from './chips.module.css';
import type { PaymentsScope } from './schemas';

const FORMATS = ['csv', 'xlsx'] as const satisfies readonly ExportFormat[];

/** The export URL of a scope with the list's filter and the format. */
function exportUrl(
  { initiativeId, activityId }: PaymentsScope,
  filter: PaymentsListFilter,
  format: ExportFormat,
): string {
  const path =
    activityId === undefined
      ? buildPath(paymentsRoutes.initiativeExport.path, { initiativeId })
      : buildPath(paymentsRoutes.activityExport.path, { initiativeId, activityId });
  const search = filterToSearch(filter);
  search.set('format', format);
  return `${API_BASE}${path}?${search.toString()}`;
}

export interface ExportMenuProps {
  scope: PaymentsScope;
  filter: PaymentsListFilter;
}

export function ExportMenu({ scope, filter }: ExportMenuProps) {
  const { t } = useTranslation('payments');
  const labelId = useId();
  const token = useSession()?.token ?? null;
  const [busy, setBusy] = useState<ExportFormat | null>(null);
  const [failed, setFailed] = useState(false);
  const label = (format: ExportFormat) => t(format === 'csv' ? 'export.csv' : 'export.xlsx');
  const fallbackName = (format: ExportFormat) =>
    `transacties-${scope.activityId ?? scope.initiativeId}.${format}`;

  const download = async (format: ExportFormat) => {
    if (!token || busy) return;
    setBusy(format);
    setFailed(false);
    try {
      await downloadWithToken(exportUrl(scope, filter, format), token, fallbackName(format));
    } catch {
      setFailed(true);
    } finally {
      setBusy(null);
    }
  };

  return (
    <>
      <div role="group" aria-labelledby={labelId} className={styles.chips}>
        <span id={labelId} className={styles.chipsLabel}>
          {t('export.label')}
        </span>
        {FORMATS.map((format) =>
          token ? (
            <Button
              key={format}
              variant="secondary"
              busy={busy === format}
              onClick={() => void download(format)}
            >
              {label(format)}
            </Button>
          ) : (
            <a
              key={format}
              className={`${buttonStyles.button} ${buttonStyles.secondary}`}
              href={exportUrl(scope, filter, format)}
              download={fallbackName(format)}
            >
              {label(format)}
            </a>
          ),
        )}
      </div>
      {failed ? <Alert>{t('export.failed')}</Alert> : null}
    </>
  );
}
