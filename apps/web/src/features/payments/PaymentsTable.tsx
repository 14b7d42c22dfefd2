/**
 * The one table of payments (architecture: one PaymentsTable with a scope), as the initiative and
 * activity Transactieoverzicht tabs show it (docs/spec-map.md §2.7): DATUM, BESCHRIJVING,
 * ONTVANGER, VERZENDER, MEDIA (attachment count), BEDRAG (negatives red); 'Geen transacties
 * gevonden' when empty. The payments issue adds the data (GET /api/payments/…), the buttons and the
 * modals; until then it renders the rows it is given (none).
 */
import { formatEuro } from '@helder/shared/money';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './payments.module.css';

export type PaymentsScope =
  | { kind: 'initiative'; initiativeId: number }
  | { kind: 'activity'; initiativeId: number; activityId: number }
  | { kind: 'user'; userId: number };

export interface PaymentRow {
  id: number;
  booking_date: string;
  short_user_description: string | null;
  creditor_name: string | null;
  debtor_name: string | null;
  n_attachments: number;
  transaction_amount: number;
}

export interface PaymentsTableProps {
  scope: PaymentsScope;
  rows?: readonly PaymentRow[];
}

/** dd-MM-yyyy (docs/spec-map.md §9). */
function formatDate(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat('nl-NL', {
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    timeZone: 'Europe/Amsterdam',
  })
    .format(date)
    .replace(/\//g, '-');
}

/**
 * Whether the element is wider inside than outside (it scrolls sideways): then keyboard users
 * must be able to focus it to scroll it.
 */
function useOverflows<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  const [overflows, setOverflows] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() =>
      setOverflows(element.scrollWidth > element.clientWidth),
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return { ref, overflows };
}

export function PaymentsTable({ scope, rows = [] }: PaymentsTableProps) {
  const { t } = useTranslation('payments');
  const { ref, overflows } = useOverflows<HTMLDivElement>();
  return (
    <div className={styles.tableBlock} data-scope={scope.kind}>
      <div
        ref={ref}
        className={styles.tableWrap}
        {...(overflows ? { role: 'region', 'aria-label': t('table.caption'), tabIndex: 0 } : {})}
      >
        <table className={styles.table}>
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
            {rows.map((row) => (
              <tr key={row.id}>
                <td>{formatDate(row.booking_date)}</td>
                <td>{row.short_user_description}</td>
                <td>{row.creditor_name}</td>
                <td>{row.debtor_name}</td>
                <td>{row.n_attachments}</td>
                <td
                  className={`${styles.amount} ${row.transaction_amount < 0 ? styles.negative : ''}`}
                >
                  {formatEuro(row.transaction_amount)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {/* Outside the scrolling table, so that it stays in view on a narrow screen. */}
      {rows.length === 0 ? <p className={styles.emptyRow}>{t('empty')}</p> : null}
    </div>
  );
}
