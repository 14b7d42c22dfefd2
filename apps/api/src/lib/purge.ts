import { and, eq, inArray, type SQL } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { activities, initiatives, paymentAttachments, payments } from '../db/schema';

/**
 * The deletion cascade beneath initiatives and activities (docs/api-rules.md §10), run inside
 * the transaction of the delete. Manual payments and their attachments go; bank-imported
 * payments survive, unlinked. The foreign keys cascade everything else (activities, owner
 * links, attachment rows). Storage files can only go after the commit, so the keys are returned.
 *
 * It is not in the initiatives feature because funders, regulations and grants delete
 * initiatives too, and the initiatives feature depends on them: importing it would be a cycle.
 */
export interface Purged {
  /** Storage keys of the original files (pictures, attachments) to remove after the commit. */
  fileKeys: string[];
  /** Ids of the activities that go with the initiatives. */
  activities: number[];
  deletedPayments: number[];
  unlinkedPayments: number[];
}

const MANUAL = eq(payments.type, 'handmatig');

async function attachmentKeys(tx: Executor, paymentsWhere: SQL) {
  const rows = await tx
    .select({ key: paymentAttachments.storageKey })
    .from(paymentAttachments)
    .innerJoin(payments, eq(payments.id, paymentAttachments.paymentId))
    .where(and(MANUAL, paymentsWhere));
  return rows.map((r) => r.key);
}

/** Purges what exists only for the initiatives matching `scope` (a condition on initiatives). */
export async function purgeInitiatives(tx: Executor, scope: SQL): Promise<Purged> {
  const ids = tx.select({ id: initiatives.id }).from(initiatives).where(scope);
  const owned = await tx
    .select({ id: initiatives.id, key: initiatives.pictureKey })
    .from(initiatives)
    .where(scope);
  const children = await tx
    .select({ id: activities.id, key: activities.pictureKey })
    .from(activities)
    .where(inArray(activities.initiativeId, ids));
  const linked = inArray(payments.initiativeId, ids);
  const attachments = await attachmentKeys(tx, linked);
  const deleted = await tx
    .delete(payments)
    .where(and(MANUAL, linked))
    .returning({ id: payments.id });
  const unlinked = await tx
    .update(payments)
    .set({ initiativeId: null, activityId: null })
    .where(linked)
    .returning({ id: payments.id });
  return {
    fileKeys: [...owned, ...children].flatMap((r) => (r.key ? [r.key] : [])).concat(attachments),
    activities: children.map((a) => a.id),
    deletedPayments: deleted.map((p) => p.id),
    unlinkedPayments: unlinked.map((p) => p.id),
  };
}

/** Purges what exists only for one activity; its bank payments stay with the initiative. */
export async function purgeActivity(tx: Executor, activityId: number): Promise<Purged> {
  const [activity] = await tx
    .select({ key: activities.pictureKey })
    .from(activities)
    .where(eq(activities.id, activityId));
  const linked = eq(payments.activityId, activityId);
  const attachments = await attachmentKeys(tx, linked);
  const deleted = await tx
    .delete(payments)
    .where(and(MANUAL, linked))
    .returning({ id: payments.id });
  const unlinked = await tx
    .update(payments)
    .set({ activityId: null })
    .where(linked)
    .returning({ id: payments.id });
  return {
    fileKeys: [...(activity?.key ? [activity.key] : []), ...attachments],
    activities: [activityId],
    deletedPayments: deleted.map((p) => p.id),
    unlinkedPayments: unlinked.map((p) => p.id),
  };
}
