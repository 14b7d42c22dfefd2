/**
 * Importing a statement file, the other way of 'Bankrekening toevoegen' (…/add-bank;
 * docs/spec-map.md §2.9) beside linking a bank:
 *
 * 1. choose a file (CAMT.053, MT940, CSV; at most 100 MB, checked here) and, for a file that names
 *    no account, the account it belongs to; it uploads with a progress bar;
 * 2. the preview (StatementPreview): 'Annuleren' drops it, 'Importeren' imports it;
 * 3. the result, and 'Terug naar het overzicht'.
 *
 * A refused file shows why (per STATEMENT_ERRORS code, with its line). A CSV whose layout the
 * server does not know opens the column mapping (CsvMappingForm) and is uploaded again with it.
 * Closing the modal aborts an upload and drops an open preview.
 */
import type { CsvMapping, StatementPreview, StatementResult } from '@helder/shared/bank-accounts';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../components/ui/Alert';
import { Button } from '../../components/ui/Button';
import { Form, FormActions } from '../../components/ui/Form';
import { FilePicker } from '../../components/ui/FilePicker';
import fieldStyles from '../../components/ui/TextField.module.css';
import { errorText } from '../../lib/error-text';
import {
  useBankAccounts,
  useCancelImport,
  useConfirmImport,
  useImportProgress,
  useUploadStatement,
} from './api';
import styles from './bank-accounts.module.css';
import { CsvMappingForm } from './CsvMappingForm';
import { readCsvSample, type CsvSample } from './csv-mapping';
import { formatIban } from '../../lib/iban';
import { isCsvFile, STATEMENT_ACCEPT, STATEMENT_MAX_BYTES } from './format';
import { describeUploadError } from './statement-errors';
import { PreviewView, ResultView } from './StatementPreview';

type Step =
  | { kind: 'choose' }
  | { kind: 'mapping'; sample: CsvSample }
  | { kind: 'preview'; preview: StatementPreview }
  | { kind: 'result'; result: StatementResult };

interface Progress {
  sent: number;
  total: number;
}

function ProgressBar({ label, value, max }: { label: string; value?: number; max: number }) {
  const id = useId();
  return (
    <div className={styles.progress}>
      <label htmlFor={id}>{label}</label>
      <progress id={id} max={max} value={value} />
    </div>
  );
}

function UploadProgress({ sent, total }: Progress) {
  const { t } = useTranslation('bank-accounts');
  const percent = total > 0 ? Math.min(100, Math.round((sent / total) * 100)) : null;
  let label = t('add.progressUnknown');
  if (percent !== null)
    label = percent >= 100 ? t('add.processing') : t('add.progress', { percent });
  return <ProgressBar label={label} value={percent ?? undefined} max={100} />;
}

/** While the confirm runs: the server's count of lines added so far, once it has one. */
function ImportProgress({ userId, importId }: { userId: number; importId: number }) {
  const { t, i18n } = useTranslation('bank-accounts');
  const { data } = useImportProgress(userId, importId);
  if (data?.status !== 'importing' || data.line_count === 0) {
    return <ProgressBar label={t('preview.confirming')} max={100} />;
  }
  const count = new Intl.NumberFormat(i18n.language === 'en' ? 'en-GB' : 'nl-NL');
  const label = t('preview.importProgress', {
    done: count.format(data.done_count),
    total: count.format(data.line_count),
  });
  return <ProgressBar label={label} value={data.done_count} max={data.line_count} />;
}

interface ChooseFileProps {
  userId: number;
  file: File | null;
  bankAccountId: number | undefined;
  problem: string | null;
  busy: boolean;
  onFile: (file: File | null) => void;
  onAccount: (bankAccountId: number | undefined) => void;
  onUpload: () => void;
  onCancel: () => void;
  onLinkBank: () => void;
}

