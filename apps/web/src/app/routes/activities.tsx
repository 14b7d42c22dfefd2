// Pages: /funds/:initiativeId/activities and /funds/:initiativeId/activities/:activityId/:tab.
import { ActivitiesScreen, ActivityPage, useActivity } from '../../features/activities';
import { useIdParam } from '../../lib/params';
import { detailSlots } from './initiatives.slots';
import { useInitiativeTitle } from './titles';

export function ActivitiesList() {
  useInitiativeTitle();
  return <ActivitiesScreen slots={detailSlots} />;
}

export function ActivityDetail() {
  const activity = useActivity(useIdParam('initiativeId'), useIdParam('activityId'));
  useInitiativeTitle(activity.data?.name);
  return <ActivityPage slots={detailSlots} />;
}
