/**
 * What reading the newest receipt proposes (docs/api-rules.md §19), under the attachments of the
 * edit form: 'Bon wordt gelezen…' while the job runs, then date, amount, shop and VAT with the
 * unsure ones marked 'controleer', and 'Gegevens overnemen' to fill the form. Nothing is filled
 * without that action; a failed read says so and leaves the form as it was.
 */
import type { ReceiptReading as Reading } from '@helder/shared/media';
import { mediaRoutes } from '@helder/shared/media/client';
import { formatEuro } from '@helder/shared/money';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../components/ui/Alert';
import { Button } from '../../components/ui/Button';
import { Spinner } from '../../components/ui/Spinner';
import { formatAmountInput } from '../../lib/amount';
import { callApi } from '../../lib/api';
import { dayToText } from '../../lib/dates';
import type { PaymentField, PaymentFormValues } from './schemas';
import styles from './reading.module.css';

/** The form polls this often while the job runs, and stops after POLL_LIMIT tries. */
const POLL_MS = 1500;
const POLL_LIMIT = 60;

type Fields = NonNullable<Reading['fields']>;

/** The form's values the proposal fills, only those the form shows and the receipt gave. */
function proposedValues(
  fields: Fields,
  shown: readonly PaymentField[],
  current: Pick<PaymentFormValues, 'short_user_description' | 'long_user_description'>,
  vatText: (rates: string, amount: string) => string,
): Partial<PaymentFormValues> {
  const values: Partial<PaymentFormValues> = {};
  const has = (field: PaymentField) => shown.includes(field);
  if (fields.amount && has('transaction_amount')) {
    // A receipt is money spent.
    values.transaction_amount = formatAmountInput(-fields.amount.value);
    if (has('route')) values.route = 'uitgaven';
  }
  if (fields.date && has('booking_date')) values.booking_date = dayToText(fields.date.value);
  if (fields.shop) {
    if (has('creditor_name')) values.creditor_name = fields.shop.value;
    if (has('short_user_description') && !current.short_user_description.trim()) {
      values.short_user_description = fields.shop.value;
    }
  }
  if (fields.vat && has('long_user_description') && !current.long_user_description.trim()) {
    const rates = fields.vat_rates.map((rate) => `${rate}%`).join(', ');
    values.long_user_description = vatText(rates, formatEuro(fields.vat.value));
  }
  return values;
}

export interface ReceiptReadingProps {
  attachmentId: number;
  shown: readonly PaymentField[];
  current: () => PaymentFormValues;
  onApply: (values: Partial<PaymentFormValues>) => void;
}

export function ReceiptReading({ attachmentId, shown, current, onApply }: ReceiptReadingProps) {
  const { t } = useTranslation('payment-forms');
  const [applied, setApplied] = useState(false);
  const reading = useQuery({
    queryKey: ['receipt-reading', attachmentId],
    queryFn: ({ signal }) =>
      callApi(mediaRoutes.reading, { params: { mediaId: attachmentId }, signal }),
    retry: false,
    refetchInterval: (query) =>
      query.state.data?.status === 'queued' && query.state.dataUpdateCount < POLL_LIMIT
        ? POLL_MS
        : false,
  });
  const data = reading.data;
  // No reading (a server without a job queue, an old receipt): the form stays as it is.
  if (reading.isError || !data) return null;
  if (data.status === 'queued') {
    return (
      <div className={styles.readingBusy} role="status">
        <Spinner size="small" decorative />
        <span>{t('reading.busy')}</span>
      </div>
    );
  }
  if (data.status === 'failed' || !data.fields) {
    return <Alert tone="info">{t(`reading.errors.${data.error ?? 'failed'}`)}</Alert>;
  }
  const fields = data.fields;
  const foreign = fields.currency !== 'EUR';
  const row = (label: string, value: string | null, unsure: boolean | undefined) => (
    <div className={styles.readingRow}>
      <dt>{label}</dt>
      <dd>
        {value ?? t('reading.notFound')}
        {value !== null && unsure ? (
          <span className={styles.readingCheck}> ({t('reading.check')})</span>
        ) : null}
      </dd>
    </div>
  );
  const values = proposedValues(fields, shown, current(), (rates, amount) =>
    t('reading.vatText', { rates, amount }),
  );
  const vat = fields.vat && `${formatEuro(fields.vat.value)} (${fields.vat_rates.join(', ')}%)`;
  return (
    <section className={styles.reading} aria-labelledby={`reading-${attachmentId}`}>
      <h3 id={`reading-${attachmentId}`} className={styles.readingTitle}>
        {t('reading.title')}
      </h3>
      <dl className={styles.readingList}>
        {row(t('reading.date'), fields.date && dayToText(fields.date.value), fields.date?.unsure)}
        {foreign
          ? row(t('reading.amount'), t('reading.foreign', { currency: fields.currency }), false)
          : row(
              t('reading.amount'),
              fields.amount && formatEuro(fields.amount.value),
              fields.amount?.unsure,
            )}
        {row(t('reading.shop'), fields.shop?.value ?? null, fields.shop?.unsure)}
        {row(t('reading.vat'), vat ?? null, fields.vat?.unsure)}
      </dl>
      {Object.keys(values).length > 0 ? (
        <Button
          variant="secondary"
          onClick={() => {
            onApply(values);
            setApplied(true);
          }}
        >
          {t('reading.apply')}
        </Button>
      ) : null}
      {applied ? <Alert tone="success">{t('reading.applied')}</Alert> : null}
    </section>
  );
}
