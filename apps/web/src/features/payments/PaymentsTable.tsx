/**
 * The one table of payments (docs/architecture.md): the Transactieoverzicht tab of an initiative
 * or activity (PaymentsTab) and the overview of /transactions (TransactionsOverview) show their
 * rows in it. The table scrolls in a box of its own: 20 rows at a time, the next page loads when
 * the box is scrolled to within 20 px of its end (or the rows do not fill it yet) or on
 * 'Load More', until a page holds fewer than 20. The screens give the columns, the rows and the
 * texts; `layout` keeps how each screen shows its states (docs/spec-map.md §2.7, §2.9, §9).
 *
 * BEDRAG is never out of view: in a box narrower than its columns need, each row shows as a card
 * (the date and the amount on its first line, the other cells below under their column's name);
 * in a wide one the amount column stays pinned at the right edge, should the table not fit.
 */
import { formatEuro } from '@helder/shared/money';
import {
  useEffect,
  useId,
  useLayoutEffect,
  useState,
  type CSSProperties,
  type ReactNode,
  type RefObject,
} from 'react';
import { Alert } from '../../components/ui/Alert';
import { Button } from '../../components/ui/Button';
import { Spinner } from '../../components/ui/Spinner';
import { formatBookingDate } from '../../lib/dates';
import { useLoadMoreOnScroll } from '../../lib/useLoadMoreOnScroll';
import styles from './table.module.css';

/** Within this many pixels of the bottom, the next page loads (docs/spec-map.md §9). */
const SCROLL_THRESHOLD_PX = 20;

/**
 * Whether the element scrolls (sideways on a narrow screen, or down): then keyboard users must
 * be able to focus it to scroll it.
 */
function useScrolls(ref: RefObject<HTMLElement | null>) {
  const [scrolls, setScrolls] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() =>
      setScrolls(
        element.scrollWidth > element.clientWidth || element.scrollHeight > element.clientHeight,
      ),
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return scrolls;
}

interface PaymentsColumn {
  header: string;
  /** On the header cell; the screen's cells of the column carry it too (alignment, hiding). */
  className?: string | undefined;
}

/** What the table reads of its list: an infinite query of payment pages. */
interface PaymentPages {
  data: unknown;
  isPending: boolean;
  isError: boolean;
  isFetching: boolean;
  isFetchingNextPage: boolean;
  isFetchNextPageError: boolean;
  hasNextPage: boolean;
  fetchNextPage: () => Promise<unknown>;
}

interface PaymentsTableTexts {
  /** The spinner's label while the first page loads; the common 'Laden...' when unset. */
  loading?: string | undefined;
  /** When a page could not be loaded. */
  failed: string;
  empty: string;
  loadMore: string;
  loadingMore: string;
  /** What choosing a row does, when rows can be chosen: it describes the table. */
  rowHint?: string | undefined;
}

/**
 * 'tab' (an initiative's or activity's tab, in a page that scrolls): the head stays and the
 * states show under the box, so they stay in view when the table scrolls sideways on a phone;
 * the box is a focusable region only when it scrolls; 'Load More' stays, busy, while the next
 * page loads. 'page' (/transactions, where the box takes the page's height): the states show in
 * the box instead of the table, and 'nothing found' as its one row; the box is always a
 * focusable region, busy while it fetches; a spinner stands in for 'Load More' meanwhile.
 */
type PaymentsTableLayout = 'tab' | 'page';

interface PaymentsTableProps<Row> {
  list: PaymentPages;
  /** The loaded rows, each once. */
  rows: readonly Row[];
  /** Names the table (a visually hidden caption) and its box when that is a region. */
  caption: string;
  columns: readonly PaymentsColumn[];
  /** The row's `<tr>`, with its key. */
  renderRow: (row: Row) => ReactNode;
  texts: PaymentsTableTexts;
  layout: PaymentsTableLayout;
  /** Offered beside the message when the first page failed. */
  retry?: { label: string; onClick: () => void } | undefined;
  /** Under the rows, e.g. '20 van 45 transacties'. */
  count?: string | undefined;
  /** When it changes, the box scrolls back to its top (a new filter starts at page 1). */
  scrollKey?: unknown;
  /** The table's `<tfoot>` for its number of columns, e.g. the list's totals (PaymentsTotals). */
  foot?: ((columns: number) => ReactNode) | undefined;
}

/** The booking date (dd-mm-yyyy in Amsterdam) as a cell. */
export function DateCell({ bookingDate }: { bookingDate: string }) {
  return <td className={styles.nowrap}>{formatBookingDate(bookingDate)}</td>;
}

