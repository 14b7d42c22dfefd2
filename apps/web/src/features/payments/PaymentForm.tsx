/**
 * The one payment form, for adding and editing (docs/spec-map.md §2.7, §5): amount (comma or
 * dot; a typed minus makes the route 'uitgaven', otherwise 'inkomen', and the route can be
 * changed), route, booking date (typed or from the calendar), recipient and sender, short (n/128)
 * and long (n/512) description, hidden, whether the counterparty's name is shielded from the
 * public, and the attachments (given by the modal). It shows as inputs only the fields it may
 * send; a failed save shows on the fields it concerns.
 */
import { LONG_DESCRIPTION_MAX, SHORT_DESCRIPTION_MAX } from '@helder/shared/payments/client';
import { useId, type ReactNode } from 'react';
import { Controller, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { CharacterCounter } from '../../components/ui/CharacterCounter';
import { CheckboxField, RadioGroupField } from '../../components/ui/ChoiceFields';
import { EntityForm, type EntityFormProps } from '../../components/ui/Form';
import { TextArea } from '../../components/ui/TextArea';
import { AmountField, TextField } from '../../components/ui/TextField';
import { useEntityForm, type SaveErrors } from '../../components/ui/useEntityForm';
import { ApiError, isApiError } from '../../lib/api';
import type { Resources } from '../../lib/i18n';
import { DateField } from './DateField';
import styles from './form.module.css';
import {
  isPaymentField,
  paymentFormSchema,
  routeOfTyped,
  type PaymentField,
  type PaymentFormOutput,
  type PaymentFormValues,
  type PaymentMessageKey,
} from './schemas';

type ErrorKey = `form.errors.${keyof Resources['payment-forms']['form']['errors']}`;
type MessageKey = PaymentMessageKey | ErrorKey;

/** A 422 names the field (docs/spec-map.md §8: an invalid amount shows at the amount). */
function invalidMessage(field: PaymentField): PaymentMessageKey | undefined {
  switch (field) {
    case 'transaction_amount':
    case 'route':
      return 'form.validation.amountInvalid';
    case 'booking_date':
      return 'form.validation.dateInvalid';
    case 'creditor_name':
    case 'debtor_name':
      return 'form.validation.nameTooLong';
    case 'creditor_account':
    case 'debtor_account':
      return 'form.validation.accountTooLong';
    case 'short_user_description':
      return 'form.validation.shortTooLong';
    case 'long_user_description':
      return 'form.validation.longTooLong';
    case 'hidden':
    case 'hide_counterparty':
      return undefined;
  }
}

const SAVE_ERRORS: Record<'create' | 'edit', SaveErrors<PaymentField, MessageKey>> = {
  create: {
    invalid: invalidMessage,
    failed: { field: 'root', message: 'form.errors.createFailed' },
  },
  edit: {
    invalid: invalidMessage,
    failed: { field: 'root', message: 'form.errors.editFailed' },
  },
};

/**
 * A 422 that names none of the shown fields is the invalid-amount message at the amount
 * (docs/spec-map.md §8), when the amount is shown.
 */
function placeUnnamedInvalid(error: unknown, fields: readonly PaymentField[]): unknown {
  if (!isApiError(error) || error.status !== 422) return error;
  if (!fields.includes('transaction_amount')) return error;
  if (error.errors.some((fieldError) => isPaymentField(fieldError.field))) return error;
  return new ApiError(422, error.code, error.detail, [
    { field: 'transaction_amount', code: 'invalid', message: error.detail },
  ]);
}

export interface PaymentFormProps extends EntityFormProps<PaymentFormOutput> {
  mode: 'create' | 'edit';
  /** The fields shown as inputs (and sent); the others are the modal's to show read-only. */
  fields: readonly PaymentField[];
  defaultValues: PaymentFormValues;
  /** Shown above the inputs, e.g. the locked bank fields. */
  before?: ReactNode;
  /** The attachments field (the receipt), right under amount and date. */
  attachments: ReactNode;
  /** Shown below the fields, e.g. the delete button. */
  after?: ReactNode;
  /** Under the attachments: what reading the receipt proposes, with a way to fill the form. */
  proposal?: (form: ProposalForm) => ReactNode;
}

interface ProposalForm {
  values: () => PaymentFormValues;
  fill: (values: Partial<PaymentFormValues>) => void;
}

export function PaymentForm({
  mode,
  fields,
  defaultValues,
  before,
  attachments,
  after,
  proposal,
  onSubmit,
  ...frame
}: PaymentFormProps) {
  const { t } = useTranslation('payment-forms');
  const counterId = useId();
  const form = useEntityForm({
    schema: paymentFormSchema(fields),
    defaultValues,
    errors: SAVE_ERRORS[mode],
    onSubmit: async (values) => {
      try {
        return await onSubmit(values);
      } catch (error) {
        throw placeUnnamedInvalid(error, fields);
      }
    },
    t: (key: MessageKey) => t(key),
  });
  const { register, control, setValue, getValues } = form;
  const fill = (values: Partial<PaymentFormValues>) => {
    for (const [field, value] of Object.entries(values) as Array<[PaymentField, string]>) {
      setValue(field, value, { shouldDirty: true });
    }
  };
  const shortLength = useWatch({ control, name: 'short_user_description' }).length;
  const longLength = useWatch({ control, name: 'long_user_description' }).length;
  const shown = (field: PaymentField) => fields.includes(field);
  const text = (field: PaymentField, label: string, autoComplete = 'off') =>
    shown(field) ? (
      <TextField
        label={label}
        autoComplete={autoComplete}
        error={form.errorText(field)}
        {...register(field)}
      />
    ) : null;

  return (
    <EntityForm
      form={form}
      {...frame}
      labels={{
        cancel: t('form.cancel'),
        submit: mode === 'create' ? t('form.create') : t('form.save'),
        busy: mode === 'create' ? t('form.creating') : t('form.saving'),
      }}
    >
      {before}
      {shown('transaction_amount') || shown('route') ? (
        <div className={styles.formRow}>
          {shown('transaction_amount') ? (
            <AmountField
              label={t('form.fields.amount')}
              hint={t('form.fields.amountHint')}
              error={form.errorText('transaction_amount')}
              {...register('transaction_amount', {
                // A typed minus means an expense (docs/spec-map.md §4); the route can be changed.
                onChange: (event: { target: { value: string } }) =>
                  setValue('route', routeOfTyped(event.target.value), { shouldDirty: true }),
              })}
            />
          ) : null}
          {shown('route') ? (
            <RadioGroupField
              legend={t('form.fields.route')}
              options={[
                { value: 'inkomen', label: t('routes.inkomen') },
                { value: 'uitgaven', label: t('routes.uitgaven') },
              ]}
              error={form.errorText('route')}
              {...register('route')}
            />
          ) : null}
        </div>
      ) : null}
      {shown('booking_date') ? (
        <Controller
          control={control}
          name="booking_date"
          render={({ field }) => (
            <DateField
              label={t('form.fields.bookingDate')}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              name={field.name}
              ref={field.ref}
              error={form.errorText('booking_date')}
            />
          )}
        />
      ) : null}
      {/* The receipt right under amount and date: what an owner records first, in view on a phone. */}
      {attachments}
      {proposal?.({ values: getValues, fill })}
      <div className={styles.formRow}>
        {text('creditor_name', t('form.fields.creditorName'))}
        {text('creditor_account', t('form.fields.creditorAccount'))}
      </div>
      <div className={styles.formRow}>
        {text('debtor_name', t('form.fields.debtorName'))}
        {text('debtor_account', t('form.fields.debtorAccount'))}
      </div>
      {shown('short_user_description') ? (
        <div className={styles.counted}>
          <TextField
            label={t('form.fields.shortDescription')}
            autoComplete="off"
            aria-describedby={counterId}
            error={form.errorText('short_user_description')}
            {...register('short_user_description')}
          />
          <CharacterCounter id={counterId} length={shortLength} max={SHORT_DESCRIPTION_MAX} />
        </div>
      ) : null}
      {shown('long_user_description') ? (
        <TextArea
          label={t('form.fields.longDescription')}
          rows={4}
          counter={{ length: longLength, max: LONG_DESCRIPTION_MAX }}
          error={form.errorText('long_user_description')}
          {...register('long_user_description')}
        />
      ) : null}
      {shown('hidden') ? (
        <CheckboxField
          label={t('form.fields.hidden')}
          hint={t('form.fields.hiddenHint')}
          {...register('hidden')}
        />
      ) : null}
      {shown('hide_counterparty') ? (
        <CheckboxField
          label={t('form.fields.hideCounterparty')}
          hint={t('form.fields.hideCounterpartyHint')}
          {...register('hide_counterparty')}
        />
      ) : null}
      {after}
    </EntityForm>
  );
}
