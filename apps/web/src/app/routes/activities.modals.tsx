// Modals of an activity: /funds/:initiativeId/activities/:activityId/edit-activity, ... and its
// payment modals.
import {
  ActivityOwnersModal,
  DeleteActivityModal,
  EditActivityModal,
} from '../../features/activities';
import {
  AddPaymentModal,
  DeletePaymentModal,
  FilterPaymentsModal,
  PaymentDetailsModal,
} from '../../features/payments';

export const EditActivity = EditActivityModal;
export const DeleteActivity = DeleteActivityModal;
export const AddPayment = AddPaymentModal;
export const FilterPayment = FilterPaymentsModal;
export const PaymentDetails = PaymentDetailsModal;
export const DeletePayment = DeletePaymentModal;
export const LinkOwners = ActivityOwnersModal;
