/**
 * The grant modals of a regulation: add-grant, edit-grant/:grantId, delete-grant/:grantId and
 * overseers/:grantId (Penvoerders; the spec names no route for it, see the router).
 */
import { useTranslation } from 'react-i18next';
import { DeleteLoadedModal } from '../../components/ui/DeleteModal';
import { FormModal } from '../../components/ui/FormModal';
import { UserSetModal } from '../../components/ui/UserSetForm';
import { useActionLabels } from '../../lib/action-labels';
import { formatAmountInput } from '../../lib/amount';
import { useIdParam } from '../../lib/params';
import { HistoryPanel } from '../audit';
import { useRegulationPath } from '../regulations';
import { searchUsersByEmail, toPickedUser } from '../users';
import { useCreateGrant, useDeleteGrant, useGrant, useSetOverseers, useUpdateGrant } from './api';
import { GrantForm } from './GrantForm';
import styles from './grants.module.css';

function useGrantPath() {
  return { ...useRegulationPath(), grantId: useIdParam('grantId') };
}

/** add-grant: 'Beschikking aanmaken'. */
export function AddGrantModal() {
  const { t } = useTranslation('grants');
  return (
    <FormModal title={t('modals.addGrant')} save={useCreateGrant(useRegulationPath())}>
      {(form) => <GrantForm mode="create" {...form} />}
    </FormModal>
  );
}

export function EditGrantModal() {
  const { t } = useTranslation('grants');
  const path = useGrantPath();
  return (
    <FormModal
      title={t('modals.editGrant')}
      save={useUpdateGrant(path)}
      load={useGrant(path)}
      notFound={t('errors.notFound')}
    >
      {(form, grant) => (
        <>
          <GrantForm
            mode="edit"
            defaultValues={{
              reference: grant.reference,
              name: grant.name,
              budget: formatAmountInput(grant.budget),
            }}
            {...form}
          />
          <HistoryPanel entityClass="Grant" entityId={grant.id} level={3} />
        </>
      )}
    </FormModal>
  );
}

export function DeleteGrantModal() {
  const { t } = useTranslation('grants');
  const path = useGrantPath();
  return (
    <DeleteLoadedModal
      title={t('modals.deleteGrant')}
      load={useGrant(path)}
      remove={useDeleteGrant(path)}
      text={(grant) => t('delete.confirm', { name: grant.name, reference: grant.reference })}
      warning={t('delete.warning')}
      notFound={t('errors.notFound')}
      failed={t('errors.deleteFailed')}
      labels={useActionLabels('grants').remove}
    />
  );
}

/** overseers/:grantId: 'Penvoerders' of a grant (same picker as the officers). */
export function OverseersModal() {
  const { t } = useTranslation('grants');
  const path = useGrantPath();
  const grant = useGrant(path);
  return (
    <UserSetModal
      title={t('modals.overseers')}
      labels={{
        search: t('overseers.search'),
        empty: t('overseers.none'),
        required: t('overseers.required'),
        failed: t('overseers.saveFailed'),
        cancel: t('actions.cancel'),
        save: t('actions.save'),
        saving: t('actions.saving'),
      }}
      search={searchUsersByEmail}
      initial={grant.data?.overseers.map(toPickedUser)}
      loading={grant.isPending}
      notFound={t('errors.notFound')}
      intro={
        grant.data && (
          <p className={styles.intro}>
            {t('overseers.intro', { reference: grant.data.reference, name: grant.data.name })}
          </p>
        )
      }
      save={useSetOverseers(path)}
    />
  );
}
