/** The sponsor modals: /sponsors/add-sponsor, /sponsors/:sponsorId/edit-sponsor and delete-sponsor. */
import { useTranslation } from 'react-i18next';
import { Alert } from '../../components/ui/Alert';
import { DeleteModal } from '../../components/ui/DeleteModal';
import { RouteModal } from '../../components/ui/Modal';
import { Spinner } from '../../components/ui/Spinner';
import { isApiError } from '../../lib/api';
import { useIdParam } from '../../lib/params';
import { useCreateFunder, useDeleteFunder, useFunder, useUpdateFunder } from './api';
import { FunderForm, type FunderFormError } from './FunderForm';

/** Create failures (spec §8): one message, on the name field when the name is taken. */
const createError = (error: unknown): FunderFormError =>
  isApiError(error) && error.status === 409
    ? { field: 'name', message: 'errors.createFailed' }
    : { field: 'root', message: 'errors.createFailed' };

const updateError = (error: unknown): FunderFormError =>
  isApiError(error) && error.status === 409
    ? { field: 'name', message: 'errors.nameTaken' }
    : { field: 'root', message: 'errors.updateFailed' };

export function AddFunderModal() {
  const { t } = useTranslation('funders');
  const create = useCreateFunder();
  const title = t('modals.addSponsor');
  return (
    <RouteModal title={title} busy={create.isPending}>
      {(close) => (
        <FunderForm
          title={title}
          submitLabel={t('actions.save')}
          busy={create.isPending}
          onSubmit={async (values) => {
            await create.mutateAsync(values);
            close();
          }}
          errorFor={createError}
          onCancel={() => close()}
        />
      )}
    </RouteModal>
  );
}

export function EditFunderModal() {
  const { t } = useTranslation('funders');
  const id = useIdParam('sponsorId');
  const funder = useFunder(id);
  const update = useUpdateFunder(id);
  const title = t('modals.editSponsor');
  return (
    <RouteModal title={title} busy={update.isPending}>
      {(close) =>
        funder.isPending ? (
          <Spinner />
        ) : funder.isError ? (
          <Alert>{t('errors.notFound')}</Alert>
        ) : (
          <FunderForm
            title={title}
            defaultValues={{ name: funder.data.name, url: funder.data.url }}
            submitLabel={t('actions.update')}
            busy={update.isPending}
            onSubmit={async (values) => {
              await update.mutateAsync(values);
              close();
            }}
            errorFor={updateError}
            onCancel={() => close()}
          />
        )
      }
    </RouteModal>
  );
}

export function DeleteFunderModal() {
  const { t } = useTranslation('funders');
  const id = useIdParam('sponsorId');
  return (
    <DeleteModal
      title={t('modals.deleteSponsor')}
      entity={useFunder(id)}
      remove={useDeleteFunder(id)}
      after="/sponsors"
      texts={{
        confirm: (funder) => t('delete.confirm', { name: funder.name }),
        warning: t('delete.warning'),
        failed: t('errors.deleteFailed'),
        notFound: t('errors.notFound'),
        cancel: t('actions.cancel'),
        delete: t('actions.delete'),
        deleting: t('actions.deleting'),
      }}
    />
  );
}
