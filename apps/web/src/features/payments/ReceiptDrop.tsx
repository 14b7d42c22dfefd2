/**
 * Where receipts are dropped or chosen for the inbox (docs/api-rules.md §22), and how their
 * sending goes: a bar with 'n van m bonnen verstuurd' while it runs, a way to stop it, and per
 * refused request the files it carried and why.
 */
import { useId, useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../components/ui/Alert';
import { Button } from '../../components/ui/Button';
import { FilePicker } from '../../components/ui/FilePicker';
import { isApiError } from '../../lib/api';
import styles from './receipts.module.css';
import type { UploadFailure, UploadProgress } from './receipts.upload';

const ACCEPT = '.pdf,.jpg,.jpeg,.png';

type Reason = 'fileType' | 'fileTooLarge' | 'filePixels' | 'full' | 'failed';

/** Why one file was left out before sending. */
const LEFT_OUT = { type: 'fileType', tooLarge: 'fileTooLarge' } as const satisfies Record<
  NonNullable<UploadFailure['refused']>,
  Reason
>;

/**
 * Why the server refused a request. A refusal for what a file is comes for one file only (the
 * request it came in is sent again file by file); the inbox being full, for any request.
 */
function reasonOf(error: unknown): Reason {
  if (!isApiError(error)) return 'failed';
  if (error.status === 413) return 'fileTooLarge';
  if (error.status === 415) return 'fileType';
  const codes = error.errors.map((fieldError) => fieldError.code);
  if (codes.includes('inbox_full')) return 'full';
  if (codes.includes('too_many_pixels')) return 'filePixels';
  return 'failed';
}

function Failure({ failure }: { failure: UploadFailure }) {
  const { t } = useTranslation('payment-forms');
  return (
    <Alert>
      {t('inbox.upload.failed', { files: failure.files.join(', ') })}{' '}
      {t(
        `inbox.upload.reasons.${failure.refused ? LEFT_OUT[failure.refused] : reasonOf(failure.error)}`,
      )}
    </Alert>
  );
}

function Progress({ progress, onStop }: { progress: UploadProgress; onStop: () => void }) {
  const { t } = useTranslation('payment-forms');
  const textId = useId();
  const count = { sent: progress.sent, count: progress.total };
  return (
    <div className={styles.progress}>
      <p id={textId} role="status">
        {progress.stopped ? t('inbox.upload.stopped', count) : t('inbox.upload.progress', count)}
      </p>
      {progress.running ? (
        <>
          <progress
            aria-labelledby={textId}
            max={Math.max(progress.totalBytes, 1)}
            value={progress.bytes}
          />
          <Button variant="ghost" onClick={onStop}>
            {t('inbox.upload.stop')}
          </Button>
        </>
      ) : null}
    </div>
  );
}

export function ReceiptDrop({
  progress,
  onAdd,
  onStop,
}: {
  progress: UploadProgress | null;
  onAdd: (files: readonly File[]) => void;
  onStop: () => void;
}) {
  const { t } = useTranslation('payment-forms');
  const [dragging, setDragging] = useState(false);
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    onAdd(Array.from(event.dataTransfer.files));
  };
  return (
    <>
      <div
        className={dragging ? `${styles.dropZone} ${styles.dragging}` : styles.dropZone}
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
      >
        <p>{t('inbox.drop')}</p>
        <FilePicker
          id="receipt-files"
          accept={ACCEPT}
          multiple
          chooseLabel={t('inbox.choose')}
          chosen={null}
          onChange={(event) => {
            onAdd(Array.from(event.target.files ?? []));
            event.target.value = '';
          }}
        />
      </div>
      {progress ? <Progress progress={progress} onStop={onStop} /> : null}
      {progress?.failures.map((failure, i) => (
        <Failure key={i} failure={failure} />
      ))}
    </>
  );
}
