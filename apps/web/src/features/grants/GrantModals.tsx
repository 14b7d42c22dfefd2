/**
 * The grant modals of a regulation: add-grant, edit-grant/:grantId, delete-grant/:grantId and
 * overseers/:grantId (Penvoerders; the spec names no route for it, see the router).
 */
import { useTranslation } from 'react-i18next';
import { Alert } from '../../components/ui/Alert';
import { DeleteModal } from '../../components/ui/DeleteModal';
import { FormModal } from '../../components/ui/FormModal';
import { RouteModal } from '../../components/ui/Modal';
import { Spinner } from '../../components/ui/Spinner';
import { formatAmountInput } from '../../lib/amount';
import { useIdParam } from '../../lib/params';
import { toPickedUser, useRegulationPath, UserSetForm } from '../regulations';
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
        <GrantForm
          mode="edit"
          defaultValues={{
            reference: grant.reference,
            name: grant.name,
            budget: formatAmountInput(grant.budget),
          }}
          {...form}
        />
      )}
    </FormModal>
  );
}

export function DeleteGrantModal() {
  const { t } = useTranslation('grants');
  const path = useGrantPath();
  const grant = useGrant(path);
  const remove = useDeleteGrant(path);
  return (
    <DeleteModal
      title={t('modals.deleteGrant')}
      text={
        grant.data &&
        t('delete.confirm', { name: grant.data.name, reference: grant.data.reference })
      }
      warning={t('delete.warning')}
      loading={grant.isPending}
      loadError={grant.isError && t('errors.notFound')}
      error={remove.isError && t('errors.deleteFailed')}
      labels={{
        cancel: t('actions.cancel'),
        confirm: t('actions.delete'),
        busy: t('actions.deleting'),
      }}
      busy={remove.isPending}
      disabled={!grant.data}
      onConfirm={(close) => remove.mutate(undefined, { onSuccess: () => close() })}
    />
  );
}

/** overseers/:grantId: 'Penvoerders' of a grant (same picker as the officers). */
export function OverseersModal() {
  const { t } = useTranslation('grants');
  const path = useGrantPath();
  const grant = useGrant(path);
  const save = useSetOverseers(path);
  const title = t('modals.overseers');
  return (
    <RouteModal title={title} busy={save.isPending}>
      {(close) =>
        grant.isPending ? (
          <Spinner />
        ) : grant.isError ? (
          <Alert>{t('errors.notFound')}</Alert>
        ) : (
          <>
            <p className={styles.intro}>
              {t('overseers.intro', { reference: grant.data.reference, name: grant.data.name })}
            </p>
            <UserSetForm
              title={title}
              searchLabel={t('overseers.search')}
              emptyText={t('overseers.none')}
              requiredText={t('overseers.required')}
              failedText={t('overseers.saveFailed')}
              initial={grant.data.overseers.map(toPickedUser)}
              busy={save.isPending}
              failed={save.isError}
              onSave={(userIds) => save.mutate(userIds, { onSuccess: () => close() })}
              onCancel={() => close()}
            />
          </>
        )
      }
    </RouteModal>
  );
}
