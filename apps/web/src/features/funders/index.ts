/** Public entry of the funders (sponsors) feature. */
export { fundersKeys, useFunder } from './api';
export { FundersPage } from './FundersPage';
export { AddFunderModal, DeleteFunderModal, EditFunderModal } from './FunderModals';
