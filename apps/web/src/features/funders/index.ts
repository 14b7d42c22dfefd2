export { FundersPage } from './FundersPlaceholders';
export { FunderModal, type FunderModalName } from './FunderModals';
