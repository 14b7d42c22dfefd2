/**
 * The modals initiative and activity share, parameterised by kind: manage (edit-fund /
 * edit-activity), delete and gebruikers/link-owners. The callers run the queries and mutations of
 * their kind and pass them in; the texts come from the kind's namespace.
 */
import type { Owner } from '@helder/shared/initiatives';
import type { Picture } from '@helder/shared/users';
import type { UseMutationResult } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DeleteModal } from '../../components/ui/DeleteModal';
import { RouteModal } from '../../components/ui/Modal';
import { UserSetForm } from '../../components/ui/UserSetForm';
import { isApiError } from '../../lib/api';
import { errorText } from '../../lib/error-text';
import { useEntityEditFields, useSession } from '../auth';
import { searchUsersByEmail, toPickedUser } from '../users';
import { SpendingUnitForm, PictureUploadError } from './SpendingUnitForm';
import { ModalState } from './ModalParts';
import {
  changedValues,
  formFields,
  toFormValues,
  type SpendingUnitFormOutput,
  type SpendingUnitKind,
  type SpendingUnitValuesSource,
} from './schemas';

const namespace = (kind: SpendingUnitKind) =>
  kind === 'initiative' ? 'initiatives' : 'activities';

interface Loaded<T> {
  data: T | undefined;
  error: Error | null;
}

export interface EditSpendingUnitModalProps {
  kind: SpendingUnitKind;
  id: number;
  closeTo: string;
  /** The initiative or activity. */
  entity: Loaded<SpendingUnitValuesSource & { profile_picture: Picture | null }>;
  update: { mutateAsync: (changes: SpendingUnitFormOutput) => Promise<unknown> };
  upload: { mutateAsync: (file: File) => Promise<unknown> };
  removePicture: { mutateAsync: () => Promise<unknown> };
}

/** 'Beheer initiatief' / 'Beheer activiteit': the fields edit-fields allows, and the picture. */
export function EditSpendingUnitModal({
  kind,
  id,
  closeTo,
  entity,
  update,
  upload,
  removePicture,
}: EditSpendingUnitModalProps) {
  const { t } = useTranslation(namespace(kind));
  const { t: tf } = useTranslation('initiative-forms');
  const { t: tc } = useTranslation();
  const [busy, setBusy] = useState(false);
  const title = t('edit.title');
  const editFields = useEntityEditFields({
    entity_class: kind === 'initiative' ? 'Initiative' : 'Activity',
    entity_id: id,
  });

  return (
    <RouteModal title={title} busy={busy} size="large" closeTo={closeTo}>
      {(close) => {
        const data = entity.data;
        const allowed = editFields.data?.fields;
        if (!data || !allowed) {
          const error = entity.error ?? editFields.error;
          return (
            <ModalState
              error={error ? tc('errors.loadFailed', { message: errorText(error) }) : null}
              onClose={() => close()}
              loadingLabel={tf('form.loading')}
            />
          );
        }
        const fields = formFields(kind).filter((field) => allowed.includes(field));
        if (fields.length === 0) {
          return <ModalState error={tf('form.noFields')} onClose={() => close()} loadingLabel="" />;
        }
        return (
          <SpendingUnitForm
            mode="manage"
            kind={kind}
            title={title}
            fields={fields}
            defaultValues={toFormValues(data)}
            picture={{ current: data.profile_picture }}
            busy={busy}
            onCancel={() => close()}
            onSubmit={async (values, picture) => {
              setBusy(true);
              try {
                const changes = changedValues(values, data);
                if (Object.keys(changes).length > 0) await update.mutateAsync(changes);
                if (picture) {
                  try {
                    await (picture === 'remove'
                      ? removePicture.mutateAsync()
                      : upload.mutateAsync(picture));
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

export interface DeleteSpendingUnitModalProps {
  kind: SpendingUnitKind;
  closeTo: string;
  remove: Pick<
    UseMutationResult<unknown, Error, void>,
    'isPending' | 'isError' | 'error' | 'mutate'
  >;
  /** Where a deleted one goes (replacing the modal in the history). */
  doneTo: string;
  /** The failure text of a 422, if it has its own; else the kind's 'delete.failed'. */
  validationFailure?: string;
}

/** 'Weet je zeker dat …?': delete, then to `doneTo`; cancel returns to `closeTo`. */
export function DeleteSpendingUnitModal({
  kind,
  closeTo,
  remove,
  doneTo,
  validationFailure,
}: DeleteSpendingUnitModalProps) {
  const { t } = useTranslation(namespace(kind));
  const failure = remove.isError
    ? validationFailure !== undefined && isApiError(remove.error) && remove.error.status === 422
      ? validationFailure
      : t('delete.failed')
    : null;
  return (
    <DeleteModal
      title={t('delete.title')}
      text={t('delete.confirm')}
      error={failure}
      labels={{
        cancel: t('delete.cancel'),
        confirm: t('delete.submit'),
        busy: t('delete.submitting'),
      }}
      busy={remove.isPending}
      closeTo={closeTo}
      onConfirm={(close) =>
        remove.mutate(undefined, { onSuccess: () => close(doneTo, { replace: true }) })
      }
    />
  );
}

export interface SpendingUnitOwnersModalProps {
  kind: SpendingUnitKind;
  /** The current owners (undefined while the initiative or activity loads). */
  owners: Loaded<Owner[]>;
  save: Pick<UseMutationResult<unknown, Error, number[]>, 'isPending' | 'isError' | 'mutate'>;
}

/** gebruikers/link-owners: 'Initiatiefnemers toevoegen' / 'Activiteitnemers toevoegen'. */
export function SpendingUnitOwnersModal({ kind, owners, save }: SpendingUnitOwnersModalProps) {
  const { t } = useTranslation(namespace(kind));
  const { t: ti } = useTranslation('initiatives');
  const { t: tf } = useTranslation('initiative-forms');
  const { t: tc } = useTranslation();
  const session = useSession();
  const title = t('owners.title');
  return (
    <RouteModal title={title} busy={save.isPending}>
      {(close) => {
        if (!session) {
          return (
            <ModalState error={t('owners.loginRequired')} onClose={() => close()} loadingLabel="" />
          );
        }
        if (!owners.data) {
          return (
            <ModalState
              error={
                owners.error ? tc('errors.loadFailed', { message: errorText(owners.error) }) : null
              }
              onClose={() => close()}
              loadingLabel={tf('form.loading')}
            />
          );
        }
        return (
          <UserSetForm
            title={title}
            labels={{
              search: ti('owners.search'),
              selected: t('owners.listLabel'),
              empty: t('owners.none'),
              failed: t('owners.saveFailed'),
              cancel: ti('owners.cancel'),
              save: ti('owners.save'),
              saving: ti('owners.saving'),
            }}
            search={searchUsersByEmail}
            initial={owners.data.map(toPickedUser)}
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
