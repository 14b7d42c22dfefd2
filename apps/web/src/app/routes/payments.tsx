// Pages: /transactions and its bank tabs (login only).
import { BankConnectionsTab } from '../../features/bank-accounts';
import { PaymentsPage, TransactionsOverview } from '../../features/payments';

export const Payments = PaymentsPage;
export const PaymentList = TransactionsOverview;
export const BankAccounts = BankConnectionsTab;
