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
import { DeleteModal } from '../../components/ui/DeleteModal';
import { Form, FormActions } from '../../components/ui/Form';
import { FormModal } from '../../components/ui/FormModal';
import { RouteModal } from '../../components/ui/Modal';
import { Spinner } from '../../components/ui/Spinner';
import { UserPicker, type PickedUser } from '../../components/ui/UserPicker';
import { useIdParam } from '../../lib/params';
import { paths } from '../../lib/paths';
import {
  searchUsersByEmail,
  toPickedUser,
  useCreateRegulation,
  useDeleteRegulation,
  useRegulation,
  useSetOfficers,
  useUpdateRegulation,
} from './api';
import { useRegulationPath } from './paths';
import { RegulationForm } from './RegulationForm';

/** add-regulation: afterwards the new regulation opens. */
export function AddRegulationModal() {
  const { t } = useTranslation('regulations');
  const funderId = useIdParam('sponsorId');
  return (
    <FormModal
      title={t('modals.addRegulation')}
      save={useCreateRegulation(funderId)}
      savedTo={(regulation) => paths.regulation(funderId, regulation.id)}
    >
      {(form) => <RegulationForm mode="create" {...form} />}
    </FormModal>
  );
}

export function EditRegulationModal() {
  const { t } = useTranslation('regulations');
  const path = useRegulationPath();
  return (
    <FormModal
      title={t('modals.editRegulation')}
      save={useUpdateRegulation(path)}
      load={useRegulation(path)}
      notFound={t('detail.notFound')}
    >
      {(form, regulation) => (
        <RegulationForm
          mode="edit"
          defaultValues={{ name: regulation.name, description: regulation.description }}
          {...form}
        />
      )}
    </FormModal>
  );
}

/**
 * Deleting goes back to /sponsors/:sponsorId (docs/spec-map.md §2.2); cancelling to the regulation.
 */
export function DeleteRegulationModal() {
  const { t } = useTranslation('regulations');
  const path = useRegulationPath();
  const regulation = useRegulation(path);
  const remove = useDeleteRegulation(path);
  return (
    <DeleteModal
      title={t('modals.deleteRegulation')}
      text={regulation.data && t('delete.confirm', { name: regulation.data.name })}
      warning={t('delete.warning')}
      loading={regulation.isPending}
      loadError={regulation.isError && t('detail.notFound')}
      error={remove.isError && t('errors.deleteFailed')}
      labels={{
        cancel: t('actions.cancel'),
        confirm: t('actions.delete'),
        busy: t('actions.deleting'),
      }}
      busy={remove.isPending}
      disabled={!regulation.data}
      onConfirm={(close) =>
        remove.mutate(undefined, { onSuccess: () => close(paths.funder(path.funderId)) })
      }
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
  const path = useRegulationPath();
  const regulation = useRegulation(path);
  const save = useSetOfficers(path, role);
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
