/**
 * The modal of 'Verantwoording downloaden' (VerantwoordingButton): a modal with an optional
 * period (Van, Tot) and the file (the PDF report, a ZIP with it, the ledger and the receipts,
 * Excel or CSV), fetched from GET …/verantwoording (with the token, so insiders get what they may
 * see) and saved.
 */
import { buildPath } from '@helder/shared/http/client';
import type { Language } from '@helder/shared/languages';
import {
  VERANTWOORDING_FORMATS,
  VERANTWOORDING_MAX_YEARS,
  verantwoordingRoutes,
  type VerantwoordingFormat,
} from '@helder/shared/verantwoording/client';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../components/ui/Alert';
import { Button } from '../../components/ui/Button';
import { RadioGroupField } from '../../components/ui/ChoiceFields';
import { Form, FormActions } from '../../components/ui/Form';
import { Modal } from '../../components/ui/Modal';
import { API_BASE } from '../../lib/api';
import { parseDayText, type IsoDay } from '../../lib/dates';
import { isLanguage } from '../../lib/i18n';
import { useSession } from '../auth';
import { DateField } from './DateField';
import { DownloadError, downloadWithToken } from '../../lib/download';
import styles from './form.module.css';
import type { PaymentsScope } from './schemas';

type Problem = 'startDate' | 'endDate' | 'inverted' | 'tooLong' | 'failed' | 'notFound';

function packageUrl(
  scope: PaymentsScope,
  format: VerantwoordingFormat,
  lang: Language,
  from?: IsoDay,
  to?: IsoDay,
) {
  const path =
    scope.activityId === undefined
      ? buildPath(verantwoordingRoutes.initiative.path, { initiativeId: scope.initiativeId })
      : buildPath(verantwoordingRoutes.activity.path, {
          initiativeId: scope.initiativeId,
          activityId: scope.activityId,
        });
  const search = new URLSearchParams({ format });
  // The report is written in the viewer's language; the ledgers have no texts of their own.
  if (format === 'pdf' || format === 'zip') search.set('lang', lang);
  if (from) search.set('start_date', from);
  if (to) search.set('end_date', to);
  return `${API_BASE}${path}?${search.toString()}`;
}

/** The day `years` years later (the same limit the API keeps). */
const yearsLater = (day: IsoDay, years: number) =>
  `${String(Number(day.slice(0, 4)) + years)}${day.slice(4)}`;

/** A typed day, or undefined when empty, or the problem with it. */
function readDay(text: string, problem: Problem): IsoDay | undefined | Problem {
  if (text.trim() === '') return undefined;
  return parseDayText(text) ?? problem;
}

interface FormProps {
  scope: PaymentsScope;
  onDone: () => void;
  /** Told when a download starts and ends: the modal stays open meanwhile. */
  onBusy: (busy: boolean) => void;
}

function VerantwoordingForm({ scope, onDone, onBusy }: FormProps) {
  const { t, i18n } = useTranslation('payments');
  const lang: Language = isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : 'nl';
  const token = useSession()?.token ?? null;
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [format, setFormat] = useState<VerantwoordingFormat>('pdf');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<Problem | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const start = readDay(from, 'startDate');
    const end = readDay(to, 'endDate');
    for (const day of [start, end]) {
      if (day !== undefined && !day.includes('-')) return setProblem(day as Problem);
    }
    const [a, b] = [start as IsoDay | undefined, end as IsoDay | undefined];
    if (a && b && a > b) return setProblem('inverted');
    if (a && b && b > yearsLater(a, VERANTWOORDING_MAX_YEARS)) return setProblem('tooLong');
    setProblem(null);
    setBusy(true);
    onBusy(true);
    try {
      const id = scope.activityId ?? scope.initiativeId;
      await downloadWithToken(
        packageUrl(scope, format, lang, a, b),
        token,
        `verantwoording-${id}.${format}`,
      );
      onDone();
    } catch (error) {
      setProblem(error instanceof DownloadError && error.status === 404 ? 'notFound' : 'failed');
    } finally {
      setBusy(false);
      onBusy(false);
    }
  };

  const fieldError = (p: Problem) => (problem === p ? t(`verantwoording.errors.${p}`) : undefined);
  return (
    <Form aria-label={t('verantwoording.title')} onSubmit={(e) => void submit(e)}>
      <p>{t('verantwoording.intro')}</p>
      <div className={styles.formRow}>
        <DateField
          label={t('verantwoording.from')}
          value={from}
          onChange={setFrom}
          name="start_date"
          error={fieldError('startDate') ?? fieldError('inverted')}
        />
        <DateField
          label={t('verantwoording.to')}
          value={to}
          onChange={setTo}
          name="end_date"
          error={fieldError('endDate') ?? fieldError('tooLong')}
        />
      </div>
      <RadioGroupField
        legend={t('verantwoording.format')}
        name="format"
        options={VERANTWOORDING_FORMATS.map((value) => ({
          value,
          label: t(`verantwoording.formats.${value}`),
        }))}
        selected={format}
        onChange={(e) => setFormat(e.target.value as VerantwoordingFormat)}
      />
      {problem === 'failed' || problem === 'notFound' ? (
        <Alert>{t(`verantwoording.errors.${problem}`)}</Alert>
      ) : null}
      <FormActions align="end">
        <Button variant="secondary" onClick={onDone} disabled={busy}>
          {t('verantwoording.cancel')}
        </Button>
        <Button type="submit" busy={busy}>
          {busy ? t('verantwoording.busy') : t('verantwoording.submit')}
        </Button>
      </FormActions>
    </Form>
  );
}

/** The modal, loaded when first opened: its date and choice fields stay off the page's first load. */
export function VerantwoordingModal({
  scope,
  open,
  onClose,
}: {
  scope: PaymentsScope;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('payments');
  const [busy, setBusy] = useState(false);
  return (
    <Modal open={open} onClose={onClose} title={t('verantwoording.title')} busy={busy}>
      {open ? <VerantwoordingForm scope={scope} onDone={onClose} onBusy={setBusy} /> : null}
    </Modal>
  );
}
