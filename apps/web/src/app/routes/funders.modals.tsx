// Modals of sponsors, regulations and grants.
import { AddFunderModal, DeleteFunderModal, EditFunderModal } from '../../features/funders';
import {
  AddGrantModal,
  DeleteGrantModal,
  EditGrantModal,
  OverseersModal,
} from '../../features/grants';
import {
  AddRegulationModal,
  DeleteRegulationModal,
  EditRegulationModal,
  GrantOfficersModal,
  PolicyOfficersModal,
} from '../../features/regulations';
import type { Namespace } from '../../lib/i18n';

export const namespaces: Namespace[] = ['funders', 'regulations', 'grants'];

export const AddSponsor = AddFunderModal;
export const EditSponsor = EditFunderModal;
export const DeleteSponsor = DeleteFunderModal;

export const AddRegulation = AddRegulationModal;
export const EditRegulation = EditRegulationModal;
export const DeleteRegulation = DeleteRegulationModal;
/** add-employee: Subsidiemedewerkers (grant officers). */
export const AddEmployee = GrantOfficersModal;
/** add-officer: Beleidsmedewerkers (policy officers). */
export const AddOfficer = PolicyOfficersModal;

export const AddGrant = AddGrantModal;
export const EditGrant = EditGrantModal;
export const DeleteGrant = DeleteGrantModal;
export const Overseers = OverseersModal;
