/**
 * Modals of initiatives (own module: the pages do not load Radix and the form code):
 * add-fund (create under a grant), edit-fund, delete-fund and gebruikers/link-owners. The payment
 * modals stay placeholders until the payments issue.
 */
import type { InitiativeInput } from '@helder/shared/initiatives';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { RouteModal } from '../../components/ui/Modal';
import { PlaceholderModal } from '../../components/ui/PlaceholderModal';
import { isApiError } from '../../lib/api';
import { errorText } from '../../lib/error-text';
import type { Resources } from '../../lib/i18n';
import { useIdParam } from '../../lib/params';
import { useEntityEditFields, useSession } from '../auth';
import { useRegulation } from '../regulations';
import {
  ownerToPicked,
  useCreateInitiative,
  useDeleteInitiative,
  useInitiative,
  useSetInitiativeOwners,
  useUpdateInitiative,
  useUploadInitiativePicture,
} from './api';
import { FundForm, PictureUploadError } from './FundForm';
import {
  ConfirmDelete,
  INITIATIVE_MODAL_FALLBACK,
  ModalState,
  OwnersForm,
  useModalCloseTo,
} from './ModalParts';
import {
  changedValues,
  EMPTY_FORM,
  INITIATIVE_FORM_FIELDS,
  toFormValues,
  type FundFormOutput,
} from './schemas';

/** The grant of add-fund: `?grant=<id>` (the grant row's link) or a `:grantId` segment. */
function useGrantIdParam(): number | null {
  const [searchParams] = useSearchParams();
  const { grantId } = useParams();
  const value = searchParams.get('grant') ?? grantId ?? '';
  if (!/^[1-9]\d{0,9}$/.test(value)) return null;
  const id = Number(value);
  return id <= 2_147_483_647 ? id : null;
}

/**
 * /sponsors/:sponsorId/regulations/:regulationId/add-fund?grant=<id>: 'Initiatief aanmaken'
 * under that grant (spec §5, §8). Afterwards the new initiative opens.
 */
export function CreateInitiativeModal() {
  const { t } = useTranslation('initiatives');
  const funderId = useIdParam('sponsorId');
  const regulationId = useIdParam('regulationId');
  const grantId = useGrantIdParam();
  const regulation = useRegulation(funderId, regulationId);
  const grant = regulation.data?.grants.find((g) => g.id === grantId);
  const create = useCreateInitiative({ funderId, regulationId, grantId: grantId ?? 0 });
  const title = t('create.title');

  return (
    <RouteModal
      title={title}
      description={
        grant ? t('create.grant', { reference: grant.reference, name: grant.name }) : undefined
      }
      busy={create.isPending}
      size="large"
    >
      {(close) =>
        grantId === null ? (
          <ModalState error={t('create.grantMissing')} onClose={() => close()} loadingLabel="" />
        ) : (
          <FundForm
            mode="create"
            kind="initiative"
            title={title}
            fields={INITIATIVE_FORM_FIELDS}
            defaultValues={EMPTY_FORM}
            busy={create.isPending}
            onCancel={() => close()}
            onSubmit={async (values) => {
              const initiative = await create.mutateAsync(values as InitiativeInput);
              close(`/funds/${initiative.id}/activiteiten`, {
                state: { initiativeName: initiative.name },
              });
            }}
          />
        )
      }
    </RouteModal>
  );
}

/** /funds/:initiativeId/edit-fund: 'Beheer initiatief', fields as edit-fields allows. */
export function EditInitiativeModal() {
  const { t } = useTranslation('initiatives');
  const { t: tc } = useTranslation();
  const id = useIdParam('initiativeId');
  const closeTo = useModalCloseTo(INITIATIVE_MODAL_FALLBACK);
  const initiative = useInitiative(id);
  const editFields = useEntityEditFields({ entity_class: 'Initiative', entity_id: id });
  const update = useUpdateInitiative(id);
  const upload = useUploadInitiativePicture(id);
  const [busy, setBusy] = useState(false);
  const title = t('edit.title');

  return (
    <RouteModal title={title} busy={busy} size="large" closeTo={closeTo}>
      {(close) => {
        const data = initiative.data;
        const allowed = editFields.data?.fields;
        if (!data || !allowed) {
          const error = initiative.error ?? editFields.error;
          return (
            <ModalState
              error={error ? tc('errors.loadFailed', { message: errorText(error) }) : null}
              onClose={() => close()}
              loadingLabel={t('form.loading')}
            />
          );
        }
        const fields = INITIATIVE_FORM_FIELDS.filter((field) => allowed.includes(field));
        if (fields.length === 0) {
          return <ModalState error={t('form.noFields')} onClose={() => close()} loadingLabel="" />;
        }
        return (
          <FundForm
            mode="manage"
            kind="initiative"
            title={title}
            fields={fields}
            defaultValues={toFormValues(data)}
            picture={{ current: data.profile_picture }}
            busy={busy}
            onCancel={() => close()}
            onSubmit={async (values: FundFormOutput, file) => {
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

/** /funds/:initiativeId/delete-fund: confirm; afterwards to /funds (spec §4). */
export function DeleteInitiativeModal() {
  const { t } = useTranslation('initiatives');
  const id = useIdParam('initiativeId');
  const closeTo = useModalCloseTo(INITIATIVE_MODAL_FALLBACK);
  const remove = useDeleteInitiative(id);
  const failure = remove.isError
    ? isApiError(remove.error) && remove.error.status === 422
      ? t('form.errors.validation')
      : t('delete.failed')
    : null;
  return (
    <RouteModal title={t('delete.title')} busy={remove.isPending} size="small" closeTo={closeTo}>
      {(close) => (
        <ConfirmDelete
          text={t('delete.confirm')}
          cancelLabel={t('delete.cancel')}
          submitLabel={t('delete.submit')}
          busyLabel={t('delete.submitting')}
          failure={failure}
          busy={remove.isPending}
          onCancel={() => close()}
          onConfirm={() =>
            remove.mutate(undefined, { onSuccess: () => close('/funds', { replace: true }) })
          }
        />
      )}
    </RouteModal>
  );
}

/** /funds/:initiativeId/gebruikers/link-owners: 'Initiatiefnemers toevoegen'. */
export function InitiativeOwnersModal() {
  const { t } = useTranslation('initiatives');
  const { t: tc } = useTranslation();
  const session = useSession();
  const id = useIdParam('initiativeId');
  const initiative = useInitiative(id);
  const save = useSetInitiativeOwners(id);
  const title = t('owners.title');
  return (
    <RouteModal title={title} busy={save.isPending}>
      {(close) => {
        if (!session) {
          return (
            <ModalState error={t('owners.loginRequired')} onClose={() => close()} loadingLabel="" />
          );
        }
        if (!initiative.data) {
          return (
            <ModalState
              error={
                initiative.error
                  ? tc('errors.loadFailed', { message: errorText(initiative.error) })
                  : null
              }
              onClose={() => close()}
              loadingLabel={t('form.loading')}
            />
          );
        }
        return (
          <OwnersForm
            title={title}
            selectedLabel={t('owners.listLabel')}
            emptyText={t('owners.none')}
            failedText={t('owners.saveFailed')}
            initial={initiative.data.initiative_owners.map(ownerToPicked)}
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

export type InitiativeModalName = keyof Resources['initiatives']['modals'];

/** The payment modals: placeholders until the payments issue. */
export function InitiativeModal({ modal }: { modal: InitiativeModalName }) {
  const { t } = useTranslation('initiatives');
  return <PlaceholderModal title={t(`modals.${modal}`)} />;
}
