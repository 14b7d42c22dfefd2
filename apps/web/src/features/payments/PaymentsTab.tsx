/**
 * The Transactieoverzicht tab of an initiative and of an activity (one tab, with a scope;
 * docs/spec-map.md §2.7, §4): DATUM (dd-mm-yyyy), BESCHRIJVING, ONTVANGER, VERZENDER, MEDIA (the
 * number of attachments) and BEDRAG (negatives red) in PaymentsTable; 'Geen transacties gevonden'
 * when empty. A counterparty shielded from the public shows as 'afgeschermd' in the reader's
 * language. 'Transactie toevoegen' needs create_payment; 'Filter' opens the filter modal, and the
 * active filter shows as chips that remove it. 'Zonder bon' lists the expenses without a receipt;
 * 'Bonnen toevoegen' opens the receipt inbox for those who may edit payments here. A row (click, or Enter on it) opens the payment.
 */
import type { MoneySums, PaymentListItem } from '@helder/shared/payments';
import { PAGE_SIZE } from '@helder/shared/http/client';
import { lazy, Suspense, useEffect, useRef, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { Button } from '../../components/ui/Button';
import { ButtonLink } from '../../components/ui/ButtonLink';
import { PlusIcon } from '../../components/ui/icons';
import { paths } from '../../lib/paths';
import { useCan, useSession } from '../auth';
import { showsReviewSummary, usePayments } from './api';
import { shownName } from './counterparty';
import { ExportMenu } from './ExportMenu';
import { FilterChips } from './FilterChips';
import { filterToSearch, searchText } from './filters';
import styles from './tab.module.css';
import tableStyles from './table.module.css';
import { AmountCell, DateCell, PaymentsTable } from './PaymentsTable';
import { PaymentsTotals } from './PaymentsTotals';
import { usePaymentsFilter, useSavedPayment } from './routing';
import type { PaymentsScope } from './schemas';

/**
 * The review's summary and badges are for insiders only: visitors never load them (ADR 0027's
 * budget).
 */
const ReviewSummary = lazy(() =>
  import('./ReviewSummary').then(({ ReviewSummary }) => ({ default: ReviewSummary })),
);
/** Visitors never load the receipt inbox's button (ADR 0027's budget). */
const ReceiptsButton = lazy(() =>
  import('./ReceiptsButton').then(({ ReceiptsButton }) => ({ default: ReceiptsButton })),
);
const ReviewBadge = lazy(() =>
  import('./ReviewBadge').then(({ ReviewBadge }) => ({ default: ReviewBadge })),
);

export function PaymentsTab({ scope }: { scope: PaymentsScope }) {
  const { t } = useTranslation('payments');
  const navigate = useNavigate();
  const { initiativeId, activityId } = scope;
  const session = useSession();
  const filter = usePaymentsFilter();
  const search = searchText(filter);
  const payments = usePayments(scope, filter);
  const { can } = useCan(
    activityId === undefined ? 'Initiative' : 'Activity',
    activityId ?? initiativeId,
  );

  const [, setSearchParams] = useSearchParams();
  // Who may edit some payment here: the same relations the API asks of a receipt's dropper.
  const dropsReceipts =
    session !== null && activityId === undefined && (can('create_payment') || can('link_payment'));
  const withoutReceipt = filter.receipt === 'missing';
  const toggleWithoutReceipt = () => {
    const { receipt: _receipt, ...rest } = filter;
    setSearchParams(filterToSearch(withoutReceipt ? rest : { ...filter, receipt: 'missing' }), {
      preventScrollReset: true,
    });
  };

  const saved = useSavedPayment();
  const savedRow = useRef<HTMLTableRowElement>(null);
  const rows = payments.data?.pages.flatMap((page) => page.payments) ?? [];
  const savedShown = saved !== null && rows.some((row) => row.payment.id === saved.id);
  useEffect(() => {
    if (savedShown) savedRow.current?.scrollIntoView?.({ block: 'nearest' });
  }, [savedShown, saved?.id]);
  const lastPage = payments.data?.pages.at(-1);
  const total = lastPage?.totalCount;
  const shows = (sums: MoneySums) => sums.income !== 0 || sums.expenses !== 0;
  const open = (paymentId: number) =>
    void navigate(`${paths.paymentDetails(initiativeId, paymentId, activityId)}${search}`);
  const onRowKey = (event: KeyboardEvent, paymentId: number) => {
    if (event.key !== 'Enter' && event.key !== ' ') return;
    event.preventDefault();
    open(paymentId);
  };

  const renderRow = ({ payment, n_attachments, review_status }: PaymentListItem) => (
    <tr
      key={payment.id}
      ref={payment.id === saved?.id ? savedRow : undefined}
      className={
        payment.id === saved?.id ? `${tableStyles.row} ${styles.savedRow}` : tableStyles.row
      }
      tabIndex={0}
      onClick={() => open(payment.id)}
      onKeyDown={(event) => onRowKey(event, payment.id)}
    >
      <DateCell bookingDate={payment.booking_date} />
      <td>
        {payment.short_user_description}
        {review_status ? (
          <Suspense fallback={null}>
            <ReviewBadge status={review_status} />
          </Suspense>
        ) : null}
      </td>
      <td>{shownName(payment, 'creditor', t('shieldedName'))}</td>
      <td>{shownName(payment, 'debtor', t('shieldedName'))}</td>
      <td>
        {n_attachments}
        {n_attachments === 0 && payment.transaction_amount < 0 ? (
          <span className={styles.noReceipt}>{t('table.noReceipt')}</span>
        ) : null}
      </td>
      <AmountCell amount={payment.transaction_amount} />
    </tr>
  );

  return (
    <div className={styles.paymentsTab}>
      <div className={styles.toolbar} role="group" aria-label={t('table.actions')}>
        <ButtonLink to={`${paths.filterPayments(initiativeId, activityId)}${search}`}>
          {t('table.filter')}
        </ButtonLink>
        <ExportMenu scope={scope} filter={filter} />
        <Button variant="secondary" aria-pressed={withoutReceipt} onClick={toggleWithoutReceipt}>
          {t('receipts.withoutReceipt')}
        </Button>
        {dropsReceipts ? (
          <Suspense fallback={null}>
            <ReceiptsButton initiativeId={initiativeId} />
          </Suspense>
        ) : null}
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
      {showsReviewSummary(session !== null, scope) ? (
        <Suspense fallback={null}>
          <ReviewSummary initiativeId={initiativeId} />
        </Suspense>
      ) : null}
      <FilterChips filter={filter} />
      {/* Always present, so that a screen reader announces the text when it appears. */}
      <p role="status" className={saved ? styles.savedNotice : 'visually-hidden'}>
        {saved ? t(saved.created ? 'table.created' : 'table.saved') : ''}
      </p>
      <PaymentsTable
        layout="tab"
        list={payments}
        rows={rows}
        caption={t('table.caption')}
        columns={[
          { header: t('table.date') },
          { header: t('table.description') },
          { header: t('table.creditor') },
          { header: t('table.debtor') },
          { header: t('table.media') },
          { header: t('table.amount'), className: tableStyles.amount },
        ]}
        renderRow={renderRow}
        texts={{
          loading: t('table.loading'),
          failed: t('table.failed'),
          empty: t('empty'),
          loadMore: t('table.loadMore'),
          loadingMore: t('table.loadingMore'),
          rowHint: t('table.hint'),
        }}
        retry={{ label: t('table.retry'), onClick: () => void payments.refetch() }}
        count={
          total !== undefined && total >= PAGE_SIZE
            ? t('table.count', { shown: rows.length, total })
            : undefined
        }
        foot={
          lastPage && (lastPage.totalCount > 0 || shows(lastPage.shielded))
            ? (columns: number) => (
                <PaymentsTotals
                  count={lastPage.totalCount}
                  totals={lastPage.totals}
                  shielded={lastPage.shielded}
                  columns={columns}
                />
              )
            : undefined
        }
      />
    </div>
  );
}
