import { and, eq, inArray, type SQL } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { activities, grants, initiatives, paymentAttachments, payments } from '../db/schema';

/**
 * The deletion cascade beneath grants, initiatives and activities (docs/api-rules.md §10), run inside
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

/**
 * The manual payments `linked` selects go, with the keys of their attachments' files; the bank
 * payments among them stay, with the links in `unlink` cleared.
 */
async function releasePayments(
  tx: Executor,
  linked: SQL,
  unlink: { initiativeId?: null; activityId: null },
) {
  const attachments = await tx
    .select({ key: paymentAttachments.storageKey })
    .from(paymentAttachments)
    .innerJoin(payments, eq(payments.id, paymentAttachments.paymentId))
    .where(and(MANUAL, linked));
  const deleted = await tx
    .delete(payments)
    .where(and(MANUAL, linked))
    .returning({ id: payments.id });
  const unlinked = await tx
    .update(payments)
    .set(unlink)
    .where(linked)
    .returning({ id: payments.id });
  return {
    fileKeys: attachments.map((r) => r.key),
    deletedPayments: deleted.map((p) => p.id),
    unlinkedPayments: unlinked.map((p) => p.id),
  };
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
  const released = await releasePayments(tx, inArray(payments.initiativeId, ids), {
    initiativeId: null,
    activityId: null,
  });
  return {
    ...released,
    fileKeys: [...owned, ...children]
      .flatMap((r) => (r.key ? [r.key] : []))
      .concat(released.fileKeys),
    activities: children.map((a) => a.id),
  };
}

/**
 * Deletes the grants matching `scope` (a condition on grants) with what exists only for their
 * initiatives; `grants` lists their ids, for the audit of the delete that took them.
 */
export async function purgeGrants(
  tx: Executor,
  scope: SQL,
): Promise<Purged & { grants: number[] }> {
  const ids = tx.select({ id: grants.id }).from(grants).where(scope);
  const purged = await purgeInitiatives(tx, inArray(initiatives.grantId, ids));
  const gone = await tx.delete(grants).where(scope).returning({ id: grants.id });
  return { ...purged, grants: gone.map((g) => g.id).sort((a, b) => a - b) };
}

/** Purges what exists only for one activity; its bank payments stay with the initiative. */
export async function purgeActivity(tx: Executor, activityId: number): Promise<Purged> {
  const [activity] = await tx
    .select({ key: activities.pictureKey })
    .from(activities)
    .where(eq(activities.id, activityId));
  const released = await releasePayments(tx, eq(payments.activityId, activityId), {
    activityId: null,
  });
  return {
    ...released,
    fileKeys: [...(activity?.key ? [activity.key] : []), ...released.fileKeys],
    activities: [activityId],
  };
}
