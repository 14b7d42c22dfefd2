// Modals of the initiative detail: /funds/:initiativeId/edit-fund, ... (separate chunk: Radix),
// and add-fund (create an initiative under a grant) on the regulation screen.
import { AddActivityModal } from '../../features/activities';
import {
  CreateInitiativeModal,
  DeleteInitiativeModal,
  EditInitiativeModal,
  InitiativeModal,
  InitiativeOwnersModal,
} from '../../features/initiatives';
import type { Namespace } from '../../lib/i18n';

export const namespaces: Namespace[] = ['initiatives', 'activities'];

export const AddInitiative = CreateInitiativeModal;
export const EditInitiative = EditInitiativeModal;
export const DeleteInitiative = DeleteInitiativeModal;
export const AddActivity = AddActivityModal;
export const AddPayment = () => <InitiativeModal modal="addPayment" />;
export const FilterPayment = () => <InitiativeModal modal="filterPayment" />;
export const PaymentDetails = () => <InitiativeModal modal="paymentDetails" />;
export const LinkOwners = InitiativeOwnersModal;
