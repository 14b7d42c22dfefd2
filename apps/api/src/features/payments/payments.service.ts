import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { centsToEuros, eurosToCents } from '@helder/shared/money';
import {
  routeOfAmount,
  signedForRoute,
  type Payment,
  type PaymentFields,
  type PaymentRoute,
  type paymentBody,
  type paymentPatch,
} from '@helder/shared/payments';
import { editableFields, isAdmin } from '@helder/shared/permissions';
import { activities, initiatives, paymentAttachments, payments } from '../../db/schema';
import { requireActor, type Ctx } from '../../http/context';
import { conflict, forbidden, notFound } from '../../http/errors';
import { signFileUrl } from '../../lib/file-urls';
import { diff } from '../../lib/audit';
import { changedFields } from '../../lib/patch';
import { pictureUrls } from '../../lib/pictures';
import { authorize, entityWriter, readable, subjectLoader, write } from '../../lib/write';
import { seesEverything } from '../../lib/initiative-sql';
import { findActivity } from '../activities';
import { findInitiative } from '../initiatives';
import { forThePublic, readsPrivate } from './payments.privacy';
import { answerRejection, assertNotLocked, toReview } from './payments.review-state';
import { toPossibleDuplicate } from './payments.twins';
import type { PaymentPageRow } from './payments.page';
import { paymentSubject, selectPayment, type PaymentRow } from './payments.queries';

type PaymentInput = z.output<typeof paymentBody>;
type PaymentSubject = ReturnType<typeof paymentSubject>;
type PaymentChanges = z.output<typeof paymentPatch>;

const writes = entityWriter({ entityClass: 'Payment', table: payments });

/** The payment with the caller's relations, or 404 (unknown, or not readable by the caller). */
export async function findPayment(ctx: Ctx, id: number) {
  const row = await selectPayment(ctx.db, ctx.actor, id);
  return readable(ctx.actor, row, paymentSubject, 'Payment');
}

/** entity-access for Payment: flags, links and relations in one statement. */
export const loadPaymentSubject = subjectLoader(selectPayment, paymentSubject);

/** Empty text is "" on the wire, never null (docs/api-rules.md §1). */
const text = (value: string | null) => value ?? '';

/**
 * The fields of a payment as every response shows them. Account numbers only for callers who
 * read them; the public reads the texts masked and a shielded name replaced (docs/api-rules.md §6).
 */
export function toPaymentFields(
  ctx: Ctx,
  row: Omit<PaymentPageRow, 'reviewEnabled' | 'reviewStatus' | 'totals' | 'scope'>,
): PaymentFields {
  const own = readsPrivate(ctx);
  const shown = own ? row : forThePublic(row);
  return {
    id: row.id,
    transaction_id: text(shown.transactionId),
    booking_date: row.bookingDate.toISOString(),
    transaction_amount: centsToEuros(row.amountCents),
    creditor_name: text(shown.creditorName),
    ...(own ? { creditor_account: text(row.creditorAccount) } : {}),
    debtor_name: text(shown.debtorName),
    ...(own ? { debtor_account: text(row.debtorAccount) } : {}),
    route: row.route,
    short_user_description: text(shown.shortUserDescription),
    long_user_description: text(shown.longUserDescription),
    hidden: row.hidden,
    hide_counterparty: row.hideCounterparty,
    type: row.type,
  };
}

function toPayment(ctx: Ctx, row: PaymentRow & { subject?: PaymentSubject }): Payment {
  const now = ctx.clock();
  const sign = (key: string) => signFileUrl(ctx.fileBase, ctx.config.secretKey, key, now);
  return {
    initiative_id: row.initiativeId,
    ...toPaymentFields(ctx, row),
    ...(readsPrivate(ctx) ? { iban: text(row.iban) } : {}),
    initiative_name: row.initiativeName,
    activity_id: row.activityId,
    activity_name: row.activityName,
    n_attachments: row.nAttachments,
    attachments: row.attachments.map((a) => ({ id: a.id, ...pictureUrls(a.key, sign) })),
    ...toReview(ctx.actor, row.subject ?? paymentSubject(row), row),
    // Both lines of a pair are the account's: for those who see all its lines (docs/api-rules.md §13).
    ...(seesEverything(ctx.actor) || row.isAccountOwner || row.isAccountUser
      ? { possible_duplicate_of: toPossibleDuplicate(row.twin) }
      : {}),
  };
}

export async function getPayment(ctx: Ctx, id: number): Promise<Payment> {
  return toPayment(ctx, await findPayment(ctx, id));
}

/** The amount and route stored for what the client sent: a given route wins over the sign. */
function agreeing(euros: number, route: PaymentRoute | undefined) {
  const amount = route ? signedForRoute(euros, route) : euros;
  return { amount, route: route ?? routeOfAmount(amount) };
}

/**
 * Records a manual payment (docs/api-rules.md §5, §8): create_payment on the activity when one
 * is named (it must belong to the initiative), else on the initiative. Both rows are locked while
 * the payment goes in, so a concurrent delete cannot leave it pointing nowhere.
 */
