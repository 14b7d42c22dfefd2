export { activitiesRoutes } from './activities.routes';
export { findActivity, loadActivitySubject, type ActivityPath } from './activities.service';
