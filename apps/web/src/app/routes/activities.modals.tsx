// Modals of an activity: /funds/:initiativeId/activities/:activityId/edit-activity, ...
import { ActivityModal } from '../../features/activities';
import type { Namespace } from '../../lib/i18n';

export const namespaces: Namespace[] = ['activities'];

export const EditActivity = () => <ActivityModal modal="editActivity" />;
export const DeleteActivity = () => <ActivityModal modal="deleteActivity" />;
export const AddPayment = () => <ActivityModal modal="addPayment" />;
export const FilterPayment = () => <ActivityModal modal="filterPayment" />;
export const LinkOwners = () => <ActivityModal modal="linkOwners" />;
