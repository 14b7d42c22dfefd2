export { RegulationDetail, RegulationsPage } from './RegulationsPlaceholders';
export { RegulationModal, type RegulationModalName } from './RegulationModals';
