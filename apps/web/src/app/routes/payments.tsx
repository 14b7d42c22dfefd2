// Pages: /transactions and its bank tabs (login only).
import { BankConnectionsTab } from '../../features/bank-accounts';
import { PaymentsPage, TransactionsOverview } from '../../features/payments';
import type { Namespace } from '../../lib/i18n';

export const namespaces: Namespace[] = ['payments', 'bank-accounts'];

export const Payments = PaymentsPage;
export const PaymentList = TransactionsOverview;
export const BankAccounts = BankConnectionsTab;
