/**
 * The payment modals of an initiative and of an activity (docs/spec-map.md §2.2, §2.7, §4):
 * add-payment, {paymentId}/details (the edit form with Payment edit, else read-only) and
 * {paymentId}/delete-payment. They return to the Transactieoverzicht tab with its filter.
 */
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { Alert } from '../../components/ui/Alert';
import { Button } from '../../components/ui/Button';
import { ButtonLink } from '../../components/ui/ButtonLink';
import { DeleteModal } from '../../components/ui/DeleteModal';
import { FormActions } from '../../components/ui/Form';
import { TrashIcon } from '../../components/ui/icons';
import { RouteModal } from '../../components/ui/Modal';
import { Spinner } from '../../components/ui/Spinner';
import { isApiError } from '../../lib/api';
import { useIdParam } from '../../lib/params';
import { paths } from '../../lib/paths';
import { HistoryPanel } from '../audit';
import { useCan, useEntityEditFields } from '../auth';
import {
  AttachmentsError,
  useCreatePayment,
  useDeletePayment,
  usePayment,
  useSavePayment,
} from './api';
import { AttachmentsField, useNewFiles } from './AttachmentsField';
import { bankFacts, PaymentFacts } from './PaymentFacts';
import { ReceiptReading } from './ReceiptReading';
import { PaymentForm } from './PaymentForm';
import styles from './form.module.css';
import { ReviewPanel } from './ReviewPanel';
import { usePaymentsScope, useReturnToPayments, type SavedPaymentState } from './routing';
import {
  bookingDay,
  changedFields,
  createBody,
  NEW_PAYMENT_FORM,
  isPaymentField,
  PAYMENT_FORM_FIELDS,
  paymentToForm,
} from './schemas';

/** Navigation state of the details modal: the new payment's attachments failed to upload. */
interface PaymentDetailsState {
  attachmentsFailed?: boolean;
}

/** …/add-payment: 'Transactie toevoegen'. Creates the payment, then uploads its attachments. */
export function AddPaymentModal() {
  const { t } = useTranslation('payment-forms');
  const scope = usePaymentsScope();
  const back = useReturnToPayments(scope);
  const { search } = useLocation();
  const create = useCreatePayment();
  const newFiles = useNewFiles();
  const title = t('form.addTitle');
  return (
    <RouteModal title={title} busy={create.isPending} size="large" closeTo={back}>
      {(close) => (
        <PaymentForm
          mode="create"
          title={title}
          busy={create.isPending}
          fields={PAYMENT_FORM_FIELDS}
          defaultValues={NEW_PAYMENT_FORM}
          attachments={<AttachmentsField newFiles={newFiles} />}
          onCancel={() => close()}
          onSubmit={async (values) => {
            const { payment, attachmentsFailed } = await create.mutateAsync({
              body: createBody(values, scope),
              files: newFiles.files.map(({ file }) => file),
            });
            if (!attachmentsFailed) {
              const state: SavedPaymentState = { saved: { id: payment.id, created: true } };
              close(back, { state });
              return;
            }
            // The payment exists: offer the upload again on its own modal.
            const state: PaymentDetailsState = { attachmentsFailed: true };
            close(
              `${paths.paymentDetails(scope.initiativeId, payment.id, scope.activityId)}${search}`,
              { state },
            );
          }}
        />
      )}
    </RouteModal>
  );
}

/** A modal's body when what it shows failed to load, with a way out. */
function LoadFailed({ message, onClose }: { message: string; onClose: () => void }) {
  const { t } = useTranslation('payment-forms');
  return (
    <>
      <Alert>{message}</Alert>
      <FormActions align="end">
        <Button variant="secondary" onClick={onClose}>
          {t('details.close')}
        </Button>
      </FormActions>
    </>
  );
}

/**
 * …/{paymentId}/details: the payment with its Payment actions. With `edit` the edit form (the
 * bank's fields read-only unless edit-fields lists them), else the read-only details; 'Verwijderen'
 * with `delete`. A payment whose booking date is invalid is logged and shown read-only.
 */
