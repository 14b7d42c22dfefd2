/** Public entry of the initiatives feature. */
export { InitiativesPage, prefetchInitiativesList } from './InitiativesPage';
export { InitiativePage, InitiativeView } from './InitiativePage';
export {
  CreateInitiativeModal,
  DeleteInitiativeModal,
  EditInitiativeModal,
  InitiativeOwnersModal,
} from './InitiativeModals';
export { initiativesQueries, useInitiative } from './api';
export { DetailLayout } from './DetailLayout';
export { ActivityList, DetailsTab, FundersTab, OwnersTab } from './DetailTabs';
export { SpendingUnitForm } from './SpendingUnitForm';
export {
  DeleteSpendingUnitModal,
  EditSpendingUnitModal,
  SpendingUnitOwnersModal,
} from './SpendingUnitModals';
export { INITIATIVE_MODAL_FALLBACK, useModalCloseTo } from './ModalParts';
export { ACTIVITY_FORM_FIELDS, EMPTY_FORM } from './schemas';
export { ACTIVITY_TABS, useActiveTab, type DetailSlots, type TabState } from './tabs';
export type { InitiativeLinkState } from './InitiativesPage';
