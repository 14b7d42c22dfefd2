export { PaymentsPage } from './PaymentsPlaceholders';
export { TransactionsOverview } from './TransactionsOverview';
export { PaymentsTab } from './PaymentsTab';
export { AddPaymentModal, DeletePaymentModal, PaymentDetailsModal } from './PaymentModals';
export { FilterPaymentsModal } from './FilterPaymentsModal';
export { paymentsQueries, usePaymentsEarly } from './api';
export { VerantwoordingButton } from './VerantwoordingButton';
