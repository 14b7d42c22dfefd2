// Pages: /transactions and its bank tabs (login only).
import { useTranslation } from 'react-i18next';
import { BankConnectionsTab } from '../../features/bank-accounts';
import { PaymentsPage, TransactionsOverview } from '../../features/payments';
import { usePageTitle } from '../../lib/page-title';

export const Payments = PaymentsPage;

export function PaymentList() {
  const { t } = useTranslation();
  usePageTitle(t('nav.payments'));
  return <TransactionsOverview />;
}

export function BankAccounts() {
  const { t } = useTranslation(['payments', 'common']);
  usePageTitle(t('payments:tabs.banks'), t('common:nav.payments'));
  return <BankConnectionsTab />;
}
