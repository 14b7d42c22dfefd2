import { registerSubjectLoader } from '../auth';
import { activitySubject, selectActivityAccess } from './activities.queries';

export { activitiesRoutes } from './activities.routes';
export { findActivity, type ActivityPath } from './activities.service';

// entity-access for Activity: hidden flags (its own and its initiative's) and the caller's
// relations in one statement.
registerSubjectLoader('Activity', async (ctx, id) => {
  const row = await selectActivityAccess(ctx.db, ctx.actor, id);
  return row ? activitySubject(row) : null;
});
