export { InitiativePage, InitiativesPage } from './InitiativesPlaceholders';
export { InitiativeModal, type InitiativeModalName } from './InitiativeModals';
