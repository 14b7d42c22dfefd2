/**
 * The regulation modals: add-regulation, edit-regulation, delete-regulation, and the officer
 * modals add-employee (Subsidiemedewerkers: grant officers) and add-officer
 * (Beleidsmedewerkers: policy officers).
 */
import type { OfficerRole } from '@helder/shared/regulations';
import { useTranslation } from 'react-i18next';
import { DeleteLoadedModal } from '../../components/ui/DeleteModal';
import { FormModal } from '../../components/ui/FormModal';
import { UserSetModal } from '../../components/ui/UserSetForm';
import { useActionLabels } from '../../lib/action-labels';
import { useIdParam } from '../../lib/params';
import { paths } from '../../lib/paths';
import { searchUsersByEmail, toPickedUser } from '../users';
import {
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
          defaultValues={{
            name: regulation.name,
            description: regulation.description,
            review_enabled: regulation.review_enabled,
          }}
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
  return (
    <DeleteLoadedModal
      title={t('modals.deleteRegulation')}
      load={useRegulation(path)}
      remove={useDeleteRegulation(path)}
      text={(regulation) => t('delete.confirm', { name: regulation.name })}
      warning={t('delete.warning')}
      notFound={t('detail.notFound')}
      failed={t('errors.deleteFailed')}
      labels={useActionLabels('regulations').remove}
      doneTo={paths.funder(path.funderId)}
    />
  );
}

const ROLE_TEXTS = {
  'grant officer': { title: 'modals.addEmployee', empty: 'officers.noGrantOfficers' },
  'policy officer': { title: 'modals.addOfficer', empty: 'officers.noPolicyOfficers' },
} as const;

function OfficersModal({ officerRole: role }: { officerRole: OfficerRole }) {
  const { t } = useTranslation('regulations');
  const path = useRegulationPath();
  const regulation = useRegulation(path);
  const current =
    role === 'grant officer' ? regulation.data?.grant_officers : regulation.data?.policy_officers;
  return (
    <UserSetModal
      title={t(ROLE_TEXTS[role].title)}
      labels={{
        search: t('officers.search'),
        empty: t(ROLE_TEXTS[role].empty),
        required: t('officers.required'),
        failed: t('officers.saveFailed'),
        cancel: t('actions.cancel'),
        save: t('actions.save'),
        saving: t('actions.saving'),
      }}
      search={searchUsersByEmail}
      initial={current?.map(toPickedUser)}
      loading={regulation.isPending}
      notFound={t('detail.notFound')}
      save={useSetOfficers(path, role)}
    />
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
