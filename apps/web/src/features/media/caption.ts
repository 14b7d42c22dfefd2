/**
 * What names a medium on screen: its payment's day, counterparty and amount, so that a tile and
 * its preview say which payment a receipt belongs to rather than its place in the grid.
 */
import type { MediumPayment } from '@helder/shared/media';
import { formatEuro } from '@helder/shared/money';
import { SHIELDED_NAME } from '@helder/shared/payments/client';
import { formatBookingDate } from '../../lib/dates';

export interface CaptionParts {
  date: string;
  /** '' when the payment names none. */
  counterparty: string;
  amount: string;
}

/** `shielded` is the reader's word for a counterparty the owner shields from the public. */
export function captionParts(payment: MediumPayment, shielded: string): CaptionParts {
  return {
    date: formatBookingDate(payment.booking_date),
    counterparty: payment.counterparty === SHIELDED_NAME ? shielded : payment.counterparty,
    amount: formatEuro(payment.transaction_amount),
  };
}
