/**
 * Modals of initiatives (own module: the pages do not load Radix and the form code):
 * add-fund (create under a grant), edit-fund, delete-fund and gebruikers/link-owners. The payment
 * modals are the payments feature's.
 */
import type { InitiativeInput } from '@helder/shared/initiatives';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { RouteModal } from '../../components/ui/Modal';
import { parseId, useIdParam } from '../../lib/params';
import { paths } from '../../lib/paths';
import { useRegulation } from '../regulations';
import {
  useCreateInitiative,
  useDeleteInitiative,
  useInitiative,
  useRemoveInitiativePicture,
  useSetInitiativeOwners,
  useUpdateInitiative,
  useUploadInitiativePicture,
} from './api';
import { SpendingUnitForm } from './SpendingUnitForm';
import {
  DeleteSpendingUnitModal,
  EditSpendingUnitModal,
  SpendingUnitOwnersModal,
} from './SpendingUnitModals';
import { INITIATIVE_MODAL_FALLBACK, ModalState, useModalCloseTo } from './ModalParts';
import { EMPTY_FORM, INITIATIVE_FORM_FIELDS } from './schemas';

/** The grant of add-fund: `?grant=<id>` (the grant row's link) or a `:grantId` segment. */
function useGrantIdParam(): number | null {
  const [searchParams] = useSearchParams();
  const { grantId } = useParams();
  return parseId(searchParams.get('grant') ?? grantId);
}

/**
 * /sponsors/:sponsorId/regulations/:regulationId/add-fund?grant=<id>: 'Initiatief aanmaken'
 * under that grant (docs/spec-map.md §5, docs/api-rules.md §8). Afterwards the new initiative
 * opens.
 */
export function CreateInitiativeModal() {
  const { t } = useTranslation('initiatives');
  const funderId = useIdParam('sponsorId');
  const regulationId = useIdParam('regulationId');
  const grantId = useGrantIdParam();
  const regulation = useRegulation({ funderId, regulationId });
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
          <SpendingUnitForm
            mode="create"
            kind="initiative"
            title={title}
            fields={INITIATIVE_FORM_FIELDS}
            defaultValues={EMPTY_FORM}
            busy={create.isPending}
            onCancel={() => close()}
            onSubmit={async (values) => {
              const initiative = await create.mutateAsync(values as InitiativeInput);
              close(paths.initiative(initiative.id, 'activities'), {
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
  const id = useIdParam('initiativeId');
  const closeTo = useModalCloseTo(INITIATIVE_MODAL_FALLBACK);
  const initiative = useInitiative(id);
  const update = useUpdateInitiative(id);
  const upload = useUploadInitiativePicture(id);
  const removePicture = useRemoveInitiativePicture(id);
  return (
    <EditSpendingUnitModal
      kind="initiative"
      id={id}
      closeTo={closeTo}
      entity={initiative}
      update={update}
      upload={upload}
      removePicture={removePicture}
    />
  );
}

/** /funds/:initiativeId/delete-fund: confirm; afterwards to /funds (docs/spec-map.md §4). */
export function DeleteInitiativeModal() {
  const { t } = useTranslation('initiative-forms');
  const id = useIdParam('initiativeId');
  const closeTo = useModalCloseTo(INITIATIVE_MODAL_FALLBACK);
  const remove = useDeleteInitiative(id);
  return (
    <DeleteSpendingUnitModal
      kind="initiative"
      closeTo={closeTo}
      remove={remove}
      doneTo={paths.initiatives()}
      validationFailure={t('form.errors.validation')}
    />
  );
}

/** /funds/:initiativeId/gebruikers/link-owners: 'Initiatiefnemers toevoegen'. */
export function InitiativeOwnersModal() {
  const id = useIdParam('initiativeId');
  const initiative = useInitiative(id);
  const save = useSetInitiativeOwners(id);
  return (
    <SpendingUnitOwnersModal
      kind="initiative"
      owners={{ data: initiative.data?.initiative_owners, error: initiative.error }}
      save={save}
    />
  );
}
