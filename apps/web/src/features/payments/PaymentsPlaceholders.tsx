/** /transactions with its two tabs: Transactieoverzicht (TransactionsOverview) and the banks. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, Outlet, useMatch } from 'react-router';
import { TopBar } from '../../components/ui/TopBar';
import { paths } from '../../lib/paths';
import { useDebouncedValue } from '../../lib/useDebouncedValue';
import { NAME_FILTER_MAX } from '@helder/shared/payments/client';
import styles from './payments.module.css';

/**
 * /transactions layout: title, tabs (transactions | bank connections), and on the overview tab
 * the search, which the overview sends as `search`.
 */
export function PaymentsPage() {
  const { t } = useTranslation('payments');
  const [search, setSearch] = useState('');
  const searched = useDebouncedValue(search.trim().slice(0, NAME_FILTER_MAX));
  const onOverview = useMatch({ path: paths.payments(), end: true }) !== null;
  const tabClass = ({ isActive }: { isActive: boolean }) =>
    isActive ? `${styles.tab} ${styles.activeTab}` : styles.tab;
  return (
    <>
      <TopBar
        title={t('title')}
        search={search}
        onSearchChange={onOverview ? setSearch : undefined}
        searchLabel={t('overview.searchLabel')}
      />
      <nav aria-label={t('tabs.label')} className={`${styles.tabs} scroll-row`}>
        <NavLink to={paths.payments()} end className={tabClass}>
          {t('tabs.payments')}
        </NavLink>
        <NavLink to={paths.bankConnections()} className={tabClass}>
          {t('tabs.banks')}
        </NavLink>
      </nav>
      <Outlet context={searched} />
    </>
  );
}
