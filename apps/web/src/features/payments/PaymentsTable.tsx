/**
 * The Transactieoverzicht tab of an initiative and of an activity (one table, with a scope;
 * docs/spec-map.md §2.7, §4): DATUM (dd-mm-yyyy), BESCHRIJVING, ONTVANGER, VERZENDER, MEDIA (the
 * number of attachments) and BEDRAG (negatives red); 'Geen transacties gevonden' when empty. A
 * counterparty shielded from the public shows as 'afgeschermd' in the reader's language.
 * 20 rows at a time: more load when the table is scrolled to within 20 px of its bottom (or does
 * not fill its box yet) or on 'Load More', until a page holds fewer than 20. 'Transactie toevoegen' needs create_payment;
 * 'Filter' opens the filter modal, and the active filter shows as chips that remove it. A row
 * (click, or Enter on it) opens the payment.
 */
import { PAGE_SIZE } from '@helder/shared/http/client';
import { formatEuro } from '@helder/shared/money';
import { useEffect, useId, useState, type KeyboardEvent, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Alert } from '../../components/ui/Alert';
import { Button } from '../../components/ui/Button';
import { ButtonLink } from '../../components/ui/ButtonLink';
import { PlusIcon } from '../../components/ui/icons';
import { Spinner } from '../../components/ui/Spinner';
import { paths } from '../../lib/paths';
import { useLoadMoreOnScroll } from '../../lib/useLoadMoreOnScroll';
import { useCan } from '../auth';
import { usePayments } from './api';
import { shownName } from './counterparty';
import { formatBookingDate } from '../../lib/dates';
import { ExportMenu } from './ExportMenu';
import { FilterChips } from './FilterChips';
import { searchText } from './filters';
import styles from './payments.module.css';
import { usePaymentsFilter } from './routing';
import type { PaymentsScope } from './schemas';

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

export interface PaymentsTableProps {
  scope: PaymentsScope;
}

export function PaymentsTable({ scope }: PaymentsTableProps) {
  const { t } = useTranslation('payments');
  const navigate = useNavigate();
  const hintId = useId();
  const { initiativeId, activityId } = scope;
  const filter = usePaymentsFilter();
  const search = searchText(filter);
  const payments = usePayments(scope, filter);
  const { can } = useCan(
    activityId === undefined ? 'Initiative' : 'Activity',
    activityId ?? initiativeId,
  );
  const { ref, onScroll } = useLoadMoreOnScroll<HTMLDivElement>(payments, SCROLL_THRESHOLD_PX);
  const scrolls = useScrolls(ref);

  const rows = payments.data?.pages.flatMap((page) => page.payments) ?? [];
  const total = payments.data?.pages.at(-1)?.totalCount;
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = payments;
  const loadMore = () => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  };
  const open = (paymentId: number) =>
    void navigate(`${paths.paymentDetails(initiativeId, paymentId, activityId)}${search}`);
  const onRowKey = (event: KeyboardEvent, paymentId: number) => {
    if (event.key !== 'Enter' && event.key !== ' ') return;
    event.preventDefault();
    open(paymentId);
  };

  let state = null;
  if (payments.isPending) state = <Spinner label={t('table.loading')} />;
  else if (payments.isError && !payments.isFetchNextPageError) {
    state = (
      <div className={styles.tableState}>
        <Alert>{t('table.failed')}</Alert>
        <Button variant="secondary" onClick={() => void payments.refetch()}>
          {t('table.retry')}
        </Button>
      </div>
    );
  } else if (rows.length === 0) state = <p className={styles.emptyRow}>{t('empty')}</p>;

  return (
    <div className={styles.paymentsTab}>
      <div className={styles.toolbar} role="group" aria-label={t('table.actions')}>
        <ButtonLink to={`${paths.filterPayments(initiativeId, activityId)}${search}`}>
          {t('table.filter')}
        </ButtonLink>
        <ExportMenu scope={scope} filter={filter} />
        {can('create_payment') ? (
          <ButtonLink
            to={`${paths.addPayment(initiativeId, activityId)}${search}`}
            variant="primary"
            icon={<PlusIcon size={18} />}
          >
            {t('table.add')}
          </ButtonLink>
        ) : null}
      </div>
      <FilterChips filter={filter} />
      <div className={styles.tableBlock}>
        <div
          ref={ref}
          className={styles.tableWrap}
          onScroll={onScroll}
          {...(scrolls ? { role: 'region', 'aria-label': t('table.caption'), tabIndex: 0 } : {})}
        >
          <table className={styles.table} aria-describedby={rows.length > 0 ? hintId : undefined}>
            <caption className="visually-hidden">{t('table.caption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('table.date')}</th>
                <th scope="col">{t('table.description')}</th>
                <th scope="col">{t('table.creditor')}</th>
                <th scope="col">{t('table.debtor')}</th>
                <th scope="col">{t('table.media')}</th>
                <th scope="col" className={styles.amount}>
                  {t('table.amount')}
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map(({ payment, n_attachments }) => (
                <tr
                  key={payment.id}
                  className={styles.row}
                  tabIndex={0}
                  onClick={() => open(payment.id)}
                  onKeyDown={(event) => onRowKey(event, payment.id)}
                >
                  <td className={styles.nowrap}>{formatBookingDate(payment.booking_date)}</td>
                  <td>{payment.short_user_description}</td>
                  <td>{shownName(payment, 'creditor', t('shieldedName'))}</td>
                  <td>{shownName(payment, 'debtor', t('shieldedName'))}</td>
                  <td>{n_attachments}</td>
                  <td
                    className={`${styles.amount} ${payment.transaction_amount < 0 ? styles.negative : ''}`}
                  >
                    {formatEuro(payment.transaction_amount)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <p id={hintId} className="visually-hidden">
          {t('table.hint')}
        </p>
        {/* Outside the scrolling table, so that it stays in view on a narrow screen. */}
        {state}
      </div>
      {payments.isFetchNextPageError ? <Alert>{t('table.failed')}</Alert> : null}
      {rows.length > 0 ? (
        <div className={styles.more}>
          {total !== undefined && total >= PAGE_SIZE ? (
            <p className={styles.count}>{t('table.count', { shown: rows.length, total })}</p>
          ) : null}
          {hasNextPage ? (
            <Button variant="secondary" busy={isFetchingNextPage} onClick={loadMore}>
              {isFetchingNextPage ? t('table.loadingMore') : t('table.loadMore')}
            </Button>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
