/**
 * The grant modals of a regulation: add-grant, edit-grant/:grantId, delete-grant/:grantId and
 * overseers/:grantId (Penvoerders; the spec names no route for it, see the router).
 */
import { useTranslation } from 'react-i18next';
import { Alert } from '../../components/ui/Alert';
import { RouteModal } from '../../components/ui/Modal';
import { DeleteModal } from '../../components/ui/DeleteModal';
import { Spinner } from '../../components/ui/Spinner';
import { isApiError } from '../../lib/api';
import { formatAmountInput } from '../../lib/amount';
import { useIdParam } from '../../lib/params';
import { toPickedUser, UserSetForm } from '../regulations';
import { useCreateGrant, useDeleteGrant, useGrant, useSetOverseers, useUpdateGrant } from './api';
import { GrantForm, type GrantFormError } from './GrantForm';
import styles from './grants.module.css';

/** 409 codes of the API; everything else is a plain failure above the form. */
const conflictCode = (error: unknown) =>
  isApiError(error) && error.status === 409 ? error.code : null;

const createError = (error: unknown): GrantFormError => {
  const code = conflictCode(error);
  if (code === 'REFERENCE_TAKEN')
    return { field: 'reference', message: 'errors.create.referenceTaken' };
  if (code === 'NAME_TAKEN') return { field: 'name', message: 'errors.create.nameTaken' };
  return { field: 'root', message: 'errors.create.failed' };
};

const updateError = (error: unknown): GrantFormError => {
  const code = conflictCode(error);
  if (code === 'REFERENCE_TAKEN')
    return { field: 'reference', message: 'errors.edit.referenceTaken' };
  if (code === 'NAME_TAKEN') return { field: 'name', message: 'errors.edit.nameTaken' };
  return { field: 'root', message: 'errors.edit.failed' };
};

function useRegulationPath() {
  return { funderId: useIdParam('sponsorId'), regulationId: useIdParam('regulationId') };
}

function useGrantPath() {
  return { ...useRegulationPath(), grantId: useIdParam('grantId') };
}

/** add-grant: 'Beschikking aanmaken'. */
export function AddGrantModal() {
  const { t } = useTranslation('grants');
  const create = useCreateGrant(useRegulationPath());
  const title = t('modals.addGrant');
  return (
    <RouteModal title={title} busy={create.isPending}>
      {(close) => (
        <GrantForm
          title={title}
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

export function EditGrantModal() {
  const { t } = useTranslation('grants');
  const path = useGrantPath();
  const grant = useGrant(path);
  const update = useUpdateGrant(path);
  const title = t('modals.editGrant');
  return (
    <RouteModal title={title} busy={update.isPending}>
      {(close) =>
        grant.isPending ? (
          <Spinner />
        ) : grant.isError ? (
          <Alert>{t('errors.notFound')}</Alert>
        ) : (
          <GrantForm
            title={title}
            defaultValues={{
              reference: grant.data.reference,
              name: grant.data.name,
              budget: formatAmountInput(grant.data.budget),
            }}
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

export function DeleteGrantModal() {
  const { t } = useTranslation('grants');
  const path = useGrantPath();
  return (
    <DeleteModal
      title={t('modals.deleteGrant')}
      entity={useGrant(path)}
      remove={useDeleteGrant(path)}
      texts={{
        confirm: (grant) => t('delete.confirm', { name: grant.name, reference: grant.reference }),
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
