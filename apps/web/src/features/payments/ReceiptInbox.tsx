/**
 * 'Bonnen toevoegen' (docs/api-rules.md §22): a modal to drop many receipts at once on an
 * initiative, or on /transactions. Each is listed with its file and its reading (a spinner while it is read); a
 * receipt that fits one payment proposes it with a checkbox, one that fits several equally lets
 * the person choose (none is chosen for them), one that fits nothing says so and, on an
 * initiative, offers to record an expense from it. 'Bevestigen' attaches every checked receipt at once.
 */
import type { InboxReceipt, MatchCandidate } from '@helder/shared/receipts';
import { formatEuro } from '@helder/shared/money';
import { useRef, useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../components/ui/Alert';
import { Button } from '../../components/ui/Button';
import { CheckboxField, RadioGroupField } from '../../components/ui/ChoiceFields';
import { FilePicker } from '../../components/ui/FilePicker';
import { FormActions } from '../../components/ui/Form';
import { Modal } from '../../components/ui/Modal';
import { Spinner } from '../../components/ui/Spinner';
import { formatBookingDate } from '../../lib/dates';
import { errorText } from '../../lib/error-text';
import { AttachmentThumbnail } from './AttachmentsField';
import {
  isQueued,
  useConfirmMatches,
  useDropReceipts,
  useInbox,
  usePaymentFromReceipt,
  useRemoveReceipt,
  type ReceiptMatch,
} from './receipts.api';
import styles from './receipts.module.css';

const ACCEPT = '.pdf,.jpg,.jpeg,.png';

/** The payment as one line: date, counterparty, amount. */
function useCandidateText() {
  const { t } = useTranslation('payment-forms');
  return ({ payment }: MatchCandidate) =>
    [
      formatBookingDate(payment.booking_date),
      payment.counterparty || payment.short_user_description || t('inbox.noName'),
      formatEuro(payment.transaction_amount),
    ].join(' · ');
}

/** Chosen payment per receipt: the proposal unless the person changed it; null is 'not now'. */
type Choices = Record<number, number | null>;
const chosenFor = (receipt: InboxReceipt, choices: Choices) =>
  receipt.id in choices ? choices[receipt.id]! : receipt.proposed_payment_id;

function ReceiptRow({
  receipt,
  n,
  chosen,
  onChoose,
  initiativeId,
}: {
  receipt: InboxReceipt;
  n: number;
  chosen: number | null;
  onChoose: (paymentId: number | null) => void;
  initiativeId: number | undefined;
}) {
  const { t } = useTranslation('payment-forms');
  const text = useCandidateText();
  const create = usePaymentFromReceipt(initiativeId);
  const remove = useRemoveReceipt(initiativeId);
  const reading = receipt.reading;
  const amount = reading?.fields?.amount?.value;
  const best = receipt.candidates.filter((c) => c.best);
  let body;
  if (reading === null) body = <p>{t('inbox.unread')}</p>;
  else if (isQueued(receipt)) {
    body = (
      <p className={styles.busy} role="status">
        <Spinner size="small" decorative />
        {t('inbox.reading')}
      </p>
    );
  } else if (reading.status === 'failed') {
    body = <p>{t('inbox.failed')}</p>;
  } else if (receipt.proposed_payment_id !== null) {
    body = (
      <CheckboxField
        label={t('inbox.proposed', { payment: text(best[0]!) })}
        checked={chosen !== null}
        onChange={(event) => onChoose(event.target.checked ? receipt.proposed_payment_id : null)}
      />
    );
  } else if (best.length > 1) {
    body = (
      <RadioGroupField
        legend={t('inbox.tie')}
        name={`receipt-${receipt.id}`}
        options={[
          ...best.map((c) => ({ value: String(c.payment.id), label: text(c) })),
          { value: '', label: t('inbox.notNow') },
        ]}
        selected={chosen === null ? '' : String(chosen)}
        onChange={(event) => onChoose(event.target.value ? Number(event.target.value) : null)}
      />
    );
  } else {
    body = (
      <div className={styles.none}>
        <p>{t('inbox.noMatch')}</p>
        {initiativeId === undefined ? null : (
          <Button
            variant="secondary"
            busy={create.isPending}
            onClick={() => create.mutate(receipt.id)}
          >
            {t('inbox.createPayment')}
          </Button>
        )}
        {create.isError ? <Alert>{errorText(create.error)}</Alert> : null}
      </div>
    );
  }
  return (
    <li className={styles.receipt}>
      <AttachmentThumbnail attachment={receipt.file} n={n} />
      <div className={styles.details}>
        <p className={styles.title}>
          {t('inbox.receipt', { n })}
          {amount === undefined ? '' : ` · ${formatEuro(amount)}`}
        </p>
        {body}
      </div>
      <Button
        variant="ghost"
        aria-label={t('inbox.remove', { n })}
        busy={remove.isPending}
        onClick={() => remove.mutate(receipt.id)}
      >
        {t('inbox.removeShort')}
      </Button>
    </li>
  );
}

export function ReceiptInbox({
  initiativeId,
  onClose,
}: {
  /** Without one: the caller's own inbox, matched to any payment they may edit. */
  initiativeId?: number | undefined;
  onClose: () => void;
}) {
  const { t } = useTranslation('payment-forms');
  const inbox = useInbox(initiativeId);
  const drop = useDropReceipts(initiativeId);
  const confirm = useConfirmMatches(initiativeId);
  const [choices, setChoices] = useState<Choices>({});
  const [dragging, setDragging] = useState(false);
  const [done, setDone] = useState<number | null>(null);
  // 'Bevestigen' turns off once nothing is left to confirm: the focus goes to what it did.
  const doneRef = useRef<HTMLParagraphElement>(null);
  const receipts = inbox.data?.receipts ?? [];
  const matches: ReceiptMatch[] = receipts.flatMap((receipt) => {
    const paymentId = chosenFor(receipt, choices);
    return paymentId === null ? [] : [{ receipt_id: receipt.id, payment_id: paymentId }];
  });

  const add = (files: readonly File[]) => {
    if (files.length === 0) return;
    setDone(null);
    drop.mutate(files);
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    add(Array.from(event.dataTransfer.files));
  };
  const onConfirm = () =>
    confirm.mutate(matches, {
      onSuccess: ({ matched }) => {
        setChoices({});
        setDone(matched.length);
        doneRef.current?.focus();
      },
    });

  return (
    <Modal open onClose={onClose} title={t('inbox.title')} size="large" busy={confirm.isPending}>
      <p className={styles.intro}>{t('inbox.intro')}</p>
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
            add(Array.from(event.target.files ?? []));
            event.target.value = '';
          }}
        />
        {drop.isPending ? <Spinner label={t('inbox.uploading')} size="small" /> : null}
      </div>
      {drop.isError ? <Alert>{errorText(drop.error)}</Alert> : null}
      {inbox.isPending ? <Spinner label={t('inbox.loading')} /> : null}
      {inbox.isError ? <Alert>{t('inbox.loadFailed')}</Alert> : null}
      {inbox.isSuccess && receipts.length === 0 ? (
        <p className={styles.empty}>{t('inbox.empty')}</p>
      ) : null}
      {receipts.length > 0 ? (
        <ul className={styles.list} aria-label={t('inbox.listLabel')}>
          {receipts.map((receipt, i) => (
            <ReceiptRow
              key={receipt.id}
              receipt={receipt}
              n={i + 1}
              chosen={chosenFor(receipt, choices)}
              onChoose={(paymentId) => setChoices((old) => ({ ...old, [receipt.id]: paymentId }))}
              initiativeId={initiativeId}
            />
          ))}
        </ul>
      ) : null}
      <p
        ref={doneRef}
        tabIndex={-1}
        role="status"
        className={done === null ? 'visually-hidden' : styles.done}
      >
        {done === null ? '' : t('inbox.matched', { count: done })}
      </p>
      {confirm.isError ? <Alert>{errorText(confirm.error)}</Alert> : null}
      {/* The modal's own close button and Esc close it; the one action here confirms. */}
      <FormActions align="end">
        <Button busy={confirm.isPending} disabled={matches.length === 0} onClick={onConfirm}>
          {t('inbox.confirm')}
        </Button>
      </FormActions>
    </Modal>
  );
}
