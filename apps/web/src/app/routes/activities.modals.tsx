// Modals of an activity: /funds/:initiativeId/activities/:activityId/edit-activity, ...
import {
  ActivityModal,
  ActivityOwnersModal,
  DeleteActivityModal,
  EditActivityModal,
} from '../../features/activities';
import type { Namespace } from '../../lib/i18n';

export const namespaces: Namespace[] = ['initiatives', 'activities'];

export const EditActivity = EditActivityModal;
export const DeleteActivity = DeleteActivityModal;
export const AddPayment = () => <ActivityModal modal="addPayment" />;
export const FilterPayment = () => <ActivityModal modal="filterPayment" />;
export const LinkOwners = ActivityOwnersModal;
