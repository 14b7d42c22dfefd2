/** The sponsor modals: /sponsors/add-sponsor, /sponsors/:sponsorId/edit-sponsor and delete-sponsor. */
import { useTranslation } from 'react-i18next';
import { DeleteLoadedModal } from '../../components/ui/DeleteModal';
import { FormModal } from '../../components/ui/FormModal';
import { useActionLabels } from '../../lib/action-labels';
import { useIdParam } from '../../lib/params';
import { paths } from '../../lib/paths';
import { useCreateFunder, useDeleteFunder, useFunder, useFunderLogo, useUpdateFunder } from './api';
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
  const update = useUpdateFunder(funderId);
  const logo = useFunderLogo(funderId);
  return (
    <FormModal
      title={t('modals.editSponsor')}
      // The logo is saved with the fields: the modal waits for both.
      save={{ isPending: update.isPending || logo.isPending, mutateAsync: update.mutateAsync }}
      load={useFunder(funderId)}
      notFound={t('errors.notFound')}
    >
      {(form, funder) => (
        <FunderForm
          mode="edit"
          defaultValues={{ name: funder.name, url: funder.url }}
          logo={{ current: funder.logo ?? null, save: logo.save }}
          {...form}
        />
      )}
    </FormModal>
  );
}

export function DeleteFunderModal() {
  const { t } = useTranslation('funders');
  const funderId = useIdParam('sponsorId');
  return (
    <DeleteLoadedModal
      title={t('modals.deleteSponsor')}
      load={useFunder(funderId)}
      remove={useDeleteFunder(funderId)}
      text={(funder) => t('delete.confirm', { name: funder.name })}
      warning={t('delete.warning')}
      notFound={t('errors.notFound')}
      failed={t('errors.deleteFailed')}
      labels={useActionLabels('funders').remove}
      doneTo={paths.funders()}
    />
  );
}
