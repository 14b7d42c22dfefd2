/**
 * The Transactieoverzicht tab of /transactions (docs/spec-map.md §2.9, §4, §9): the payments the
 * logged-in user may link or manage in PaymentsTable, with Datum, Initiatief, Activiteit,
 * Ontvanger, Beschrijving, IBAN and Bedrag. Filters for IBAN, initiative and activity (clearable
 * dropdowns) go to the API and start again at page 1, at the top. Each row links its payment
 * through LinkSelects. The filters and the initiative, activity and description columns are
 * hidden at 768 px and less.
 */
import { formatEuro } from '@helder/shared/money';
import type { LinkTarget, UserPayment } from '@helder/shared/payments';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useOutletContext } from 'react-router';
import { CloseIcon } from '../../components/ui/icons';
import { uniqueById } from '../../lib/api';
import { formatBookingDate } from '../../lib/dates';
import { formatIban } from '../../lib/iban';
import { errorText } from '../../lib/error-text';
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
import { AmountCell, DateCell, PaymentsTable } from './PaymentsTable';

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
      <DateCell bookingDate={row.booking_date} />
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
      <td className={tableStyles.nowrap}>{row.iban ? formatIban(row.iban) : ''}</td>
      <AmountCell amount={row.transaction_amount} />
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

  const changeFilter = (name: DropdownFilter, value: string) =>
    setFilters((current) => ({ ...current, [name]: value }));

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
      <PaymentsTable
        layout="page"
        list={list}
        rows={rows}
        caption={t('overview.caption')}
        columns={[
          { header: t('overview.columns.date') },
          { header: t('overview.columns.initiative'), className: styles.wide },
          { header: t('overview.columns.activity'), className: styles.wide },
          { header: t('overview.columns.receiver') },
          { header: t('overview.columns.description'), className: styles.wide },
          { header: t('overview.columns.iban') },
          { header: t('overview.columns.amount'), className: tableStyles.amount },
        ]}
        renderRow={(row) => <OverviewRow key={row.id} row={row} userId={userId} />}
        texts={{
          failed: tc('errors.loadFailed', { message: errorText(list.error) }),
          empty: t('overview.empty'),
          loadMore: t('overview.loadMore'),
          loadingMore: t('overview.loadingMore'),
        }}
        // A new filter starts again at page 1, at the top.
        scrollKey={chosen}
      />
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
