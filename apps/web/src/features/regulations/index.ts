/** Public entry of the regulations feature. */
export { regulationsKeys, searchUsersByEmail, toPickedUser, useRegulation } from './api';
export { RegulationsPage } from './RegulationsPage';
export {
  RegulationDetail,
  type GrantSummary,
  type RegulationDetailProps,
  type RegulationGrantsProps,
} from './RegulationDetail';
export {
  AddRegulationModal,
  DeleteRegulationModal,
  EditRegulationModal,
  GrantOfficersModal,
  PolicyOfficersModal,
  UserSetForm,
  type UserSetFormProps,
} from './RegulationModals';
