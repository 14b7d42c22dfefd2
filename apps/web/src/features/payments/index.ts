export { PaymentsPage, PaymentsTab } from './PaymentsPlaceholders';
export {
  PaymentsTable,
  type PaymentRow,
  type PaymentsScope,
  type PaymentsTableProps,
} from './PaymentsTable';
