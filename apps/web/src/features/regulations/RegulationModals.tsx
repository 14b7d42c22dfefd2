/**
 * The regulation modals: add-regulation, edit-regulation, delete-regulation, and the officer
 * modals add-employee (Subsidiemedewerkers: grant officers) and add-officer
 * (Beleidsmedewerkers: policy officers).
 */
import type { OfficerRole } from '@helder/shared/regulations';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../components/ui/Alert';
import { Button } from '../../components/ui/Button';
import { Form, FormActions } from '../../components/ui/Form';
import { RouteModal } from '../../components/ui/Modal';
import { DeleteModal } from '../../components/ui/DeleteModal';
import { Spinner } from '../../components/ui/Spinner';
import { UserPicker, type PickedUser } from '../../components/ui/UserPicker';
import { isApiError } from '../../lib/api';
import { useIdParam } from '../../lib/params';
import {
  searchUsersByEmail,
  toPickedUser,
  useCreateRegulation,
  useDeleteRegulation,
  useRegulation,
  useSetOfficers,
  useUpdateRegulation,
} from './api';
import { RegulationForm, type RegulationFormError } from './RegulationForm';

/** Create (spec §8): 409 → 'Naam is al in gebruik.' on the name; anything else on the description. */
const createError = (error: unknown): RegulationFormError =>
  isApiError(error) && error.status === 409
    ? { field: 'name', message: 'errors.nameTaken' }
    : { field: 'description', message: 'errors.createFailed' };

/** Edit: 409 → 'Naam is al in gebruik' (the edit variant has no full stop). */
const updateError = (error: unknown): RegulationFormError =>
  isApiError(error) && error.status === 409
    ? { field: 'name', message: 'errors.nameTakenEdit' }
    : { field: 'root', message: 'errors.updateFailed' };

export function AddRegulationModal() {
  const { t } = useTranslation('regulations');
  const funderId = useIdParam('sponsorId');
  const create = useCreateRegulation(funderId);
  const title = t('modals.addRegulation');
  return (
    <RouteModal title={title} busy={create.isPending}>
      {(close) => (
        <RegulationForm
          title={title}
          submitLabel={t('actions.save')}
          busy={create.isPending}
          onSubmit={async (values) => {
            const regulation = await create.mutateAsync(values);
            close(`/sponsors/${funderId}/regulations/${regulation.id}`);
          }}
          errorFor={createError}
          onCancel={() => close()}
        />
      )}
    </RouteModal>
  );
}

export function EditRegulationModal() {
  const { t } = useTranslation('regulations');
  const funderId = useIdParam('sponsorId');
  const regulationId = useIdParam('regulationId');
  const regulation = useRegulation(funderId, regulationId);
  const update = useUpdateRegulation(funderId, regulationId);
  const title = t('modals.editRegulation');
  return (
    <RouteModal title={title} busy={update.isPending}>
      {(close) =>
        regulation.isPending ? (
          <Spinner />
        ) : regulation.isError ? (
          <Alert>{t('detail.notFound')}</Alert>
        ) : (
          <RegulationForm
            title={title}
            defaultValues={{
              name: regulation.data.name,
              description: regulation.data.description,
            }}
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

/** Deleting goes back to /sponsors/:sponsorId (spec §2.2); cancelling to the regulation. */
export function DeleteRegulationModal() {
  const { t } = useTranslation('regulations');
  const funderId = useIdParam('sponsorId');
  const regulationId = useIdParam('regulationId');
  return (
    <DeleteModal
      title={t('modals.deleteRegulation')}
      entity={useRegulation(funderId, regulationId)}
      remove={useDeleteRegulation(funderId, regulationId)}
      after={`/sponsors/${funderId}`}
      texts={{
        confirm: (regulation) => t('delete.confirm', { name: regulation.name }),
        warning: t('delete.warning'),
        failed: t('errors.deleteFailed'),
        notFound: t('detail.notFound'),
        cancel: t('actions.cancel'),
        delete: t('actions.delete'),
        deleting: t('actions.deleting'),
      }}
    />
  );
}

const ROLE_TEXTS = {
  'grant officer': { title: 'modals.addEmployee', empty: 'officers.noGrantOfficers' },
  'policy officer': { title: 'modals.addOfficer', empty: 'officers.noPolicyOfficers' },
} as const;

/**
 * A set of users (officers of one role, or a grant's overseers): the current ones, a user search
 * to add more, at least one required. The caller saves the ids.
 */
export interface UserSetFormProps {
  title: string;
  searchLabel: string;
  emptyText: string;
  requiredText: string;
  failedText: string;
  initial: PickedUser[];
  busy: boolean;
  failed: boolean;
  onSave: (userIds: number[]) => void;
  onCancel: () => void;
}

export function UserSetForm({
  title,
  searchLabel,
  emptyText,
  requiredText,
  failedText,
  initial,
  busy,
  failed,
  onSave,
  onCancel,
}: UserSetFormProps) {
  const { t } = useTranslation('regulations');
  const [users, setUsers] = useState(initial);
  const [submitted, setSubmitted] = useState(false);
  const missing = submitted && users.length === 0;

  return (
    <Form
      aria-label={title}
      onSubmit={(event) => {
        event.preventDefault();
        setSubmitted(true);
        if (users.length > 0) onSave(users.map((user) => user.id));
      }}
    >
      {failed ? <Alert>{failedText}</Alert> : null}
      <UserPicker
        label={searchLabel}
        selectedLabel={title}
        emptyText={emptyText}
        search={searchUsersByEmail}
        value={users}
        onChange={setUsers}
        error={missing ? requiredText : undefined}
      />
      <FormActions align="end">
        <Button variant="secondary" onClick={onCancel} disabled={busy}>
          {t('actions.cancel')}
        </Button>
        <Button type="submit" busy={busy}>
          {busy ? t('actions.saving') : t('actions.save')}
        </Button>
      </FormActions>
    </Form>
  );
}

function OfficersModal({ officerRole: role }: { officerRole: OfficerRole }) {
  const { t } = useTranslation('regulations');
  const funderId = useIdParam('sponsorId');
  const regulationId = useIdParam('regulationId');
  const regulation = useRegulation(funderId, regulationId);
  const save = useSetOfficers(funderId, regulationId, role);
  const title = t(ROLE_TEXTS[role].title);
  const current =
    role === 'grant officer' ? regulation.data?.grant_officers : regulation.data?.policy_officers;
  return (
    <RouteModal title={title} busy={save.isPending}>
      {(close) =>
        regulation.isPending ? (
          <Spinner />
        ) : regulation.isError || !current ? (
          <Alert>{t('detail.notFound')}</Alert>
        ) : (
          <UserSetForm
            title={title}
            searchLabel={t('officers.search')}
            emptyText={t(ROLE_TEXTS[role].empty)}
            requiredText={t('officers.required')}
            failedText={t('officers.saveFailed')}
            initial={current.map(toPickedUser)}
            busy={save.isPending}
            failed={save.isError}
            onSave={(userIds) => save.mutate(userIds, { onSuccess: () => close() })}
            onCancel={() => close()}
          />
        )
      }
    </RouteModal>
  );
}

/** add-employee: Subsidiemedewerkers (grant officers). */
export function GrantOfficersModal() {
  return <OfficersModal officerRole="grant officer" />;
}

/** add-officer: Beleidsmedewerkers (policy officers). */
export function PolicyOfficersModal() {
  return <OfficersModal officerRole="policy officer" />;
}