/** The amount in euro as a right-aligned cell, red when negative. */
export function AmountCell({ amount }: { amount: number }) {
  return (
    <td className={`${styles.amount} ${amount < 0 ? styles.negative : ''}`}>
      {formatEuro(amount)}
    </td>
  );
}

/**
 * The column names as CSS strings (--label-1, --label-2, …), for a card to show each cell's
 * column beside it; JSON's quoting and escapes are CSS's.
 */
function columnLabels(columns: readonly PaymentsColumn[]): CSSProperties {
  return Object.fromEntries(
    columns.map((column, index) => [`--label-${index + 1}`, JSON.stringify(column.header)]),
  );
}

export function PaymentsTable<Row>({
  list,
  rows,
  caption,
  columns,
  renderRow,
  texts,
  layout,
  retry,
  count,
  scrollKey,
  foot,
}: PaymentsTableProps<Row>) {
  const hintId = useId();
  const { ref, onScroll } = useLoadMoreOnScroll<HTMLDivElement>(list, SCROLL_THRESHOLD_PX);
  const scrolls = useScrolls(ref);
  useLayoutEffect(() => {
    if (ref.current) ref.current.scrollTop = 0;
  }, [ref, scrollKey]);

  const onPage = layout === 'page';
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = list;
  const loadMore = () => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  };
  const failed = list.isError && !list.isFetchNextPageError;
  const empty = !list.isPending && !failed && rows.length === 0;

  // What shows instead of rows: in the box on a page, under the table on a tab.
  let state: ReactNode = null;
  if (list.isPending) {
    const spinner = <Spinner {...(texts.loading ? { label: texts.loading } : {})} />;
    state = onPage ? <div className={styles.pageState}>{spinner}</div> : spinner;
  } else if (failed) {
    state = (
      <div className={onPage ? styles.pageState : styles.tableState}>
        <Alert>{texts.failed}</Alert>
        {retry ? (
          <Button variant="secondary" onClick={retry.onClick}>
            {retry.label}
          </Button>
        ) : null}
      </div>
    );
  } else if (empty && !onPage) {
    state = <p className={styles.emptyRow}>{texts.empty}</p>;
  }

  const table = (
    <table
      className={styles.table}
      style={columnLabels(columns)}
      aria-describedby={texts.rowHint && rows.length > 0 ? hintId : undefined}
    >
      <caption className="visually-hidden">{caption}</caption>
      <thead>
        <tr>
          {columns.map((column) => (
            <th key={column.header} scope="col" className={column.className}>
              {column.header}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map(renderRow)}
        {onPage && empty ? (
          <tr>
            <td colSpan={columns.length} className={styles.emptyCell}>
              {texts.empty}
            </td>
          </tr>
        ) : null}
      </tbody>
      {foot?.(columns.length)}
    </table>
  );

  const focusable = onPage || scrolls;
  const box = (
    <div
      ref={ref}
      className={onPage ? styles.pageBox : styles.tableWrap}
      onScroll={onScroll}
      {...(focusable ? { role: 'region', 'aria-label': caption, tabIndex: 0 } : {})}
      aria-busy={(onPage && list.isFetching) || undefined}
    >
      {onPage && state ? state : table}
    </div>
  );

  const nextPageFailed = list.isFetchNextPageError ? <Alert>{texts.failed}</Alert> : null;

  if (onPage) {
    return (
      <>
        {box}
        {isFetchingNextPage ? (
          <div className={styles.pageState}>
            <Spinner size="small" label={texts.loadingMore} />
          </div>
        ) : null}
        {nextPageFailed}
        {hasNextPage && !isFetchingNextPage ? (
          <div className={styles.more}>
            <Button variant="secondary" onClick={loadMore}>
              {texts.loadMore}
            </Button>
          </div>
        ) : null}
      </>
    );
  }

  return (
    <>
      <div className={styles.tableBlock}>
        {/* Shown, not only spoken: on a phone there is no hover to tell that a row opens. */}
        {texts.rowHint && rows.length > 0 ? (
          <p id={hintId} className={styles.rowHint}>
            {texts.rowHint}
          </p>
        ) : null}
        {box}
        {/* Outside the scrolling table, so that it stays in view on a narrow screen. */}
        {state}
      </div>
      {nextPageFailed}
      {rows.length > 0 ? (
        <div className={styles.more}>
          {count ? <p className={styles.count}>{count}</p> : null}
          {hasNextPage ? (
            <Button variant="secondary" busy={isFetchingNextPage} onClick={loadMore}>
              {isFetchingNextPage ? texts.loadingMore : texts.loadMore}
            </Button>
          ) : null}
        </div>
      ) : null}
    </>
  );
}
