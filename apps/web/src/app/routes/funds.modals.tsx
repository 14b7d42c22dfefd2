// Modals of the initiative detail: /funds/:initiativeId/edit-fund, ... (separate chunk: Radix).
import { InitiativeModal } from '../../features/initiatives';
import type { Namespace } from '../../lib/i18n';

export const namespaces: Namespace[] = ['initiatives'];

export const EditFund = () => <InitiativeModal modal="editFund" />;
export const DeleteFund = () => <InitiativeModal modal="deleteFund" />;
export const AddActivity = () => <InitiativeModal modal="addActivity" />;
export const AddPayment = () => <InitiativeModal modal="addPayment" />;
export const FilterPayment = () => <InitiativeModal modal="filterPayment" />;
export const PaymentDetails = () => <InitiativeModal modal="paymentDetails" />;
export const LinkOwners = () => <InitiativeModal modal="linkOwners" />;
