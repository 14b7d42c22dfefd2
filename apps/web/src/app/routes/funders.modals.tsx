// Modals of funders, regulations and grants.
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

export const AddFunder = AddFunderModal;
export const EditFunder = EditFunderModal;
export const DeleteFunder = DeleteFunderModal;

export const AddRegulation = AddRegulationModal;
export const EditRegulation = EditRegulationModal;
export const DeleteRegulation = DeleteRegulationModal;
/** add-employee: Subsidiemedewerkers. */
export const GrantOfficers = GrantOfficersModal;
/** add-officer: Beleidsmedewerkers. */
export const PolicyOfficers = PolicyOfficersModal;

export const AddGrant = AddGrantModal;
export const EditGrant = EditGrantModal;
export const DeleteGrant = DeleteGrantModal;
export const Overseers = OverseersModal;
