export { ActivitiesPage, ActivityPage } from './ActivitiesPlaceholders';
export { ActivityModal, type ActivityModalName } from './ActivityModals';
