/** The sponsor modals: /sponsors/add-sponsor, /sponsors/:sponsorId/edit-sponsor and delete-sponsor. */
import { useTranslation } from 'react-i18next';
import { DeleteModal } from '../../components/ui/DeleteModal';
import { FormModal } from '../../components/ui/FormModal';
import { useIdParam } from '../../lib/params';
import { paths } from '../../lib/paths';
import { useCreateFunder, useDeleteFunder, useFunder, useUpdateFunder } from './api';
import { FunderForm } from './FunderForm';

export function AddFunderModal() {
  const { t } = useTranslation('funders');
  return (
    <FormModal title={t('modals.addSponsor')} save={useCreateFunder()}>
      {(form) => <FunderForm mode="create" {...form} />}
    </FormModal>
  );
}

export function EditFunderModal() {
  const { t } = useTranslation('funders');
  const funderId = useIdParam('sponsorId');
  return (
    <FormModal
      title={t('modals.editSponsor')}
      save={useUpdateFunder(funderId)}
      load={useFunder(funderId)}
      notFound={t('errors.notFound')}
    >
      {(form, funder) => (
        <FunderForm mode="edit" defaultValues={{ name: funder.name, url: funder.url }} {...form} />
      )}
    </FormModal>
  );
}

export function DeleteFunderModal() {
  const { t } = useTranslation('funders');
  const funderId = useIdParam('sponsorId');
  const funder = useFunder(funderId);
  const remove = useDeleteFunder(funderId);
  return (
    <DeleteModal
      title={t('modals.deleteSponsor')}
      text={funder.data && t('delete.confirm', { name: funder.data.name })}
      warning={t('delete.warning')}
      loading={funder.isPending}
      loadError={funder.isError && t('errors.notFound')}
      error={remove.isError && t('errors.deleteFailed')}
      labels={{
        cancel: t('actions.cancel'),
        confirm: t('actions.delete'),
        busy: t('actions.deleting'),
      }}
      busy={remove.isPending}
      disabled={!funder.data}
      onConfirm={(close) => remove.mutate(undefined, { onSuccess: () => close(paths.funders()) })}
    />
  );
}
