/** Public entry of the activities feature. */
export { ActivitiesScreen, ActivityPage } from './ActivitiesScreen';
export {
  ActivityOwnersModal,
  AddActivityModal,
  DeleteActivityModal,
  EditActivityModal,
} from './ActivityModals';
export { activitiesQueries, useActivity } from './api';
