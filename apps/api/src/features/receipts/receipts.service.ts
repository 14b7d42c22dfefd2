import { eq } from 'drizzle-orm';
import type { ReceiptReading } from '@helder/shared/media';
import { centsToEuros } from '@helder/shared/money';
import { paymentAttachments, receiptReadings } from '../../db/schema';
import { requireActor, type Ctx } from '../../http/context';
import { notFound } from '../../http/errors';
import { findPayment } from '../payments';
import type { Proposed, ReceiptFields } from './receipt-parse';

const euros = (field: Proposed<number> | null) =>
  field && { ...field, value: centsToEuros(field.value) };

/**
 * What reading the receipt proposes (docs/api-rules.md §19), for a caller who may read its
 * payment; 404 when the payment is hidden from them or the receipt was never queued for reading.
 */
export async function getReading(ctx: Ctx, attachmentId: number): Promise<ReceiptReading> {
  requireActor(ctx);
  const [row] = await ctx.db
    .select({
      paymentId: paymentAttachments.paymentId,
      status: receiptReadings.status,
      fields: receiptReadings.fields,
      error: receiptReadings.error,
    })
    .from(paymentAttachments)
    .leftJoin(receiptReadings, eq(receiptReadings.attachmentId, paymentAttachments.id))
    .where(eq(paymentAttachments.id, attachmentId));
  if (!row) throw notFound('Attachment');
  await findPayment(ctx, row.paymentId);
  if (!row.status) throw notFound('Reading');
  return toReading({ ...row, status: row.status });
}

/** A stored reading as the wire shows it (docs/api-rules.md §19). */
export function toReading(row: {
  status: ReceiptReading['status'];
  fields: unknown;
  error: string | null;
}): ReceiptReading {
  const fields = row.fields as ReceiptFields | null;
  return {
    status: row.status,
    error: row.status === 'failed' ? ((row.error ?? 'failed') as ReceiptReading['error']) : null,
    fields: fields && {
      date: fields.date,
      amount: euros(fields.amountCents),
      shop: fields.shop,
      vat: euros(fields.vatCents),
      vat_rates: fields.vatRates,
      currency: fields.currency,
    },
  };
}
