/**
 * The Transactieoverzicht tab of /transactions (docs/spec-map.md §2.9, §4, §9): the payments the
 * logged-in user may link or manage, with Datum, Initiatief, Activiteit, Ontvanger, Beschrijving,
 * IBAN and Bedrag. Filters for IBAN, initiative and activity (clearable dropdowns) go to the API
 * and start again at page 1. Pages of 20 load when the table is scrolled to within 20 px of its
 * end or on 'Load More', until a page holds fewer than 20. Each row links its payment through
 * LinkSelects. The filters and the initiative, activity and description columns are hidden at
 * 768 px and less.
 */
import { formatEuro } from '@helder/shared/money';
import type { LinkTarget, UserPayment } from '@helder/shared/payments';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useOutletContext } from 'react-router';
import { Alert } from '../../components/ui/Alert';
import { Button } from '../../components/ui/Button';
import { CloseIcon } from '../../components/ui/icons';
import { Spinner } from '../../components/ui/Spinner';
import { uniqueById } from '../../lib/api';
import { formatBookingDate } from '../../lib/dates';
import { errorText } from '../../lib/error-text';
import { useLoadMoreOnScroll } from '../../lib/useLoadMoreOnScroll';
import { useSession } from '../auth';
import { ActivitySelect, InitiativeSelect } from './LinkSelects';
import {
  NO_FILTERS,
  useCachedUnfilteredPayments,
  normalIban,
  useAccountIbans,
  useLinkableInitiatives,
  useLinkPayment,
  useUserPayments,
  type OverviewFilters,
} from './linking.api';
import styles from './overview.module.css';
import tableStyles from './payments.module.css';

/** More payments load within this distance of the table's end (docs/spec-map.md §9). */
const SCROLL_THRESHOLD_PX = 20;

/** The filters the table's dropdowns set (the search comes from the top bar). */
type DropdownFilter = Exclude<keyof OverviewFilters, 'search'>;

/** The payments of the loaded pages, each once (offsets shift while links change). */
const paymentsOf = (pages: readonly { payments: UserPayment[] }[] | undefined) =>
  uniqueById(pages?.flatMap((page) => page.payments) ?? []);

const byName = (a: string, b: string) => a.localeCompare(b, 'nl');

/** The distinct non-empty values, sorted, always including the chosen one. */
function distinct(values: Iterable<string | null | undefined>, chosen: string): string[] {
  const set = new Set<string>();
  for (const value of values) if (value) set.add(value);
  if (chosen) set.add(chosen);
  return [...set].sort(byName);
}

interface FilterOptions {
  iban: string[];
  initiative: string[];
  activity: string[];
}

function filterOptions(
  rows: readonly UserPayment[],
  targets: readonly LinkTarget[],
  accountIbans: readonly string[],
  filters: OverviewFilters,
): FilterOptions {
  return {
    // The caller's accounts, whether or not a loaded payment is of them, and the accounts of the
    // loaded payments (of initiatives they manage); one spelling each, as the API matches them.
    iban: distinct(
      [...accountIbans, ...rows.flatMap((row) => (row.iban ? [normalIban(row.iban)] : []))],
      filters.iban,
    ),
    initiative: distinct(
      [...rows.map((row) => row.initiative_name), ...targets.map((target) => target.name)],
      filters.initiative,
    ),
    activity: distinct(
      rows.map((row) => row.activity_name),
      filters.activity,
    ),
  };
}

interface FilterSelectProps {
  name: DropdownFilter;
  value: string;
  options: readonly string[];
  onChange: (name: DropdownFilter, value: string) => void;
}

