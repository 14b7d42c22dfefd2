/** Public entry of the funders feature. */
export { useFunder } from './api';
export { FundersPage } from './FundersPage';
export { AddFunderModal, DeleteFunderModal, EditFunderModal } from './FunderModals';
export { OpenDataLinks } from './OpenDataLinks';
