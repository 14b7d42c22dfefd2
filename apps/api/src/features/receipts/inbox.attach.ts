/**
 * An inbox receipt goes to a payment (docs/api-rules.md §22): its file becomes the payment's
 * attachment and its reading the attachment's, in one transaction with the audit row; or a
 * manual expense is made from its reading and it goes to that. A reading still queued is queued
 * again for the attachment once committed (the inbox job then finds nothing to read).
 */
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Attachment } from '@helder/shared/media';
import { MANUAL_PAYMENT } from '@helder/shared/payments';
import type { matchesBody, paymentFromReceiptBody } from '@helder/shared/receipts';
import type { Actor } from '@helder/shared/permissions';
import type { Executor } from '../../db/client';
import {
  initiatives,
  paymentAttachments,
  payments,
  receiptInbox,
  receiptReadings,
} from '../../db/schema';
import { requireActor, type Ctx } from '../../http/context';
import { invalid, notFound } from '../../http/errors';
import { audit } from '../../lib/audit';
import { signFileUrl } from '../../lib/file-urls';
import { pictureUrls } from '../../lib/pictures';
import { authorize } from '../../lib/write';
import { findActivity } from '../activities';
import { findInitiative } from '../initiatives';
import { answerRejection, findPayment, lockPayment } from '../payments';
import type { ReceiptFields } from './receipt-parse';

type Matches = z.output<typeof matchesBody>['matches'];
type FromReceipt = z.output<typeof paymentFromReceiptBody>;

interface Moved {
  paymentId: number;
  attachmentId: number;
  key: string;
  /** The reading was still queued: it is queued again for the attachment. */
  queued: boolean;
}

/** Moves the caller's receipt to the payment inside `tx`; 404 when either is gone. */
async function moveToPayment(
  tx: Executor,
  actor: Actor,
  receiptId: number,
  paymentId: number,
): Promise<Moved> {
  await lockPayment(tx, paymentId);
  const [gone] = await tx
    .delete(receiptInbox)
    .where(and(eq(receiptInbox.id, receiptId), eq(receiptInbox.uploadedBy, actor.id)))
    .returning();
  if (!gone) throw notFound('Receipt');
  // A receipt is an answer to a rejection (docs/api-rules.md §20).
  await answerRejection(tx, actor.id, paymentId);
  const [attachment] = await tx
    .insert(paymentAttachments)
    .values({ paymentId, storageKey: gone.storageKey })
    .returning({ id: paymentAttachments.id });
  const attachmentId = attachment!.id;
  if (gone.status) {
    await tx.insert(receiptReadings).values({
      attachmentId,
      status: gone.status,
      fields: gone.fields,
      error: gone.error,
    });
  }
  await audit(tx, {
    actorId: actor.id,
    entityClass: 'Payment',
    entityId: paymentId,
    action: 'update',
    changes: { attachments: { from: null, to: [attachmentId] } },
  });
  return { paymentId, attachmentId, key: gone.storageKey, queued: gone.status === 'queued' };
}

function answer(ctx: Ctx, moved: Moved[]) {
  const now = ctx.clock();
  const sign = (key: string) => signFileUrl(ctx.fileBase, ctx.config.secretKey, key, now);
  return moved.map((m) => ({
    payment_id: m.paymentId,
    attachment: { id: m.attachmentId, ...pictureUrls(m.key, sign) } satisfies Attachment,
  }));
}

/**
 * Attaches receipts to payments, all or none: each payment must be one the caller may add
 * attachments to (Payment edit, docs/api-rules.md §5), each receipt theirs and in the inbox.
 */
export async function matchReceipts(ctx: Ctx, matches: Matches) {
  const actor = requireActor(ctx);
  const ids = new Set(matches.map((m) => m.receipt_id));
  if (ids.size !== matches.length) {
    throw invalid('matches', 'duplicate', 'A receipt can go to one payment only');
  }
  const moved = await ctx.db.transaction(async (tx) => {
    const inTx: Ctx = { ...ctx, db: tx };
    const done: Moved[] = [];
    for (const { receipt_id, payment_id } of matches) {
      const row = await findPayment(inTx, payment_id);
      authorize(actor, 'edit', row.subject, 'You may not add attachments to this payment');
      done.push(await moveToPayment(tx, actor, receipt_id, payment_id));
    }
    return done;
  });
  return { matched: answer(ctx, moved), requeue: moved.filter((m) => m.queued) };
}

