/**
 * 'Bonnen toevoegen' (docs/api-rules.md §22): a modal to drop many receipts at once on an
 * initiative, or on /transactions. Each is listed with its file and its reading (a spinner while it is read); a
 * receipt that fits one payment proposes it with a checkbox, one that fits several equally lets
 * the person choose (none is chosen for them), one that fits nothing says so and offers to record
 * an expense from it: the modal then shows that payment's form (ReceiptPayment) instead of the
 * list, and returns to it. 'Bevestigen' attaches every checked receipt at once.
 */
import type { InboxReceipt, MatchCandidate } from '@helder/shared/receipts';
import { formatEuro } from '@helder/shared/money';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../components/ui/Alert';
import { Button } from '../../components/ui/Button';
import { CheckboxField, RadioGroupField } from '../../components/ui/ChoiceFields';
import { FormActions } from '../../components/ui/Form';
import { Modal } from '../../components/ui/Modal';
import { Spinner } from '../../components/ui/Spinner';
import { formatBookingDate } from '../../lib/dates';
import { errorText } from '../../lib/error-text';
import { AttachmentThumbnail } from './AttachmentsField';
import { ReceiptDrop } from './ReceiptDrop';
import { ReceiptPayment } from './ReceiptPayment';
import {
  isQueued,
  useConfirmMatches,
  useInbox,
  usePaymentFromReceipt,
  useRemoveReceipt,
  type ReceiptMatch,
} from './receipts.api';
import styles from './receipts.module.css';
import { useReceiptUpload } from './receipts.upload';

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
  onCreate,
  initiativeId,
}: {
  receipt: InboxReceipt;
  n: number;
  chosen: number | null;
  onChoose: (paymentId: number | null) => void;
  onCreate: () => void;
  initiativeId: number | undefined;
}) {
  const { t } = useTranslation('payment-forms');
  const text = useCandidateText();
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
        <Button variant="secondary" data-create-receipt={receipt.id} onClick={onCreate}>
          {t('inbox.createPayment')}
        </Button>
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

/** What the modal says it did, in the place the focus goes once the action's button is gone. */
type Done = { matched: number } | { created: true };

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
  const upload = useReceiptUpload(initiativeId);
  const confirm = useConfirmMatches(initiativeId);
  const create = usePaymentFromReceipt(initiativeId);
  const [choices, setChoices] = useState<Choices>({});
  const [done, setDone] = useState<Done | null>(null);
  // The receipt whose payment is being made: the modal shows its form instead of the list. Kept
  // as it was: saving takes it out of the inbox before the form is done.
  const [creating, setCreating] = useState<{ receipt: InboxReceipt; n: number } | null>(null);
  // After the form: the focus goes to what was done, or back to the button that opened it.
  const returnTo = useRef<'done' | number | null>(null);
  const doneRef = useRef<HTMLParagraphElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const receipts = inbox.data?.receipts ?? [];
  const matches: ReceiptMatch[] = receipts.flatMap((receipt) => {
    const paymentId = chosenFor(receipt, choices);
    return paymentId === null ? [] : [{ receipt_id: receipt.id, payment_id: paymentId }];
  });

  useEffect(() => {
    const to = returnTo.current;
    if (creating !== null || to === null) return;
    returnTo.current = null;
    if (to === 'done') doneRef.current?.focus();
    else listRef.current?.querySelector<HTMLElement>(`[data-create-receipt="${to}"]`)?.focus();
  }, [creating]);

  const add = (files: readonly File[]) => {
    if (files.length === 0) return;
    setDone(null);
    upload.add(files);
  };
  const onConfirm = () =>
    confirm.mutate(matches, {
      onSuccess: ({ matched }) => {
        setChoices({});
        setDone({ matched: matched.length });
        doneRef.current?.focus();
      },
    });

  let doneText = '';
  if (done !== null) {
    doneText = 'matched' in done ? t('inbox.matched', { count: done.matched }) : t('inbox.created');
  }
  return (
    <Modal
      open
      onClose={onClose}
      title={t('inbox.title')}
      size="large"
      busy={confirm.isPending || create.isPending}
    >
      {creating ? (
        <ReceiptPayment
          receipt={creating.receipt}
          n={creating.n}
          initiativeId={initiativeId}
          create={create}
          onCancel={() => {
            returnTo.current = creating.receipt.id;
            setCreating(null);
          }}
          onCreated={() => {
            returnTo.current = 'done';
            setCreating(null);
            setDone({ created: true });
          }}
        />
      ) : (
        <>
          <p className={styles.intro}>{t('inbox.intro')}</p>
          <ReceiptDrop progress={upload.progress} onAdd={add} onStop={upload.stop} />
          {inbox.isPending ? <Spinner label={t('inbox.loading')} /> : null}
          {inbox.isError ? <Alert>{t('inbox.loadFailed')}</Alert> : null}
          {inbox.isSuccess && receipts.length === 0 ? (
            <p className={styles.empty}>{t('inbox.empty')}</p>
          ) : null}
          {receipts.length > 0 ? (
            <ul ref={listRef} className={styles.list} aria-label={t('inbox.listLabel')}>
              {receipts.map((receipt, i) => (
                <ReceiptRow
                  key={receipt.id}
                  receipt={receipt}
                  n={i + 1}
                  chosen={chosenFor(receipt, choices)}
                  onChoose={(paymentId) =>
                    setChoices((old) => ({ ...old, [receipt.id]: paymentId }))
                  }
                  onCreate={() => {
                    create.reset();
                    setDone(null);
                    setCreating({ receipt, n: i + 1 });
                  }}
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
            {doneText}
          </p>
          {confirm.isError ? <Alert>{errorText(confirm.error)}</Alert> : null}
          {/* The modal's own close button and Esc close it; the one action here confirms. */}
          <FormActions align="end">
            <Button busy={confirm.isPending} disabled={matches.length === 0} onClick={onConfirm}>
              {t('inbox.confirm')}
            </Button>
          </FormActions>
        </>
      )}
    </Modal>
  );
}
