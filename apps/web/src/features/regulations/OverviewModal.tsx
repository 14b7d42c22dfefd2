/**
 * The modal of 'Overzicht downloaden' (OverviewButton): the funder's overview of a regulation or
 * a grant as Excel, CSV or a PDF report, in the reader's language, fetched with the token and saved.
 */
import { buildPath } from '@helder/shared/http/client';
import { overviewRoutes } from '@helder/shared/overview/client';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../components/ui/Alert';
import { Button } from '../../components/ui/Button';
import { RadioGroupField } from '../../components/ui/ChoiceFields';
import { Form, FormActions } from '../../components/ui/Form';
import { Modal } from '../../components/ui/Modal';
import { API_BASE } from '../../lib/api';
import { useSession } from '../auth';
import { DownloadError, downloadWithToken } from '../../lib/download';
import { isLanguage } from '../../lib/i18n';

const FILE_FORMATS = ['xlsx', 'csv', 'pdf'] as const;
type FileFormat = (typeof FILE_FORMATS)[number];

/** A regulation's overview, or one grant's. */
export interface OverviewScope {
  regulationId: number;
  grantId?: number | undefined;
}

function overviewUrl(scope: OverviewScope, format: FileFormat, lang: string) {
  const path =
    scope.grantId === undefined
      ? buildPath(overviewRoutes.regulation.path, { funderId: 0, regulationId: scope.regulationId })
      : buildPath(overviewRoutes.grant.path, {
          funderId: 0,
          regulationId: scope.regulationId,
          grantId: scope.grantId,
        });
  const language = isLanguage(lang) ? lang : 'nl';
  return `${API_BASE}${path}?${new URLSearchParams({ format, lang: language }).toString()}`;
}

interface FormProps {
  scope: OverviewScope;
  onDone: () => void;
  onBusy: (busy: boolean) => void;
}

function OverviewForm({ scope, onDone, onBusy }: FormProps) {
  const { t, i18n } = useTranslation('regulations');
  const token = useSession()?.token ?? null;
  const [format, setFormat] = useState<FileFormat>('xlsx');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<'failed' | 'forbidden' | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setProblem(null);
    setBusy(true);
    onBusy(true);
    try {
      const id = scope.grantId ?? scope.regulationId;
      await downloadWithToken(
        overviewUrl(scope, format, i18n.language),
        token,
        `overzicht-${id}.${format}`,
      );
      onDone();
    } catch (error) {
      const status = error instanceof DownloadError ? error.status : 0;
      setProblem(status === 403 || status === 404 ? 'forbidden' : 'failed');
    } finally {
      setBusy(false);
      onBusy(false);
    }
  };

  return (
    <Form aria-label={t('overview.title')} onSubmit={(e) => void submit(e)}>
      <p>{t('overview.intro')}</p>
      <RadioGroupField
        legend={t('overview.format')}
        name="format"
        options={FILE_FORMATS.map((value) => ({ value, label: t(`overview.formats.${value}`) }))}
        selected={format}
        onChange={(e) => setFormat(e.target.value as FileFormat)}
      />
      {problem ? <Alert>{t(`overview.errors.${problem}`)}</Alert> : null}
      <FormActions align="end">
        <Button variant="secondary" onClick={onDone} disabled={busy}>
          {t('overview.cancel')}
        </Button>
        <Button type="submit" busy={busy}>
          {busy ? t('overview.busy') : t('overview.submit')}
        </Button>
      </FormActions>
    </Form>
  );
}

export function OverviewModal({
  scope,
  open,
  onClose,
}: {
  scope: OverviewScope;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('regulations');
  const [busy, setBusy] = useState(false);
  return (
    <Modal open={open} onClose={onClose} title={t('overview.title')} busy={busy}>
      {open ? <OverviewForm scope={scope} onDone={onClose} onBusy={setBusy} /> : null}
    </Modal>
  );
}