function ChooseFile(props: ChooseFileProps) {
  const { userId, file, bankAccountId, problem, busy, onFile, onAccount, onUpload, onCancel } =
    props;
  const { t } = useTranslation('bank-accounts');
  const id = useId();
  const owned = useBankAccounts(userId).data?.ownedBankAccounts ?? [];
  return (
    <Form
      aria-label={t('add.title')}
      onSubmit={(event) => {
        event.preventDefault();
        onUpload();
      }}
    >
      <section aria-labelledby={`${id}-import`} className={styles.flow}>
        <h3 id={`${id}-import`} className={styles.subheading}>
          {t('add.import')}
        </h3>
        <p>{t('add.importIntro')}</p>
        <div className={fieldStyles.field}>
          <label htmlFor={`${id}-file`} className={fieldStyles.label}>
            {t('add.file')}
          </label>
          <FilePicker
            id={`${id}-file`}
            accept={STATEMENT_ACCEPT}
            chosen={file?.name}
            disabled={busy}
            aria-invalid={problem ? true : undefined}
            aria-describedby={`${id}-file-hint${problem ? ` ${id}-problem` : ''}`}
            onChange={(event) => onFile(event.target.files?.[0] ?? null)}
          />
          <p id={`${id}-file-hint`} className={fieldStyles.hint}>
            {t('add.fileHint')}
          </p>
        </div>
        {owned.length > 0 ? (
          <div className={fieldStyles.field}>
            <label htmlFor={`${id}-account`} className={fieldStyles.label}>
              {t('add.account')}
            </label>
            <select
              id={`${id}-account`}
              className={fieldStyles.select}
              value={bankAccountId ?? ''}
              disabled={busy}
              aria-describedby={`${id}-account-hint`}
              onChange={(event) =>
                onAccount(event.target.value ? Number(event.target.value) : undefined)
              }
            >
              <option value="">{t('add.accountFromFile')}</option>
              {owned.map((account) => (
                <option key={account.id} value={account.id}>
                  {t('add.accountOption', {
                    institution: account.institution_name,
                    iban: formatIban(account.iban),
                  })}
                </option>
              ))}
            </select>
            <p id={`${id}-account-hint`} className={fieldStyles.hint}>
              {t('add.accountHint')}
            </p>
          </div>
        ) : null}
        {problem ? <Alert id={`${id}-problem`}>{problem}</Alert> : null}
      </section>
      <FormActions align="end">
        <Button variant="secondary" onClick={onCancel}>
          {t('add.cancel')}
        </Button>
        <Button type="submit" busy={busy} disabled={busy || file === null}>
          {t('add.upload')}
        </Button>
      </FormActions>
      <section aria-labelledby={`${id}-connect`} className={styles.alternative}>
        <h3 id={`${id}-connect`} className={styles.subheading}>
          {t('add.connect')}
        </h3>
        <p className={styles.muted}>{t('add.connectInstead')}</p>
        <Button variant="secondary" disabled={busy} onClick={props.onLinkBank}>
          {t('add.chooseBank')}
        </Button>
      </section>
    </Form>
  );
}

const isAbort = (error: unknown) => error instanceof DOMException && error.name === 'AbortError';

interface StatementImport {
  body: ReactNode;
  /** The import runs: the modal waits before it closes. */
  busy: boolean;
  /** The preview and its tables want a wide modal. */
  wide: boolean;
  /** Leaving: an upload stops, an open preview is dropped on the server, then `close`. */
  leave: () => void;
}

/**
 * The statement import's steps for the add-bank modal to show. `onLinkBank` goes back to
 * choosing a bank to link; `onDone` leaves after the import.
 */
