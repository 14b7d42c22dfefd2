/**
 * Modals of activities (own module: the pages do not load Radix and the form code):
 * add-activity (on the initiative), edit-activity, delete-activity and gebruikers/link-owners.
 * The payment modals are the payments feature's.
 */
import type { ActivityInput } from '@helder/shared/activities';
import { useTranslation } from 'react-i18next';
import { RouteModal } from '../../components/ui/Modal';
import { useIdParam } from '../../lib/params';
import { paths } from '../../lib/paths';
import {
  ACTIVITY_FORM_FIELDS,
  DeleteSpendingUnitModal,
  EditSpendingUnitModal,
  EMPTY_FORM,
  SpendingUnitForm,
  SpendingUnitOwnersModal,
  INITIATIVE_MODAL_FALLBACK,
  useModalCloseTo,
} from '../initiatives';
import {
  useActivity,
  useCreateActivity,
  useDeleteActivity,
  useRemoveActivityPicture,
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
        <SpendingUnitForm
          mode="create"
          kind="activity"
          title={title}
          fields={ACTIVITY_FORM_FIELDS}
          defaultValues={EMPTY_FORM}
          busy={create.isPending}
          onCancel={() => close()}
          onSubmit={async (values) => {
            const activity = await create.mutateAsync(values as ActivityInput);
            close(paths.activity(initiativeId, activity.id));
          }}
        />
      )}
    </RouteModal>
  );
}

/** …/activities/:activityId/edit-activity: 'Beheer activiteit', fields as edit-fields allows. */
export function EditActivityModal() {
  const initiativeId = useIdParam('initiativeId');
  const activityId = useIdParam('activityId');
  const closeTo = useModalCloseTo();
  const activity = useActivity(initiativeId, activityId);
  const update = useUpdateActivity(initiativeId, activityId);
  const upload = useUploadActivityPicture(initiativeId, activityId);
  const removePicture = useRemoveActivityPicture(initiativeId, activityId);
  return (
    <EditSpendingUnitModal
      kind="activity"
      id={activityId}
      closeTo={closeTo}
      entity={activity}
      update={update}
      upload={upload}
      removePicture={removePicture}
    />
  );
}

/**
 * …/activities/:activityId/delete-activity: 'Activiteit verwijderen'. Afterwards to the
 * initiative (/funds/:id/activiteiten); cancel returns to the activity (docs/spec-map.md §4).
 */
export function DeleteActivityModal() {
  const initiativeId = useIdParam('initiativeId');
  const activityId = useIdParam('activityId');
  const closeTo = useModalCloseTo();
  const remove = useDeleteActivity(initiativeId, activityId);
  return (
    <DeleteSpendingUnitModal
      kind="activity"
      closeTo={closeTo}
      remove={remove}
      doneTo={paths.initiative(initiativeId, 'activities')}
    />
  );
}

/** …/activities/:activityId/gebruikers/link-owners: 'Activiteitnemers toevoegen'. */
export function ActivityOwnersModal() {
  const initiativeId = useIdParam('initiativeId');
  const activityId = useIdParam('activityId');
  const activity = useActivity(initiativeId, activityId);
  const save = useSetActivityOwners(initiativeId, activityId);
  return (
    <SpendingUnitOwnersModal
      kind="activity"
      owners={{ data: activity.data?.activity_owners, error: activity.error }}
      save={save}
    />
  );
}