export async function createPayment(ctx: Ctx, input: PaymentInput): Promise<Payment> {
  const actor = requireActor(ctx);
  const target =
    input.activity_id === null
      ? await findInitiative(ctx, input.initiative_id)
      : await findActivity(ctx, {
          initiativeId: input.initiative_id,
          activityId: input.activity_id,
        });
  authorize(actor, 'create_payment', target.subject, 'You may not record payments here');
  const { amount, route } = agreeing(input.transaction_amount, input.route);
  const values = {
    type: input.type,
    amountCents: eurosToCents(amount),
    bookingDate: new Date(input.booking_date),
    creditorName: input.creditor_name,
    creditorAccount: input.creditor_account,
    debtorName: input.debtor_name,
    debtorAccount: input.debtor_account,
    route,
    shortUserDescription: input.short_user_description,
    longUserDescription: input.long_user_description,
    hidden: input.hidden,
    hideCounterparty: input.hide_counterparty,
    initiativeId: input.initiative_id,
    activityId: input.activity_id,
    createdById: actor.id,
  };
  const id = await write(ctx, actor, {
    run: async (tx) => {
      const [initiative] = await tx
        .select({ id: initiatives.id })
        .from(initiatives)
        .where(eq(initiatives.id, input.initiative_id))
        .for('key share');
      if (!initiative) throw notFound('Initiative');
      if (input.activity_id !== null) {
        const [activity] = await tx
          .select({ id: activities.id })
          .from(activities)
          .where(eq(activities.id, input.activity_id))
          .for('key share');
        if (!activity) throw notFound('Activity');
      }
      const [created] = await tx.insert(payments).values(values).returning({ id: payments.id });
      return created!.id;
    },
    audit: (created) => ({
      entityClass: 'Payment',
      entityId: created,
      action: 'create',
      changes: Object.fromEntries(
        Object.entries({ ...input, transaction_amount: amount, route }).map(([k, v]) => [
          k,
          { from: null, to: v },
        ]),
      ),
    }),
  });
  return getPayment(ctx, id);
}

/**
 * Edits the changed fields (docs/api-rules.md §5–6): a changed field outside edit-fields is a 403,
 * so the bank fields of an imported payment cannot change. Amount and route are stored agreeing.
 */
export async function updatePayment(ctx: Ctx, id: number, input: PaymentChanges) {
  const actor = requireActor(ctx);
  const row = await findPayment(ctx, id);
  authorize(actor, 'edit', row.subject, 'You may not edit this payment');
  assertNotLocked(actor, row.subject);
  const before = {
    transaction_amount: centsToEuros(row.amountCents),
    booking_date: row.bookingDate.toISOString(),
    route: row.route,
    creditor_name: row.creditorName,
    creditor_account: row.creditorAccount,
    debtor_name: row.debtorName,
    debtor_account: row.debtorAccount,
    short_user_description: row.shortUserDescription,
    long_user_description: row.longUserDescription,
    hidden: row.hidden,
    hide_counterparty: row.hideCounterparty,
  };
  const asked = {
    ...input,
    // The same moment written another way is no change.
    booking_date: input.booking_date && new Date(input.booking_date).toISOString(),
  };
  const changes = changedFields(before, asked, editableFields(actor, row.subject));
  if (changes.transaction_amount !== undefined || changes.route !== undefined) {
    const euros = changes.transaction_amount ?? before.transaction_amount;
    const agreed = agreeing(
      euros,
      changes.route ?? (changes.transaction_amount ? undefined : before.route),
    );
    if (agreed.amount !== before.transaction_amount) changes.transaction_amount = agreed.amount;
    else delete changes.transaction_amount;
    if (agreed.route !== before.route) changes.route = agreed.route;
    else delete changes.route;
  }
  if (Object.keys(changes).length === 0) return toPayment(ctx, row);
  const set = {
    amountCents:
      changes.transaction_amount === undefined
        ? undefined
        : eurosToCents(changes.transaction_amount),
    bookingDate: changes.booking_date === undefined ? undefined : new Date(changes.booking_date),
    route: changes.route,
    creditorName: changes.creditor_name,
    creditorAccount: changes.creditor_account,
    debtorName: changes.debtor_name,
    debtorAccount: changes.debtor_account,
    shortUserDescription: changes.short_user_description,
    longUserDescription: changes.long_user_description,
    hidden: changes.hidden,
    hideCounterparty: changes.hide_counterparty,
  };
  // The edit and the owner's answer to a rejection commit together (docs/api-rules.md §20).
  await write(ctx, actor, {
    run: async (tx) => {
      const updated = await tx
        .update(payments)
        .set(set)
        .where(eq(payments.id, id))
        .returning({ id: payments.id });
      if (updated.length === 0) throw notFound('Payment');
      await answerRejection(tx, actor.id, id);
    },
    audit: () => ({
      entityClass: 'Payment',
      entityId: id,
      action: 'update',
      changes: diff(before, changes),
    }),
  });
  return getPayment(ctx, id);
}