/** The reading's proposal, when it was read and is in euros. */
function proposalOf(fields: unknown) {
  const read = fields as ReceiptFields | null;
  return {
    cents: read?.currency === 'EUR' ? (read.amountCents?.value ?? null) : null,
    day: read?.date?.value ?? null,
    shop: read?.shop?.value ?? null,
  };
}

/**
 * Records a manual expense from the caller's receipt (create_payment where it goes, as
 * POST /payment) and attaches the receipt to it, in one transaction. What the body leaves out
 * comes from the reading; without an amount or a date from either it is a 422.
 */
export async function paymentFromReceipt(ctx: Ctx, receiptId: number, body: FromReceipt) {
  const actor = requireActor(ctx);
  const [receipt] = await ctx.db
    .select()
    .from(receiptInbox)
    .where(and(eq(receiptInbox.id, receiptId), eq(receiptInbox.uploadedBy, actor.id)));
  if (!receipt) throw notFound('Receipt');
  if (
    receipt.initiativeId !== null &&
    body.initiative_id !== undefined &&
    body.initiative_id !== receipt.initiativeId
  ) {
    throw invalid('initiative_id', 'other_initiative', 'The receipt belongs to another initiative');
  }
  const initiativeId = receipt.initiativeId ?? body.initiative_id;
  if (initiativeId === undefined) {
    throw invalid('initiative_id', 'required', 'Name the initiative of the payment');
  }
  const target =
    body.activity_id === null
      ? await findInitiative(ctx, initiativeId)
      : await findActivity(ctx, { initiativeId, activityId: body.activity_id });
  authorize(actor, 'create_payment', target.subject, 'You may not record payments here');
  const read = proposalOf(receipt.fields);
  const cents =
    body.transaction_amount === undefined
      ? read.cents
      : Math.round(Math.abs(body.transaction_amount) * 100);
  if (!cents) {
    throw invalid('transaction_amount', 'required', 'The receipt gave no amount: send one');
  }
  // The receipt's day at noon, so it is that day in Amsterdam whatever the season.
  const bookingDate = body.booking_date ?? (read.day && `${read.day}T12:00:00Z`);
  if (!bookingDate) throw invalid('booking_date', 'required', 'The receipt gave no date: send one');
  const values = {
    type: MANUAL_PAYMENT,
    amountCents: -cents,
    bookingDate: new Date(bookingDate),
    // Absent: the reading's; emptied by the person (null): none (docs/api-rules.md §22).
    creditorName: body.creditor_name === undefined ? read.shop : body.creditor_name,
    shortUserDescription:
      body.short_user_description === undefined ? read.shop : body.short_user_description,
    route: 'uitgaven' as const,
    initiativeId,
    activityId: body.activity_id,
    createdById: actor.id,
  } satisfies typeof payments.$inferInsert;
  const moved = await ctx.db.transaction(async (tx) => {
    // Locked as POST /payment locks it: a concurrent delete cannot leave the payment orphaned.
    const [initiative] = await tx
      .select({ id: initiatives.id })
      .from(initiatives)
      .where(eq(initiatives.id, initiativeId))
      .for('key share');
    if (!initiative) throw notFound('Initiative');
    const [created] = await tx.insert(payments).values(values).returning({ id: payments.id });
    const paymentId = created!.id;
    await audit(tx, {
      actorId: actor.id,
      entityClass: 'Payment',
      entityId: paymentId,
      action: 'create',
      changes: {
        transaction_amount: { from: null, to: -cents / 100 },
        booking_date: { from: null, to: values.bookingDate.toISOString() },
        creditor_name: { from: null, to: values.creditorName },
        short_user_description: { from: null, to: values.shortUserDescription },
        route: { from: null, to: values.route },
        initiative_id: { from: null, to: initiativeId },
        activity_id: { from: null, to: body.activity_id },
      },
    });
    return moveToPayment(tx, actor, receiptId, paymentId);
  });
  return { matched: answer(ctx, [moved])[0]!, requeue: moved.queued ? [moved] : [] };
}
