export { activitiesRoutes } from './activities.routes';
export {
  findActivity,
  loadActivitySubject,
  readableActivity,
  type ActivityPath,
} from './activities.service';
export { activityAccessColumns, type ActivityAccessRow } from './activities.queries';
