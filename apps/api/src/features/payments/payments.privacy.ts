import {
  counterpartySide,
  maskAccountNumbers,
  SHIELDED_NAME,
  shieldName,
  type PaymentRoute,
} from '@helder/shared/payments';
import type { Ctx } from '../../http/context';

/**
 * Whether the caller reads a payment's account numbers and its shielded counterparty's name:
 * logged-in callers who may read the payment (every caller that reaches a response may). Anyone
 * else is the public (docs/api-rules.md §6).
 */
export const readsPrivate = (ctx: Ctx): boolean => ctx.actor !== null;

type Text = string | null;

/** The texts of a payment row the public reads, and what decides how. */
export interface PaymentTexts {
  route: PaymentRoute;
  hideCounterparty: boolean;
  creditorName: Text;
  debtorName: Text;
  shortUserDescription: Text;
  longUserDescription?: Text;
  transactionId?: Text;
}

/**
 * The row as the public reads it (docs/api-rules.md §6): account and card numbers masked in every
 * text, and a shielded counterparty's name replaced by SHIELDED_NAME, in its own field and in the
 * descriptions. Built from the row in memory, so a list stays one query, and before any answer is
 * kept by the public cache.
 */
export function forThePublic<T extends PaymentTexts>(row: T): T {
  const side = counterpartySide(row.route);
  const counterparty = side === 'creditor' ? row.creditorName : row.debtorName;
  const text = <S extends Text | undefined>(value: S): S => {
    if (value === null || value === undefined) return value;
    return maskAccountNumbers(row.hideCounterparty ? shieldName(value, counterparty) : value) as S;
  };
  const name = (value: Text, of: 'creditor' | 'debtor') =>
    row.hideCounterparty && of === side && value ? SHIELDED_NAME : text(value);
  const shown: T = {
    ...row,
    creditorName: name(row.creditorName, 'creditor'),
    debtorName: name(row.debtorName, 'debtor'),
    shortUserDescription: text(row.shortUserDescription),
  };
  if (row.longUserDescription !== undefined) {
    shown.longUserDescription = text(row.longUserDescription);
  }
  if (row.transactionId !== undefined) shown.transactionId = text(row.transactionId);
  return shown;
}
