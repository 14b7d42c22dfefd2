/**
 * A payment's names as the reader sees them (docs/api-rules.md §6): the API gives the public a
 * shielded counterparty's name as SHIELDED_NAME, which is shown in the reader's language.
 */
import type { PaymentFields } from '@helder/shared/payments';
import { counterpartySide, SHIELDED_NAME } from '@helder/shared/payments/client';

export function shownName(
  payment: Pick<PaymentFields, 'creditor_name' | 'debtor_name' | 'route' | 'hide_counterparty'>,
  side: 'creditor' | 'debtor',
  shielded: string,
): string {
  const name = side === 'creditor' ? payment.creditor_name : payment.debtor_name;
  const placeholder =
    payment.hide_counterparty && side === counterpartySide(payment.route) && name === SHIELDED_NAME;
  return placeholder ? shielded : name;
}
