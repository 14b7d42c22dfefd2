// Pages: /funds/:initiativeId/activities and /funds/:initiativeId/activities/:activityId/:tab.
import { ActivitiesScreen, ActivityPage } from '../../features/activities';
import { detailSlots } from './initiatives.slots';

export const ActivitiesList = () => <ActivitiesScreen slots={detailSlots} />;
export const ActivityDetail = () => <ActivityPage slots={detailSlots} />;
