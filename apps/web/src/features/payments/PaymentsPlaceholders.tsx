/** /transactions with its two tabs: Transactieoverzicht (TransactionsOverview) and the banks. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, Outlet } from 'react-router';
import { TopBar } from '../../components/ui/TopBar';
import { paths } from '../../lib/paths';
import styles from './payments.module.css';

/** /transactions layout: title, search, tabs (transactions | bank connections). */
export function PaymentsPage() {
  const { t } = useTranslation('payments');
  const [search, setSearch] = useState('');
  const tabClass = ({ isActive }: { isActive: boolean }) =>
    isActive ? `${styles.tab} ${styles.activeTab}` : styles.tab;
  return (
    <>
      <TopBar title={t('title')} search={search} onSearchChange={setSearch} />
      <nav aria-label={t('tabs.label')} className={styles.tabs}>
        <NavLink to={paths.payments()} end className={tabClass}>
          {t('tabs.payments')}
        </NavLink>
        <NavLink to={paths.bankConnections()} className={tabClass}>
          {t('tabs.banks')}
        </NavLink>
      </nav>
      <Outlet />
    </>
  );
}
