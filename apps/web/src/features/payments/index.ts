export { PaymentsPage } from './PaymentsPlaceholders';
export { TransactionsOverview } from './TransactionsOverview';
export { PaymentsTable, type PaymentsTableProps } from './PaymentsTable';
export type { PaymentsScope } from './schemas';
export { AddPaymentModal, DeletePaymentModal, PaymentDetailsModal } from './PaymentModals';
export { FilterPaymentsModal } from './FilterPaymentsModal';
export { paymentsQueries } from './api';
