/** Public entry of the activities feature. */
export { ActivitiesScreen, ActivityPage, ActivityView } from './ActivitiesScreen';
export {
  ActivityModal,
  ActivityOwnersModal,
  AddActivityModal,
  DeleteActivityModal,
  EditActivityModal,
  type ActivityModalName,
} from './ActivityModals';
export { useActivity } from './api';
