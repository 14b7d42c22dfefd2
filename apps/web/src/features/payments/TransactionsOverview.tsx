/**
 * The Transactieoverzicht tab of /transactions (docs/spec-map.md §2.9, §4, §9): the payments the
 * logged-in user may link or manage in PaymentsTable, with Datum, Initiatief, Activiteit,
 * Ontvanger, Beschrijving, IBAN and Bedrag. Filters for IBAN, initiative and activity (clearable
 * dropdowns), 'Niet gekoppeld (n)' and the top bar's search go to the API and start again at page
 * 1, at the top. Each row links its payment through LinkCells; LinkStatus says what was linked.
 * The dropdown filters and the initiative, activity and description columns are hidden at 768 px
 * and less, where a row's 'Koppeling' cell links it in a dialog. 'Bonnen toevoegen' drops receipts
 * to match to any of these payments the user may edit.
 */
import type { LinkTarget, UserPayment } from '@helder/shared/payments';
import { useCallback, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { CloseIcon } from '../../components/ui/icons';
import { uniqueById } from '../../lib/api';
import { formatIban } from '../../lib/iban';
import { errorText } from '../../lib/error-text';
import { paths, SEARCH_PARAM, UNLINKED_PARAM } from '../../lib/paths';
import { useSession } from '../auth';
import { DuplicateBadge } from './DuplicateBadge';
import { LinkCells, type LinkDone } from './LinkCells';
import { LinkStatus, type LinkNotice } from './LinkStatus';
import { ReceiptsButton } from './ReceiptsButton';
import {
  NO_FILTERS,
  useCachedUnfilteredPayments,
  normalIban,
  useAccountIbans,
  useLinkableInitiatives,
  useUserPayments,
  type OverviewFilters,
} from './linking.api';
import styles from './overview.module.css';
import tableStyles from './table.module.css';
import { AmountCell, DateCell, PaymentsTable } from './PaymentsTable';
import { AcceptAllSuggestions } from './Suggestions';

/** The filters the table's dropdowns set (the search comes from the top bar). */
type DropdownFilter = Exclude<keyof OverviewFilters, 'search' | 'unlinked'>;

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
              {name === 'iban' ? formatIban(option) : option}
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

/** One payment, with its link cells. */
function OverviewRow({
  row,
  userId,
  onLinked,
}: {
  row: UserPayment;
  userId: number;
  onLinked: (done: LinkDone) => void;
}) {
  return (
    <tr>
      <DateCell bookingDate={row.booking_date} />
      <LinkCells row={row} userId={userId} onLinked={onLinked} />
      <td>
        {row.creditor_name}
        {row.possible_duplicate_of ? <DuplicateBadge of={row.possible_duplicate_of} /> : null}
      </td>
      <td className={styles.wide}>{row.short_user_description}</td>
      <td className={tableStyles.nowrap}>{row.iban ? formatIban(row.iban) : ''}</td>
      <AmountCell amount={row.transaction_amount} />
    </tr>
  );
}

/** 'Niet gekoppeld (n)': a toggle that shows only the payments linked to no initiative. */
function UnlinkedToggle({
  pressed,
  count,
  onToggle,
}: {
  pressed: boolean;
  count: number | undefined;
  onToggle: () => void;
}) {
  const { t } = useTranslation('payments');
  return (
    <button type="button" className={styles.toggle} aria-pressed={pressed} onClick={onToggle}>
      {count === undefined
        ? t('overview.unlinked.label')
        : t('overview.unlinked.count', { n: count })}
    </button>
  );
}

/**
 * Under an empty list without filters: what the page lists, and where to go instead (an
 * administrator or the financial role sees every initiative, but only the payments that are
 * theirs to link here).
 */
function EmptyHelp() {
  const { t } = useTranslation('payments');
  return (
    <div className={styles.emptyHelp}>
      <p>{t('overview.about')}</p>
      <ul className={styles.emptyLinks}>
        <li>
          <Link to={paths.bankConnections()}>{t('overview.emptyLinks.banks')}</Link>
        </li>
        <li>
          <Link to={paths.initiatives()}>{t('overview.emptyLinks.initiatives')}</Link>
        </li>
      </ul>
    </div>
  );
}

/** The table of one user's payments, with its filters and paging. */
function Overview({ userId }: { userId: number }) {
  const { t } = useTranslation('payments');
  const { t: tc } = useTranslation();
  const [params, setParams] = useSearchParams();
  const search = params.get(SEARCH_PARAM) ?? '';
  const unlinked = params.get(UNLINKED_PARAM) === '1';
  const [chosen, setFilters] = useState<OverviewFilters>(NO_FILTERS);
  const filters = useMemo(() => ({ ...chosen, search, unlinked }), [chosen, search, unlinked]);
  const list = useUserPayments(userId, filters);
  const unfiltered = useCachedUnfilteredPayments(userId);
  const targets = useLinkableInitiatives();
  const accountIbans = useAccountIbans(userId);
  const [notice, setNotice] = useState<LinkNotice | null>(null);

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

  const changeFilter = (name: DropdownFilter, value: string) =>
    setFilters((current) => ({ ...current, [name]: value }));
  const toggleUnlinked = () =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (unlinked) next.delete(UNLINKED_PARAM);
        else next.set(UNLINKED_PARAM, '1');
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  const onLinked = useCallback((done: LinkDone) => setNotice({ kind: 'linked', done }), []);
  const noFilters = !search && !unlinked && !chosen.iban && !chosen.initiative && !chosen.activity;
  const empty = list.isSuccess && rows.length === 0;

  return (
    <div className={styles.overview}>
      <div className={styles.toolbar}>
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
        <UnlinkedToggle
          pressed={unlinked}
          count={list.data?.pages[0]?.unlinkedCount}
          onToggle={toggleUnlinked}
        />
        <ReceiptsButton />
      </div>
      <div className={styles.suggestions}>
        <AcceptAllSuggestions
          userId={userId}
          rows={rows}
          onDone={(changes) => setNotice({ kind: 'bulkLinked', changes })}
          onFailed={() => setNotice({ kind: 'bulkFailed' })}
        />
      </div>
      <LinkStatus userId={userId} notice={notice} onNotice={setNotice} />
      <PaymentsTable
        layout="page"
        list={list}
        rows={rows}
        caption={t('overview.caption')}
        columns={[
          { header: t('overview.columns.date') },
          { header: t('overview.columns.link'), className: styles.phoneOnly },
          { header: t('overview.columns.initiative'), className: styles.wide },
          { header: t('overview.columns.activity'), className: styles.wide },
          { header: t('overview.columns.receiver') },
          { header: t('overview.columns.description'), className: styles.wide },
          { header: t('overview.columns.iban') },
          { header: t('overview.columns.amount'), className: tableStyles.amount },
        ]}
        renderRow={(row) => (
          <OverviewRow key={row.id} row={row} userId={userId} onLinked={onLinked} />
        )}
        texts={{
          failed: tc('errors.loadFailed', { message: errorText(list.error) }),
          empty: t('overview.empty'),
          loadMore: t('overview.loadMore'),
          loadingMore: t('overview.loadingMore'),
        }}
        // A new filter starts again at page 1, at the top.
        scrollKey={filters}
      />
      {empty && noFilters ? <EmptyHelp /> : null}
    </div>
  );
}

/**
 * /transactions (index): the overview of the logged-in user (RequireSession guards the route).
 * The top bar's search (PaymentsPage) and 'Niet gekoppeld' are in the URL: `?search=…` and
 * `?unlinked=1`, which the bank screens link to after new lines came in.
 */
export function TransactionsOverview() {
  const session = useSession();
  if (!session) return null;
  return <Overview userId={session.userId} />;
}