export function useStatementImport({
  userId,
  close,
  onDone,
  onLinkBank,
}: {
  userId: number;
  close: () => void;
  /** 'Terug naar het overzicht' after the import. */
  onDone: () => void;
  onLinkBank: () => void;
}): StatementImport {
  const { t } = useTranslation('bank-accounts');
  const [step, setStep] = useState<Step>({ kind: 'choose' });
  const [file, setFile] = useState<File | null>(null);
  const [bankAccountId, setBankAccountId] = useState<number | undefined>();
  const [problem, setProblem] = useState<string | null>(null);
  const [progress, setProgress] = useState<Progress | null>(null);
  const upload = useUploadStatement(userId);
  const confirm = useConfirmImport(userId);
  const cancel = useCancelImport(userId);
  const controller = useRef<AbortController | null>(null);
  useEffect(() => () => controller.current?.abort(), []);

  /** A refusal of the file's own (an expired preview, no bank) in its words, else the failure. */
  const confirmProblem = (error: unknown) => {
    const { message, code } = describeUploadError(error, t);
    return code ? message : t('preview.confirmFailed', { message: errorText(error) });
  };

  const failed = async (error: unknown, chosen: File, mapped: boolean) => {
    if (isAbort(error)) return;
    const { message, code } = describeUploadError(error, t);
    if (code === 'statement_unknown_format' && !mapped && isCsvFile(chosen)) {
      try {
        setStep({ kind: 'mapping', sample: await readCsvSample(chosen) });
        setProblem(null);
        return;
      } catch {
        setProblem(`${message} ${t('mapping.unreadable')}`);
        return;
      }
    }
    setProblem(message);
  };

  const send = (mapping?: CsvMapping) => {
    if (!file) {
      setProblem(t('add.fileRequired'));
      return;
    }
    controller.current?.abort();
    const current = new AbortController();
    controller.current = current;
    setProblem(null);
    setProgress({ sent: 0, total: file.size });
    upload.mutate(
      {
        file,
        bankAccountId,
        mapping: mapping ? JSON.stringify(mapping) : undefined,
        onProgress: (sent, total) => setProgress({ sent, total }),
        signal: current.signal,
      },
      {
        onSuccess: (preview) => setStep({ kind: 'preview', preview }),
        onError: (error) => void failed(error, file, mapping !== undefined),
        onSettled: () => setProgress(null),
      },
    );
  };

  const chooseFile = (chosen: File | null) => {
    setStep({ kind: 'choose' });
    if (chosen && chosen.size > STATEMENT_MAX_BYTES) {
      setFile(null);
      setProblem(t('add.tooLarge'));
      return;
    }
    setFile(chosen);
    setProblem(null);
  };

  /** Leaves the modal: an upload stops, an open preview is dropped on the server. */
  const leave = () => {
    controller.current?.abort();
    if (step.kind === 'preview') cancel.mutate(step.preview.id);
    close();
  };

  let body;
  if (step.kind === 'preview') {
    const { preview } = step;
    body = (
      <PreviewView
        preview={preview}
        busy={confirm.isPending}
        error={confirm.isError ? confirmProblem(confirm.error) : null}
        onCancel={leave}
        onConfirm={(bank) =>
          confirm.mutate(
            { importId: preview.id, bank },
            { onSuccess: (result) => setStep({ kind: 'result', result }) },
          )
        }
      />
    );
  } else if (step.kind === 'result') {
    body = <ResultView result={step.result} onBack={onDone} />;
  } else if (step.kind === 'mapping') {
    body = (
      <CsvMappingForm
        sample={step.sample}
        busy={upload.isPending}
        error={problem}
        onSubmit={send}
        onCancel={() => {
          setStep({ kind: 'choose' });
          setProblem(null);
        }}
      />
    );
  } else {
    body = (
      <ChooseFile
        userId={userId}
        file={file}
        bankAccountId={bankAccountId}
        problem={problem}
        busy={upload.isPending}
        onFile={chooseFile}
        onAccount={setBankAccountId}
        onUpload={() => send()}
        onCancel={leave}
        onLinkBank={() => {
          // The file input goes, so the file chosen in it does too.
          setFile(null);
          setProblem(null);
          onLinkBank();
        }}
      />
    );
  }

  return {
    body: (
      <>
        {body}
        {progress ? <UploadProgress {...progress} /> : null}
        {step.kind === 'preview' && confirm.isPending ? (
          <ImportProgress userId={userId} importId={step.preview.id} />
        ) : null}
      </>
    ),
    busy: confirm.isPending,
    wide: step.kind !== 'choose',
    leave,
  };
}
