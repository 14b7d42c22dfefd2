export { PaymentsTab, TransactionsPage } from './PaymentsPlaceholders';