/** Deletes a manual payment with its attachments; the files go after the commit. */
export async function deletePayment(ctx: Ctx, id: number): Promise<void> {
  const actor = requireActor(ctx);
  const row = await findPayment(ctx, id);
  authorize(actor, 'delete', row.subject, 'You may not delete this payment');
  assertNotLocked(actor, row.subject);
  await writes.remove(ctx, actor, id, {
    subject: row.subject,
    denied: 'You may not delete this payment',
    audited: {
      transaction_amount: centsToEuros(row.amountCents),
      booking_date: row.bookingDate.toISOString(),
      initiative_id: row.initiativeId,
      activity_id: row.activityId,
    },
    beneath: async (tx) => {
      const gone = await tx
        .delete(paymentAttachments)
        .where(eq(paymentAttachments.paymentId, id))
        .returning({ key: paymentAttachments.storageKey });
      return { fileKeys: gone.map((a) => a.key) };
    },
  });
}

/**
 * The answer of a link call: the payment as it was written, read back without the read check.
 * Unlinking may take the payment out of the caller's sight (an initiative owner unlinking a bank
 * payment), and a change that committed is answered as such, not as a 404 (docs/api-rules.md §5).
 */
async function writtenPayment(ctx: Ctx, id: number): Promise<Payment> {
  const row = await selectPayment(ctx.db, ctx.actor, id);
  if (!row) throw notFound('Payment');
  return toPayment(ctx, row);
}

/**
 * Links the payment to an initiative or unlinks it (null), docs/api-rules.md §5: only while no
 * activity is linked (409), with link_payment on the target. A manual payment always belongs to
 * an initiative: it can move, not come loose (delete it instead).
 */
export async function linkInitiative(ctx: Ctx, id: number, initiativeId: number | null) {
  const actor = requireActor(ctx);
  const row = await findPayment(ctx, id);
  // 403 before 409 (docs/api-rules.md §2): whether the caller may link it at all comes first, as
  // if it were free; only then whether its state allows it now.
  authorize(
    actor,
    'link_initiative',
    { ...row.subject, hasActivity: false },
    'You may not link this payment',
  );
  // Moving an approved expense would carry its approval elsewhere.
  assertNotLocked(actor, row.subject);
  if (row.activityId !== null) {
    throw conflict('CONFLICT', 'Unlink the activity before changing the initiative');
  }
  if (initiativeId === null && row.subject.manual) {
    throw conflict('CONFLICT', 'A manual payment cannot be unlinked; delete it instead');
  }
  if (initiativeId !== null) {
    const target = await findInitiative(ctx, initiativeId);
    authorize(
      actor,
      'link_payment',
      target.subject,
      'You may not link payments to this initiative',
    );
  }
  if (initiativeId !== row.initiativeId) {
    await writes.update(ctx, actor, id, {
      set: { initiativeId, activityId: null },
      before: { initiative_id: row.initiativeId },
      changes: { initiative_id: initiativeId },
    });
  }
  return writtenPayment(ctx, id);
}

/**
 * Links the payment to an activity of its initiative or unlinks it (null), docs/api-rules.md §5:
 * only while an initiative is linked (409) and `initiative_id` names it (409: the client's view is
 * stale); the activity must belong to it (404) and the caller needs link_payment on it, and on
 * the activity the payment leaves (ADR 0024), so that not everyone who reads a payment may take it
 * out of its activity.
 */
export async function linkActivity(
  ctx: Ctx,
  id: number,
  body: { initiative_id: number; activity_id: number | null },
) {
  const actor = requireActor(ctx);
  const row = await findPayment(ctx, id);
  // 403 before 409, as in linkInitiative.
  authorize(
    actor,
    'link_activity',
    { ...row.subject, hasInitiative: true },
    'You may not link this payment',
  );
  assertNotLocked(actor, row.subject);
  if (row.initiativeId === null || row.initiativeId !== body.initiative_id) {
    // Only who may link payments within its initiative learns that its state is the obstacle.
    if (row.initiativeId !== null) {
      const current = await findInitiative(ctx, row.initiativeId);
      authorize(actor, 'link_payment', current.subject, 'You may not link this payment');
    }
    throw conflict('CONFLICT', 'Link the payment to this initiative first');
  }
  // The activity it goes to, and the one it leaves: taking a payment out of an activity is as
  // much that activity's business as adding one (ADR 0024).
  for (const activityId of new Set([body.activity_id, row.activityId])) {
    if (activityId === null) continue;
    const activity = await findActivity(ctx, { initiativeId: row.initiativeId, activityId });
    authorize(
      actor,
      'link_payment',
      activity.subject,
      'You may not link payments to this activity',
    );
  }
  if (body.activity_id !== row.activityId) {
    await writes.update(ctx, actor, id, {
      set: { activityId: body.activity_id },
      before: { activity_id: row.activityId },
      changes: { activity_id: body.activity_id },
    });
  }
  return writtenPayment(ctx, id);
}

/** Whose managed payments the caller may list: their own; admins and financial users anyone's. */
export function assertMayListFor(ctx: Ctx, userId: number) {
  const actor = requireActor(ctx);
  const admin: boolean = isAdmin(actor); // not a type guard here: no narrowing below
  if (actor.id !== userId && !admin && actor.role !== 'financial') {
    throw forbidden("You may not list another user's payments");
  }
}
