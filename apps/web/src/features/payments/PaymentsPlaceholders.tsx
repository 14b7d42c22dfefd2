/** /transactions with its two tabs: Transactieoverzicht (TransactionsOverview) and the banks. */
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, Outlet, useMatch, useSearchParams } from 'react-router';
import { TopBar } from '../../components/ui/TopBar';
import { paths, SEARCH_PARAM } from '../../lib/paths';
import { SEARCH_DEBOUNCE_MS } from '../../lib/useDebouncedValue';
import { NAME_FILTER_MAX } from '@helder/shared/payments/client';
import styles from './payments-page.module.css';

/** The search as the URL keeps it and the API takes it. */
const searchOf = (text: string) => text.trim().slice(0, NAME_FILTER_MAX);

/**
 * The top bar's search of the overview tab: typed into the box, it goes into the URL
 * (`?search=`, replacing the entry) 300 ms after the last keystroke, where the overview reads it;
 * a URL of its own (a link, Back) fills the box.
 */
function useUrlSearch() {
  const [params, setParams] = useSearchParams();
  const inUrl = params.get(SEARCH_PARAM) ?? '';
  const [text, setText] = useState(inUrl);
  const [shown, setShown] = useState(inUrl);
  // The URL changed by other means than typing: the box follows.
  if (inUrl !== shown) {
    setShown(inUrl);
    if (searchOf(text) !== inUrl) setText(inUrl);
  }
  // The URL when the timer fires, not when the key was typed: a filter switched meanwhile stays.
  // (setSearchParams' callback gets the parameters of the render it came from.)
  const latest = useRef(params);
  useEffect(() => {
    latest.current = params;
  }, [params]);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const onChange = (value: string) => {
    setText(value);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      const next = new URLSearchParams(latest.current);
      if (searchOf(value)) next.set(SEARCH_PARAM, searchOf(value));
      else next.delete(SEARCH_PARAM);
      setParams(next, { replace: true, preventScrollReset: true });
    }, SEARCH_DEBOUNCE_MS);
  };
  return { text, onChange };
}

/**
 * /transactions layout: title, tabs (transactions | bank connections), and on the overview tab
 * the search.
 */
export function PaymentsPage() {
  const { t } = useTranslation('payments');
  const search = useUrlSearch();
  const onOverview = useMatch({ path: paths.payments(), end: true }) !== null;
  return (
    <>
      <TopBar
        title={t('title')}
        search={search.text}
        onSearchChange={onOverview ? search.onChange : undefined}
        searchLabel={t('overview.searchLabel')}
      />
      <nav aria-label={t('tabs.label')} className={`${styles.tabs} scroll-row`}>
        <NavLink to={paths.payments()} end className="tab-link">
          {t('tabs.payments')}
        </NavLink>
        <NavLink to={paths.bankConnections()} className="tab-link">
          {t('tabs.banks')}
        </NavLink>
      </nav>
      <Outlet />
    </>
  );
}
