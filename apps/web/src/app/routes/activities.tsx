// Pages: /funds/:initiativeId/activities and /funds/:initiativeId/activities/:activityId/:tab.
import { ActivitiesScreen, ActivityPage } from '../../features/activities';
import type { Namespace } from '../../lib/i18n';
import { detailNamespaces, detailSlots } from './initiatives.slots';

export const namespaces: Namespace[] = detailNamespaces;

export const ActivitiesList = () => <ActivitiesScreen slots={detailSlots} />;
export const ActivityDetail = () => <ActivityPage slots={detailSlots} />;
