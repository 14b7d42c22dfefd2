/** Public entry of the regulations feature. */
export { regulationsQueries, useRegulation, type RegulationPath } from './api';
export { useRegulationPath } from './paths';
export { RegulationsPage } from './RegulationsPage';
export { RegulationDetail, type RegulationGrantsProps } from './RegulationDetail';
export {
  AddRegulationModal,
  DeleteRegulationModal,
  EditRegulationModal,
  GrantOfficersModal,
  PolicyOfficersModal,
} from './RegulationModals';
export { OverviewButton } from './OverviewButton';