/** A labelled dropdown with 'all' as its empty choice and a button that clears it. */
function FilterSelect({ name, value, options, onChange }: FilterSelectProps) {
  const { t } = useTranslation('payments');
  const id = useId();
  const label = t(`overview.filters.${name}`);
  return (
    <div className={styles.filter}>
      <label htmlFor={id} className={styles.filterLabel}>
        {label}
      </label>
      <div className={styles.filterControl}>
        <select
          id={id}
          className={styles.select}
          value={value}
          onChange={(event) => onChange(name, event.target.value)}
        >
          <option value="">{t(`overview.filters.all.${name}`)}</option>
          {options.map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </select>
        {value ? (
          <button
            type="button"
            className={styles.clear}
            aria-label={t('overview.filters.clear', { filter: label })}
            onClick={() => onChange(name, '')}
          >
            <CloseIcon size={18} />
          </button>
        ) : null}
      </div>
    </div>
  );
}

/** One payment with its two link dropdowns; a failed link is logged and said in the row. */
function OverviewRow({ row, userId }: { row: UserPayment; userId: number }) {
  const link = useLinkPayment(userId, row.id);
  const date = formatBookingDate(row.booking_date);
  const amount = formatEuro(row.transaction_amount);
  const choice = link.variables;
  const busy = link.isPending;
  const shared = { row, date, amount, busy };
  return (
    <tr>
      <td className={tableStyles.nowrap}>{date}</td>
      <td className={styles.wide}>
        <InitiativeSelect
          {...shared}
          pending={busy && choice?.kind === 'initiative' ? choice.initiativeId : undefined}
          failed={link.isError && choice?.kind === 'initiative'}
          onChoose={(initiativeId) => link.mutate({ kind: 'initiative', initiativeId })}
        />
      </td>
      <td className={styles.wide}>
        <ActivitySelect
          {...shared}
          pending={busy && choice?.kind === 'activity' ? choice.activityId : undefined}
          failed={link.isError && choice?.kind === 'activity'}
          onChoose={(activityId) => {
            if (row.initiative_id === null) return;
            link.mutate({ kind: 'activity', initiativeId: row.initiative_id, activityId });
          }}
        />
      </td>
      <td>{row.creditor_name}</td>
      <td className={styles.wide}>{row.short_user_description}</td>
      <td className={tableStyles.nowrap}>{row.iban}</td>
      <td
        className={`${tableStyles.amount} ${row.transaction_amount < 0 ? tableStyles.negative : ''}`}
      >
        {amount}
      </td>
    </tr>
  );
}

/** The table of one user's payments, with its filters and paging. */
function Overview({ userId, search }: { userId: number; search: string }) {
  const { t } = useTranslation('payments');
  const { t: tc } = useTranslation();
  const [chosen, setFilters] = useState<OverviewFilters>(NO_FILTERS);
  const filters = useMemo(() => ({ ...chosen, search }), [chosen, search]);
  const list = useUserPayments(userId, filters);
  const unfiltered = useCachedUnfilteredPayments(userId);
  const targets = useLinkableInitiatives();
  const accountIbans = useAccountIbans(userId);

  const rows = useMemo(() => paymentsOf(list.data?.pages), [list.data]);
  const options = useMemo(
    () =>
      filterOptions(
        [...rows, ...paymentsOf(unfiltered.data?.pages)],
        targets.data ?? [],
        accountIbans.data ?? [],
        filters,
      ),
    [rows, unfiltered.data, targets.data, accountIbans.data, filters],
  );
  const { hasNextPage, fetchNextPage } = list;
  const { ref: scrollRef, onScroll } = useLoadMoreOnScroll<HTMLDivElement>(
    list,
    SCROLL_THRESHOLD_PX,
  );

  const changeFilter = (name: DropdownFilter, value: string) => {
    setFilters((current) => ({ ...current, [name]: value }));
    // A new filter starts again at page 1, at the top.
    if (scrollRef.current) scrollRef.current.scrollTop = 0;
  };

  let body;
  if (list.isPending) {
    body = (
      <div className={styles.state}>
        <Spinner />
      </div>
    );
  } else if (list.isError && !list.isFetchNextPageError) {
    body = (
      <div className={styles.state}>
        <Alert>{tc('errors.loadFailed', { message: errorText(list.error) })}</Alert>
      </div>
    );
  } else {
    body = (
      <table className={`${tableStyles.table} ${styles.table}`}>
        <caption className="visually-hidden">{t('overview.caption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('overview.columns.date')}</th>
            <th scope="col" className={styles.wide}>
              {t('overview.columns.initiative')}
            </th>
            <th scope="col" className={styles.wide}>
              {t('overview.columns.activity')}
            </th>
            <th scope="col">{t('overview.columns.receiver')}</th>
            <th scope="col" className={styles.wide}>
              {t('overview.columns.description')}
            </th>
            <th scope="col">{t('overview.columns.iban')}</th>
            <th scope="col" className={tableStyles.amount}>
              {t('overview.columns.amount')}
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 ? (
            <tr>
              <td colSpan={7} className={styles.empty}>
                {t('overview.empty')}
              </td>
            </tr>
          ) : (
            rows.map((row) => <OverviewRow key={row.id} row={row} userId={userId} />)
          )}
        </tbody>
      </table>
    );
  }

  return (
    <div className={styles.overview}>
      <fieldset className={styles.filters}>
        <legend className="visually-hidden">{t('overview.filters.label')}</legend>
        <FilterSelect
          name="iban"
          value={filters.iban}
          options={options.iban}
          onChange={changeFilter}
        />
        <FilterSelect
          name="initiative"
          value={filters.initiative}
          options={options.initiative}
          onChange={changeFilter}
        />
        <FilterSelect
          name="activity"
          value={filters.activity}
          options={options.activity}
          onChange={changeFilter}
        />
      </fieldset>
      <div
        ref={scrollRef}
        className={styles.scroller}
        onScroll={onScroll}
        role="region"
        aria-label={t('overview.caption')}
        aria-busy={list.isFetching || undefined}
        // The table scrolls in its own box (WCAG 2.1.1): keyboard users scroll it with focus on it.
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrollable region
        tabIndex={0}
        data-testid="payments-overview-scroller"
      >
        {body}
      </div>
      {list.isFetchingNextPage ? (
        <div className={styles.state}>
          <Spinner size="small" label={t('overview.loadingMore')} />
        </div>
      ) : null}
      {list.isFetchNextPageError ? (
        <Alert>{tc('errors.loadFailed', { message: errorText(list.error) })}</Alert>
      ) : null}
      {hasNextPage && !list.isFetchingNextPage ? (
        <div className={styles.more}>
          <Button variant="secondary" onClick={() => void fetchNextPage()}>
            {t('overview.loadMore')}
          </Button>
        </div>
      ) : null}
    </div>
  );
}

/**
 * /transactions (index): the overview of the logged-in user (RequireSession guards the route),
 * searched by the page's top bar (PaymentsPage passes its search on).
 */
export function TransactionsOverview() {
  const session = useSession();
  const search = useOutletContext<string | undefined>() ?? '';
  if (!session) return null;
  return <Overview userId={session.userId} search={search} />;
}
