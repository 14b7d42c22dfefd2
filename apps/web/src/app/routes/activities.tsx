// Pages: /funds/:initiativeId/activities and /funds/:initiativeId/activities/:activityId/:tab.
import { ActivitiesPage, ActivityPage } from '../../features/activities';
import type { Namespace } from '../../lib/i18n';

export const namespaces: Namespace[] = ['activities'];

export const ActivitiesList = ActivitiesPage;
export const ActivityDetail = ActivityPage;
