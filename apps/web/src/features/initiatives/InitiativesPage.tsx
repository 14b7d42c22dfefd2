import type { InitiativeListItem } from '@helder/shared/initiatives';
import { NAME_FILTER_MAX } from '@helder/shared/initiatives/client';
import { formatEuro } from '@helder/shared/money';
import type { QueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useSearchParams } from 'react-router';
import { Alert } from '../../components/ui/Alert';
import { Button } from '../../components/ui/Button';
import { EmptyState } from '../../components/ui/EmptyState';
import { Spinner } from '../../components/ui/Spinner';
import { TopBar } from '../../components/ui/TopBar';
import { uniqueById } from '../../lib/api';
import { errorText } from '../../lib/error-text';
import { paths } from '../../lib/paths';
import { useDebouncedValue } from '../../lib/useDebouncedValue';
import { useSession } from '../auth';
import { initiativesQueries, useInitiativesList } from './api';
import { BudgetBar } from './BudgetBar';
import { budgetFigures, nameSlug } from './figures';
import { OverBudget } from './OverBudget';
import { SpendingUnitPicture } from './SpendingUnitPicture';
import styles from './overview.module.css';
import parts from './parts.module.css';

/** Navigation state of /funds/{id}/{name}: the detail shows the name while it loads. */
export interface InitiativeLinkState {
  initiativeName?: string;
}

function InitiativeCard({ initiative }: { initiative: InitiativeListItem }) {
  const { t } = useTranslation('initiatives');
  const figures = budgetFigures(initiative);
  const state: InitiativeLinkState = { initiativeName: initiative.name };
  return (
    <article className={styles.card}>
      <SpendingUnitPicture
        picture={initiative.profile_picture}
        name={initiative.name}
        size="card"
      />
      <div className={styles.cardBody}>
        <h2 className={styles.cardTitle}>
          <Link
            to={paths.initiativeNamed(initiative.id, nameSlug(initiative.name))}
            state={state}
            className={parts.cardLink}
          >
            {initiative.name}
          </Link>
        </h2>
        {initiative.owner ? <p className={styles.cardOwner}>{initiative.owner}</p> : null}
        {initiative.hidden ? (
          <p>
            <span className={parts.badge}>{t('labels.hidden')}</span>
          </p>
        ) : null}
        <div className={styles.cardBudget}>
          <BudgetBar money={initiative} />
          <dl className={styles.legend}>
            <div>
              <dt>{t('budget.allocatedShort')}</dt>
              <dd>{formatEuro(figures.allocated)}</dd>
            </div>
            <div>
              <dt>
                <span className={`${styles.dot} ${styles.dotSpent}`} aria-hidden="true" />
                {t('budget.spent')}
              </dt>
              <dd>{formatEuro(figures.spent)}</dd>
            </div>
            <div>
              <dt>
                <span className={`${styles.dot} ${styles.dotAvailable}`} aria-hidden="true" />
                {t('budget.availableShort')}
              </dt>
              <dd>{formatEuro(figures.available)}</dd>
            </div>
          </dl>
          <OverBudget amount={figures.overspent} />
        </div>
      </div>
    </article>
  );
}

/** Loads the next page when this element scrolls into view (and is a button for keyboards). */
function LoadMore({
  onLoad,
  loading,
  label,
  loadingLabel,
}: {
  onLoad: () => void;
  loading: boolean;
  label: string;
  loadingLabel: string;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const onLoadRef = useRef(onLoad);
  useEffect(() => {
    onLoadRef.current = onLoad;
  });
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) onLoadRef.current();
      },
      { rootMargin: '200px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return (
    <div ref={ref} className={styles.loadMore}>
      <Button variant="secondary" onClick={onLoad} busy={loading}>
        {loading ? loadingLabel : label}
      </Button>
    </div>
  );
}

/**
 * / and /funds (docs/spec-map.md §2.6): 'Alle Initiatieven' / 'Mijn Initiatieven' (logged in only),
 * the name search (debounced 300 ms), and the cards, 20 at a time while scrolling. The filter lives
 * in the URL (?filter=mine), so back and forward keep it.
 */
/** ?filter=mine, which counts only for a logged-in user. */
const onlyMine = (searchParams: URLSearchParams, loggedIn: boolean) =>
  loggedIn && searchParams.get('filter') === 'mine';

/**
 * Asks for the overview's first page of initiatives as the page would, before anything renders
 * (main.tsx), so that the answer is on its way beside the catalogs rather than after them.
 */
export function prefetchInitiativesList(queryClient: QueryClient, url: URL, loggedIn: boolean) {
  const filters = { mine: onlyMine(url.searchParams, loggedIn), name: '' };
  return queryClient.prefetchInfiniteQuery(initiativesQueries.list(filters));
}

export function InitiativesPage() {
  const { t } = useTranslation('initiatives');
  const { t: tc } = useTranslation();
  const session = useSession();
  const [searchParams, setSearchParams] = useSearchParams();
  const mine = onlyMine(searchParams, session !== null);
  const [search, setSearch] = useState('');
  const name = useDebouncedValue(search.trim().slice(0, NAME_FILTER_MAX));
  const list = useInitiativesList({ mine, name });
  const initiatives = useMemo(() => uniqueById(list.data?.pages.flat() ?? []), [list.data]);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = list;

  const setMine = (value: boolean) =>
    setSearchParams(
      (params) => {
        const next = new URLSearchParams(params);
        if (value) next.set('filter', 'mine');
        else next.delete('filter');
        return next;
      },
      { replace: true },
    );

  let content;
  if (list.isPending) {
    content = (
      <div className={parts.state}>
        <Spinner label={t('list.loading')} />
      </div>
    );
  } else if (list.isError && !list.isFetchNextPageError) {
    content = <Alert>{tc('errors.loadFailed', { message: errorText(list.error) })}</Alert>;
  } else if (initiatives.length === 0) {
    content = <EmptyState title={t('empty')} />;
  } else {
    content = (
      <ul className={styles.cards} aria-label={t('list.label')}>
        {initiatives.map((initiative) => (
          <li key={initiative.id}>
            <InitiativeCard initiative={initiative} />
          </li>
        ))}
      </ul>
    );
  }

  return (
    <>
      <TopBar
        title={t('title')}
        search={search}
        onSearchChange={setSearch}
        searchLabel={t('list.searchLabel')}
      />
      <div className={styles.filters} role="group" aria-label={t('list.filterLabel')}>
        <Button
          variant={mine ? 'secondary' : 'primary'}
          aria-pressed={!mine}
          onClick={() => setMine(false)}
        >
          {t('list.all')}
        </Button>
        {session ? (
          <Button
            variant={mine ? 'primary' : 'secondary'}
            aria-pressed={mine}
            onClick={() => setMine(true)}
          >
            {t('list.mine')}
          </Button>
        ) : null}
      </div>
      <div aria-busy={list.isFetching || undefined}>{content}</div>
      {list.isFetchNextPageError ? (
        <Alert>{tc('errors.loadFailed', { message: errorText(list.error) })}</Alert>
      ) : null}
      {hasNextPage && !list.isFetchNextPageError ? (
        <LoadMore
          onLoad={() => {
            if (!isFetchingNextPage) void fetchNextPage();
          }}
          loading={isFetchingNextPage}
          label={t('list.loadMore')}
          loadingLabel={t('list.loadingMore')}
        />
      ) : null}
      {/* /login renders here, over the overview. */}
      <Outlet />
    </>
  );
}
