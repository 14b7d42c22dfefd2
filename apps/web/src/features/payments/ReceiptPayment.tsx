/**
 * 'Betaling aanmaken' from a receipt that matched nothing (docs/api-rules.md §22): the payment
 * form, filled from the reading (amount, date, shop) with what the reader was unsure of named,
 * and above it where the payment goes. On an initiative's tab that is the initiative, with one of
 * its activities if the person likes; on /transactions the person first picks the initiative among
 * those they may link payments to (the list the link dropdowns use, one request). Whoever may link
 * but not record payments on the initiative itself (an activity's owner) must pick an activity.
 * Saving records the expense and moves the receipt onto it in one request.
 */
import type { InboxReceipt, PaymentFromReceipt } from '@helder/shared/receipts';
import { useEffect, useId, useRef, useState, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../components/ui/Alert';
import { Button } from '../../components/ui/Button';
import { FormActions } from '../../components/ui/Form';
import { Spinner } from '../../components/ui/Spinner';
import { FieldError } from '../../components/ui/TextField';
import fieldStyles from '../../components/ui/TextField.module.css';
import { formatAmountInput } from '../../lib/amount';
import { dayToText, middayInAmsterdam } from '../../lib/dates';
import { useCan } from '../auth';
import { AttachmentThumbnail } from './AttachmentsField';
import { useLinkableActivities, useLinkableInitiatives } from './linking.api';
import { PaymentForm } from './PaymentForm';
import type { usePaymentFromReceipt } from './receipts.api';
import styles from './receipts.module.css';
import {
  NEW_PAYMENT_FORM,
  type PaymentField,
  type PaymentFormOutput,
  type PaymentFormValues,
} from './schemas';

/** What the endpoint takes besides where the payment goes. */
const FIELDS: readonly PaymentField[] = [
  'transaction_amount',
  'booking_date',
  'creditor_name',
  'short_user_description',
];

type Fields = NonNullable<NonNullable<InboxReceipt['reading']>['fields']>;

/** The form as the reading fills it: money spent, on the receipt's day, at its shop. */
function fromReading(fields: Fields | null): PaymentFormValues {
  const values = { ...NEW_PAYMENT_FORM };
  if (!fields) return values;
  // A total in another currency is no amount in euros: the person types it.
  if (fields.amount && fields.currency === 'EUR') {
    values.transaction_amount = formatAmountInput(-fields.amount.value);
  }
  if (fields.date) values.booking_date = dayToText(fields.date.value);
  if (fields.shop) {
    values.creditor_name = fields.shop.value;
    values.short_user_description = fields.shop.value;
  }
  return values;
}

interface Target {
  initiativeId: number | null;
  activityId: number | null;
}

function Select({
  label,
  value,
  options,
  placeholder,
  error,
  hint,
  busy,
  onChange,
  selectRef,
}: {
  label: string;
  value: number | null;
  options: ReadonlyArray<{ id: number; name: string }>;
  placeholder: string;
  error: string | undefined;
  hint?: string | undefined;
  busy: boolean;
  onChange: (id: number | null) => void;
  selectRef?: Ref<HTMLSelectElement>;
}) {
  const id = useId();
  const described = [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ');
  return (
    <div className={fieldStyles.field}>
      <label htmlFor={id} className={fieldStyles.label}>
        {label}
      </label>
      {hint ? (
        <p id={`${id}-hint`} className={fieldStyles.hint}>
          {hint}
        </p>
      ) : null}
      <select
        id={id}
        ref={selectRef}
        className={fieldStyles.select}
        value={value ?? ''}
        aria-invalid={error ? true : undefined}
        aria-describedby={described || undefined}
        aria-busy={busy || undefined}
        onChange={(event) => onChange(event.target.value ? Number(event.target.value) : null)}
      >
        <option value="">{placeholder}</option>
        {options.map((option) => (
          <option key={option.id} value={option.id}>
            {option.name}
          </option>
        ))}
      </select>
      <FieldError id={`${id}-error`} error={error} />
    </div>
  );
}

export interface ReceiptPaymentProps {
  receipt: InboxReceipt;
  n: number;
  /** The initiative of the tab; without one the person picks it. */
  initiativeId: number | undefined;
  create: ReturnType<typeof usePaymentFromReceipt>;
  onCancel: () => void;
  onCreated: () => void;
}

export function ReceiptPayment(props: ReceiptPaymentProps) {
  const { t } = useTranslation('payment-forms');
  const headingRef = useRef<HTMLHeadingElement>(null);
  // The list it replaces is gone: the person starts at its heading.
  useEffect(() => headingRef.current?.focus(), []);
  const picking = props.initiativeId === undefined;
  const linkable = useLinkableInitiatives({ enabled: picking });
  // Without the form (it has its own Cancel) the person still needs a way back.
  let blocked = null;
  if (picking && linkable.isPending) blocked = <Spinner label={t('inbox.create.loading')} />;
  else if (picking && linkable.isError) blocked = <Alert>{t('inbox.create.loadFailed')}</Alert>;
  else if (picking && linkable.data?.length === 0) {
    blocked = <Alert tone="info">{t('inbox.create.none')}</Alert>;
  }
  return (
    <section aria-labelledby={`receipt-payment-${props.receipt.id}`}>
      <h3
        id={`receipt-payment-${props.receipt.id}`}
        ref={headingRef}
        tabIndex={-1}
        className={styles.viewTitle}
      >
        {t('inbox.create.title', { n: props.n })}
      </h3>
      {blocked === null ? (
        <TargetAndForm {...props} initiatives={linkable.data ?? []} />
      ) : (
        <>
          {blocked}
          <FormActions align="end">
            <Button variant="secondary" onClick={props.onCancel}>
              {t('inbox.create.back')}
            </Button>
          </FormActions>
        </>
      )}
    </section>
  );
}

function TargetAndForm({
  receipt,
  n,
  initiativeId,
  create,
  onCancel,
  onCreated,
  initiatives,
}: ReceiptPaymentProps & { initiatives: ReadonlyArray<{ id: number; name: string }> }) {
  const { t } = useTranslation('payment-forms');
  const [target, setTarget] = useState<Target>({
    initiativeId: initiativeId ?? null,
    activityId: null,
  });
  const [missing, setMissing] = useState<'initiative' | 'activity' | null>(null);
  const initiativeRef = useRef<HTMLSelectElement>(null);
  const activityRef = useRef<HTMLSelectElement>(null);
  const chosen = target.initiativeId;
  const activities = useLinkableActivities(chosen);
  const actions = useCan('Initiative', chosen ?? undefined, { enabled: chosen !== null });
  // Until the answer is in, the server decides: it refuses what the person may not do.
  const activityRequired = chosen !== null && !actions.isLoading && !actions.can('create_payment');
  const fields = receipt.reading?.fields ?? null;
  const unsure = fields
    ? (['date', 'amount', 'shop'] as const).filter((key) => fields[key]?.unsure)
    : [];

  const onSubmit = async (values: PaymentFormOutput) => {
    if (chosen === null) {
      setMissing('initiative');
      initiativeRef.current?.focus();
      return;
    }
    if (activityRequired && target.activityId === null) {
      setMissing('activity');
      activityRef.current?.focus();
      return;
    }
    // The form checked every field it shows: amount and day are there; a text the person emptied
    // is sent empty, so that the server does not fill it from the reading again.
    const { transaction_amount, booking_date, creditor_name, short_user_description } = values;
    const body: PaymentFromReceipt = {
      initiative_id: chosen,
      activity_id: target.activityId,
      transaction_amount,
      booking_date: booking_date && middayInAmsterdam(booking_date),
      creditor_name: creditor_name ?? '',
      short_user_description: short_user_description ?? '',
    };
    await create.mutateAsync({ receiptId: receipt.id, body });
    onCreated();
  };

  const picker = (
    <fieldset className={styles.target}>
      <legend>{t('inbox.create.where')}</legend>
      {initiativeId === undefined ? (
        <Select
          label={t('inbox.create.initiative')}
          value={chosen}
          options={initiatives}
          placeholder={t('inbox.create.chooseInitiative')}
          error={missing === 'initiative' ? t('inbox.create.initiativeMissing') : undefined}
          busy={false}
          selectRef={initiativeRef}
          onChange={(id) => {
            setMissing(null);
            setTarget({ initiativeId: id, activityId: null });
          }}
        />
      ) : null}
      {chosen !== null && activities.isError ? (
        <Alert>{t('inbox.create.activitiesFailed')}</Alert>
      ) : null}
      {chosen !== null && !activities.isError ? (
        <Select
          label={t('inbox.create.activity')}
          value={target.activityId}
          options={activities.data ?? []}
          placeholder={
            activityRequired ? t('inbox.create.chooseActivity') : t('inbox.create.noActivity')
          }
          hint={activityRequired ? t('inbox.create.activityRequired') : undefined}
          error={missing === 'activity' ? t('inbox.create.activityMissing') : undefined}
          busy={activities.isPending}
          selectRef={activityRef}
          onChange={(id) => {
            setMissing(null);
            setTarget({ initiativeId: chosen, activityId: id });
          }}
        />
      ) : null}
    </fieldset>
  );

  return (
    <PaymentForm
      mode="create"
      title={t('inbox.create.title', { n })}
      busy={create.isPending}
      fields={FIELDS}
      defaultValues={fromReading(fields)}
      before={picker}
      attachments={
        <div className={styles.formReceipt}>
          <AttachmentThumbnail attachment={receipt.file} n={n} />
          {unsure.length > 0 ? (
            <Alert tone="info">
              {t('inbox.create.unsure', {
                fields: unsure.map((key) => t(`reading.${key}`).toLowerCase()).join(', '),
              })}
            </Alert>
          ) : null}
        </div>
      }
      onCancel={onCancel}
      onSubmit={onSubmit}
    />
  );
}
