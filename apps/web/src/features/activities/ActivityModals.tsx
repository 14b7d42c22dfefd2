/**
 * Modals of activities (own module: the pages do not load Radix and the form code):
 * add-activity (on the initiative), edit-activity, delete-activity and gebruikers/link-owners.
 * The payment modals stay placeholders until the payments issue.
 */
import type { ActivityInput } from '@helder/shared/activities';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RouteModal } from '../../components/ui/Modal';
import { PlaceholderModal } from '../../components/ui/PlaceholderModal';
import { errorText } from '../../lib/error-text';
import type { Resources } from '../../lib/i18n';
import { useIdParam } from '../../lib/params';
import { useEntityEditFields, useSession } from '../auth';
import {
  ACTIVITY_FORM_FIELDS,
  changedValues,
  ConfirmDelete,
  EMPTY_FORM,
  FundForm,
  INITIATIVE_MODAL_FALLBACK,
  ModalState,
  ownerToPicked,
  OwnersForm,
  PictureUploadError,
  toFormValues,
  useModalCloseTo,
} from '../initiatives';
import {
  useActivity,
  useCreateActivity,
  useDeleteActivity,
  useSetActivityOwners,
  useUpdateActivity,
  useUploadActivityPicture,
} from './api';

/** /funds/:initiativeId/add-activity: 'Activiteit toevoegen'; the new one opens afterwards. */
export function AddActivityModal() {
  const { t } = useTranslation('activities');
  const initiativeId = useIdParam('initiativeId');
  const closeTo = useModalCloseTo(INITIATIVE_MODAL_FALLBACK);
  const create = useCreateActivity(initiativeId);
  const title = t('create.title');
  return (
    <RouteModal title={title} busy={create.isPending} size="large" closeTo={closeTo}>
      {(close) => (
        <FundForm
          mode="create"
          kind="activity"
          title={title}
          fields={ACTIVITY_FORM_FIELDS}
          defaultValues={EMPTY_FORM}
          busy={create.isPending}
          onCancel={() => close()}
          onSubmit={async (values) => {
            const activity = await create.mutateAsync(values as ActivityInput);
            close(`/funds/${initiativeId}/activities/${activity.id}`);
          }}
        />
      )}
    </RouteModal>
  );
}

/** …/activities/:activityId/edit-activity: 'Beheer activiteit', fields as edit-fields allows. */
export function EditActivityModal() {
  const { t } = useTranslation('activities');
  const { t: ti } = useTranslation('initiatives');
  const { t: tc } = useTranslation();
  const initiativeId = useIdParam('initiativeId');
  const activityId = useIdParam('activityId');
  const closeTo = useModalCloseTo();
  const activity = useActivity(initiativeId, activityId);
  const editFields = useEntityEditFields({ entity_class: 'Activity', entity_id: activityId });
  const update = useUpdateActivity(initiativeId, activityId);
  const upload = useUploadActivityPicture(initiativeId, activityId);
  const [busy, setBusy] = useState(false);
  const title = t('edit.title');

  return (
    <RouteModal title={title} busy={busy} size="large" closeTo={closeTo}>
      {(close) => {
        const data = activity.data;
        const allowed = editFields.data?.fields;
        if (!data || !allowed) {
          const error = activity.error ?? editFields.error;
          return (
            <ModalState
              error={error ? tc('errors.loadFailed', { message: errorText(error) }) : null}
              onClose={() => close()}
              loadingLabel={ti('form.loading')}
            />
          );
        }
        const fields = ACTIVITY_FORM_FIELDS.filter((field) => allowed.includes(field));
        if (fields.length === 0) {
          return <ModalState error={ti('form.noFields')} onClose={() => close()} loadingLabel="" />;
        }
        return (
          <FundForm
            mode="manage"
            kind="activity"
            title={title}
            fields={fields}
            defaultValues={toFormValues(data)}
            picture={{ current: data.profile_picture }}
            busy={busy}
            onCancel={() => close()}
            onSubmit={async (values, file) => {
              setBusy(true);
              try {
                const changes = changedValues(values, data);
                if (Object.keys(changes).length > 0) await update.mutateAsync(changes);
                if (file) {
                  try {
                    await upload.mutateAsync(file);
                  } catch (error) {
                    throw new PictureUploadError(error);
                  }
                }
                close();
              } finally {
                setBusy(false);
              }
            }}
          />
        );
      }}
    </RouteModal>
  );
}

/**
 * …/activities/:activityId/delete-activity: 'Activiteit verwijderen'. Afterwards to the fund
 * page (/funds/:id/activiteiten); cancel returns to the activity (spec §4).
 */
export function DeleteActivityModal() {
  const { t } = useTranslation('activities');
  const initiativeId = useIdParam('initiativeId');
  const activityId = useIdParam('activityId');
  const closeTo = useModalCloseTo();
  const remove = useDeleteActivity(initiativeId, activityId);
  return (
    <RouteModal title={t('delete.title')} busy={remove.isPending} size="small" closeTo={closeTo}>
      {(close) => (
        <ConfirmDelete
          text={t('delete.confirm')}
          cancelLabel={t('delete.cancel')}
          submitLabel={t('delete.submit')}
          busyLabel={t('delete.submitting')}
          failure={remove.isError ? t('delete.failed') : null}
          busy={remove.isPending}
          onCancel={() => close()}
          onConfirm={() =>
            remove.mutate(undefined, {
              onSuccess: () => close(`/funds/${initiativeId}/activiteiten`, { replace: true }),
            })
          }
        />
      )}
    </RouteModal>
  );
}

/** …/activities/:activityId/gebruikers/link-owners: 'Activiteitnemers toevoegen'. */
export function ActivityOwnersModal() {
  const { t } = useTranslation('activities');
  const { t: ti } = useTranslation('initiatives');
  const { t: tc } = useTranslation();
  const session = useSession();
  const initiativeId = useIdParam('initiativeId');
  const activityId = useIdParam('activityId');
  const activity = useActivity(initiativeId, activityId);
  const save = useSetActivityOwners(initiativeId, activityId);
  const title = t('owners.title');
  return (
    <RouteModal title={title} busy={save.isPending}>
      {(close) => {
        if (!session) {
          return (
            <ModalState error={t('owners.loginRequired')} onClose={() => close()} loadingLabel="" />
          );
        }
        if (!activity.data) {
          return (
            <ModalState
              error={
                activity.error
                  ? tc('errors.loadFailed', { message: errorText(activity.error) })
                  : null
              }
              onClose={() => close()}
              loadingLabel={ti('form.loading')}
            />
          );
        }
        return (
          <OwnersForm
            title={title}
            selectedLabel={t('owners.listLabel')}
            emptyText={t('owners.none')}
            failedText={t('owners.saveFailed')}
            initial={activity.data.activity_owners.map(ownerToPicked)}
            busy={save.isPending}
            failed={save.isError}
            onSave={(userIds) => save.mutate(userIds, { onSuccess: () => close() })}
            onCancel={() => close()}
          />
        );
      }}
    </RouteModal>
  );
}

export type ActivityModalName = keyof Resources['activities']['modals'];

/** The payment modals of an activity: placeholders until the payments issue. */
export function ActivityModal({ modal }: { modal: ActivityModalName }) {
  const { t } = useTranslation('activities');
  return <PlaceholderModal title={t(`modals.${modal}`)} />;
}
