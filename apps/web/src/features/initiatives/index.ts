/** Public entry of the initiatives feature. */
export { InitiativesPage } from './InitiativesPage';
export { InitiativePage, InitiativeView, useInitiativeActions } from './InitiativePage';
export {
  CreateInitiativeModal,
  DeleteInitiativeModal,
  EditInitiativeModal,
  InitiativeModal,
  InitiativeOwnersModal,
  type InitiativeModalName,
} from './InitiativeModals';
export { initiativesKeys, useInitiative } from './api';
export { DetailLayout, type DetailEntity, type DetailTab } from './DetailLayout';
export { ActivityList, DetailsTab, OwnersTab, SponsorsTab } from './DetailTabs';
export { FundForm } from './FundForm';
export { DeleteFundModal, EditFundModal, FundOwnersModal } from './FundModals';
export { INITIATIVE_MODAL_FALLBACK, useModalCloseTo } from './ModalParts';
export { ACTIVITY_FORM_FIELDS, EMPTY_FORM } from './schemas';
export {
  ACTIVITY_TABS,
  useActiveTab,
  type DetailSlots,
  type FundScope,
  type TabState,
} from './tabs';
export type { FundLinkState } from './InitiativesPage';
