// Modals of the initiative detail: /funds/:initiativeId/edit-fund, ... (separate chunk: Radix),
// add-fund (create an initiative under a grant) on the regulation screen, and the payment modals.
import { AddActivityModal } from '../../features/activities';
import {
  CreateInitiativeModal,
  DeleteInitiativeModal,
  EditInitiativeModal,
  InitiativeOwnersModal,
} from '../../features/initiatives';
import {
  AddPaymentModal,
  DeletePaymentModal,
  FilterPaymentsModal,
  PaymentDetailsModal,
} from '../../features/payments';

export const AddInitiative = CreateInitiativeModal;
export const EditInitiative = EditInitiativeModal;
export const DeleteInitiative = DeleteInitiativeModal;
export const AddActivity = AddActivityModal;
export const AddPayment = AddPaymentModal;
export const FilterPayment = FilterPaymentsModal;
export const PaymentDetails = PaymentDetailsModal;
export const DeletePayment = DeletePaymentModal;
export const LinkOwners = InitiativeOwnersModal;