export function PaymentDetailsModal() {
  const { t } = useTranslation('payment-forms');
  const scope = usePaymentsScope();
  const paymentId = useIdParam('paymentId');
  const back = useReturnToPayments(scope);
  const location = useLocation();
  const uploadFailed = (location.state as PaymentDetailsState | null)?.attachmentsFailed === true;
  const payment = usePayment(paymentId);
  const actions = useCan('Payment', paymentId);
  const mayReview = actions.can('review');
  const lockId = useId();
  // An approved expense waits for its review to be reopened (docs/api-rules.md §20).
  const locked = payment.data?.review?.status === 'approved' && !mayReview;
  const canEdit = actions.can('edit') && !locked;
  const editFields = useEntityEditFields(
    canEdit ? { entity_class: 'Payment', entity_id: paymentId } : null,
  );
  const save = useSavePayment(paymentId);
  const newFiles = useNewFiles();
  const [marked, setMarked] = useState<ReadonlySet<number>>(new Set());
  const [attachmentsFailed, setAttachmentsFailed] = useState(false);

  const data = payment.data;
  const day = data ? bookingDay(data.booking_date) : null;
  const invalidDate = data !== undefined && day === null;
  const rawDate = data?.booking_date;
  useEffect(() => {
    if (invalidDate) {
      console.error(`Payment ${paymentId} has an invalid booking_date: ${String(rawDate)}`);
    }
  }, [invalidDate, paymentId, rawDate]);

  const editing = canEdit && !invalidDate;
  const title = editing ? t('form.editTitle') : t('details.title');
  const deleteLink =
    actions.can('delete') && !locked ? (
      <div className={styles.deleteRow}>
        <ButtonLink
          to={`${paths.deletePayment(scope.initiativeId, paymentId, scope.activityId)}${location.search}`}
          variant="danger"
          icon={<TrashIcon size={18} />}
        >
          {t('details.delete')}
        </ButtonLink>
      </div>
    ) : null;

  const history = <HistoryPanel entityClass="Payment" entityId={paymentId} level={3} />;
  const review = data ? <ReviewPanel payment={data} mayReview={mayReview} /> : null;
  const lockedEdit =
    locked && actions.can('edit') ? (
      <>
        <Alert tone="info" id={lockId}>
          {t('review.lockedHint')}
        </Alert>
        <Button variant="secondary" disabled aria-describedby={lockId}>
          {t('review.edit')}
        </Button>
      </>
    ) : null;

  const toggleMark = (attachmentId: number) =>
    setMarked((old) => {
      const next = new Set(old);
      if (!next.delete(attachmentId)) next.add(attachmentId);
      return next;
    });

  return (
    <RouteModal title={title} busy={save.isPending} size="large" closeTo={back}>
      {(close) => {
        if (payment.isError) {
          const notFound = isApiError(payment.error) && payment.error.status === 404;
          return (
            <LoadFailed
              message={notFound ? t('details.notFound') : t('details.loadFailed')}
              onClose={() => close()}
            />
          );
        }
        if (!data || actions.isLoading || (canEdit && editFields.isPending)) {
          return <Spinner label={t('details.loading')} />;
        }
        if (!editing || day === null) {
          return (
            <>
              {invalidDate ? <Alert tone="info">{t('details.invalidDate')}</Alert> : null}
              {lockedEdit}
              <PaymentFacts payment={data} />
              {review}
              {history}
              <FormActions align={deleteLink ? 'between' : 'end'}>
                {deleteLink}
                <Button variant="secondary" onClick={() => close()}>
                  {t('details.close')}
                </Button>
              </FormActions>
            </>
          );
        }
        const editable = (editFields.data?.fields ?? []).filter(isPaymentField);
        const locked = bankFacts(editable);
        return (
          <PaymentForm
            mode="edit"
            title={title}
            busy={save.isPending}
            fields={editable}
            defaultValues={paymentToForm(data, day)}
            before={
              <>
                {uploadFailed ? <Alert tone="info">{t('attachments.uploadFailed')}</Alert> : null}
                {locked.length > 0 ? (
                  <PaymentFacts payment={data} facts={locked} attachments={false} />
                ) : null}
              </>
            }
            attachments={
              <>
                {attachmentsFailed ? <Alert>{t('form.errors.attachmentsFailed')}</Alert> : null}
                <AttachmentsField
                  current={data.attachments}
                  marked={marked}
                  onToggleMark={toggleMark}
                  newFiles={newFiles}
                />
              </>
            }
            proposal={(form) => {
              const newest = data.attachments.at(-1);
              return newest ? (
                <ReceiptReading
                  key={newest.id}
                  attachmentId={newest.id}
                  shown={editable}
                  current={form.values}
                  onApply={form.fill}
                />
              ) : null;
            }}
            after={
              <>
                {review}
                {deleteLink}
                {history}
              </>
            }
            onCancel={() => close()}
            onSubmit={async (values) => {
              setAttachmentsFailed(false);
              try {
                await save.mutateAsync({
                  remove: [...marked],
                  files: newFiles.files.map(({ file }) => file),
                  patch: changedFields(values, data),
                  onRemoved: () => setMarked(new Set()),
                  onUploaded: newFiles.clear,
                });
              } catch (error) {
                if (!(error instanceof AttachmentsError)) throw error;
                setAttachmentsFailed(true);
                return;
              }
              const state: SavedPaymentState = { saved: { id: paymentId, created: false } };
              close(back, { state });
            }}
          />
        );
      }}
    </RouteModal>
  );
}

/** …/{paymentId}/delete-payment: confirm; afterwards to the list, cancel back to the details. */
export function DeletePaymentModal() {
  const { t } = useTranslation('payment-forms');
  const scope = usePaymentsScope();
  const paymentId = useIdParam('paymentId');
  const back = useReturnToPayments(scope);
  const { search } = useLocation();
  const remove = useDeletePayment(paymentId);
  return (
    <DeleteModal
      title={t('delete.title')}
      text={t('delete.confirm')}
      warning={t('delete.warning')}
      error={remove.isError && t('delete.failed')}
      labels={{ cancel: t('delete.cancel'), confirm: t('delete.submit'), busy: t('delete.busy') }}
      busy={remove.isPending}
      closeTo={`${paths.paymentDetails(scope.initiativeId, paymentId, scope.activityId)}${search}`}
      onConfirm={(close) => remove.mutate(undefined, { onSuccess: () => close(back) })}
    />
  );
}
