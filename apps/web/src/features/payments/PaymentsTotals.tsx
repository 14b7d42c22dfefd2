/**
 * The foot of a payments table: what every payment of the list (with its filter, not only the
 * loaded rows) adds up to, and what the payments the reader may not see add up to, so that the
 * table reconciles with the initiative's or activity's figures (docs/api-rules.md §1, §8).
 */
import { formatEuro } from '@helder/shared/money';
import type { MoneySums } from '@helder/shared/payments';
import { useTranslation } from 'react-i18next';
import tableStyles from './table.module.css';
import styles from './totals.module.css';

export interface PaymentsTotalsProps {
  /** How many payments the list holds with its filter. */
  count: number;
  totals: MoneySums;
  shielded: MoneySums;
  /** The table's number of columns; the amounts go in the last. */
  columns: number;
}

function SumRow({ label, amount, columns }: { label: string; amount: number; columns: number }) {
  return (
    <tr>
      <th scope="row" colSpan={columns - 1}>
        {label}
      </th>
      <td className={`${tableStyles.amount} ${amount < 0 ? tableStyles.negative : ''}`}>
        {formatEuro(amount)}
      </td>
    </tr>
  );
}

export function PaymentsTotals({ count, totals, shielded, columns }: PaymentsTotalsProps) {
  const { t } = useTranslation('payments');
  // Only the sides that hold money are named.
  const parts: string[] = [];
  if (shielded.expenses !== 0) {
    parts.push(t('totals.shieldedExpenses', { amount: formatEuro(-shielded.expenses) }));
  }
  if (shielded.income !== 0) {
    parts.push(t('totals.shieldedIncome', { amount: formatEuro(shielded.income) }));
  }
  const note =
    parts.length === 0 ? null : t('totals.shielded', { amounts: parts.join(t('totals.and')) });
  return (
    <tfoot className={styles.totals}>
      <SumRow label={t('totals.income')} amount={totals.income} columns={columns} />
      <SumRow label={t('totals.expenses')} amount={totals.expenses} columns={columns} />
      <tr className={styles.net}>
        <th scope="row" colSpan={columns - 1}>
          {t('totals.net', { count })}
        </th>
        <td className={tableStyles.amount}>
          {formatEuro(Math.round((totals.income + totals.expenses) * 100) / 100)}
        </td>
      </tr>
      {note ? (
        <tr>
          <td colSpan={columns} className={styles.note}>
            {note}
          </td>
        </tr>
      ) : null}
    </tfoot>
  );
}
