/** Placeholders until the bank-accounts issue lands: the banks tab and its modals. */
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { EmptyState } from '../../components/ui/EmptyState';

export function BankConnectionsTab() {
  const { t } = useTranslation('bank-accounts');
  const { t: tc } = useTranslation();
  return (
    <>
      <EmptyState title={t('empty')}>{tc('placeholder.underConstruction')}</EmptyState>
      <Outlet />
    </>
  );
}
