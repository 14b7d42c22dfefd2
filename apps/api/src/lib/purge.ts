import { and, eq, inArray, type SQL } from 'drizzle-orm';
import type { EntityClass } from '@helder/shared/permissions';
import type { Executor } from '../db/client';
import {
  activities,
  auditLog,
  grants,
  initiatives,
  paymentAttachments,
  payments,
} from '../db/schema';
import { diff, removal, type Changes } from './audit';

/**
 * The deletion cascade beneath grants, initiatives and activities (docs/api-rules.md §10), run inside
 * the transaction of the delete. Manual payments and their attachments go; bank-imported
 * payments survive, unlinked. The foreign keys cascade everything else (activities, owner
 * links, attachment rows). Storage files can only go after the commit, so the keys are returned.
 *
 * It is not in the initiatives feature because funders, regulations and grants delete
 * initiatives too, and the initiatives feature depends on them: importing it would be a cycle.
 *
 * Each entity the cascade removes or unlinks gets its own audit row by the same actor
 * (docs/api-rules.md §14), so that its history ends with what happened to it; the delete that
 * caused it is audited by its writer.
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

interface Cascaded {
  entityClass: EntityClass;
  entityId: number;
  action: 'update' | 'delete';
  changes: Changes;
}

async function auditCascade(tx: Executor, actorId: number, rows: Cascaded[]) {
  if (rows.length === 0) return;
  await tx.insert(auditLog).values(rows.map((row) => ({ actorId, ...row })));
}

/** A deletion row: the links the entity had, gone. */
const gone = (entityClass: EntityClass, entityId: number, links: Record<string, unknown>) =>
  ({ entityClass, entityId, action: 'delete', changes: removal(links) }) satisfies Cascaded;

/**
 * The manual payments `linked` selects go, with the keys of their attachments' files; the bank
 * payments among them stay, with the links in `unlink` cleared.
 */
async function releasePayments(
  tx: Executor,
  actorId: number,
  linked: SQL,
  unlink: { initiativeId?: null; activityId: null },
) {
  const before = await tx
    .select({
      id: payments.id,
      initiativeId: payments.initiativeId,
      activityId: payments.activityId,
    })
    .from(payments)
    .where(linked);
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
  const wasDeleted = new Set(deleted.map((p) => p.id));
  await auditCascade(
    tx,
    actorId,
    before.map((p) => {
      const links = { initiative_id: p.initiativeId, activity_id: p.activityId };
      if (wasDeleted.has(p.id)) return gone('Payment', p.id, links);
      const after = {
        initiative_id: unlink.initiativeId === null ? null : p.initiativeId,
        activity_id: null,
      };
      return {
        entityClass: 'Payment',
        entityId: p.id,
        action: 'update',
        changes: diff(links, after),
      };
    }),
  );
  return {
    fileKeys: attachments.map((r) => r.key),
    deletedPayments: deleted.map((p) => p.id),
    unlinkedPayments: unlinked.map((p) => p.id),
  };
}

/**
 * Purges what exists only for the initiatives matching `scope` (a condition on initiatives).
 * `cascaded`: the initiatives themselves go with their grant, so they are audited here too.
 */
export async function purgeInitiatives(
  tx: Executor,
  scope: SQL,
  actorId: number,
  { cascaded = false }: { cascaded?: boolean } = {},
): Promise<Purged> {
  const ids = tx.select({ id: initiatives.id }).from(initiatives).where(scope);
  const owned = await tx
    .select({ id: initiatives.id, key: initiatives.pictureKey, grantId: initiatives.grantId })
    .from(initiatives)
    .where(scope);
  const children = await tx
    .select({
      id: activities.id,
      key: activities.pictureKey,
      initiativeId: activities.initiativeId,
    })
    .from(activities)
    .where(inArray(activities.initiativeId, ids));
  const released = await releasePayments(tx, actorId, inArray(payments.initiativeId, ids), {
    initiativeId: null,
    activityId: null,
  });
  await auditCascade(tx, actorId, [
    ...children.map((a) => gone('Activity', a.id, { initiative_id: a.initiativeId })),
    ...(cascaded ? owned.map((i) => gone('Initiative', i.id, { grant_id: i.grantId })) : []),
  ]);
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
  actorId: number,
): Promise<Purged & { grants: number[] }> {
  const ids = tx.select({ id: grants.id }).from(grants).where(scope);
  const purged = await purgeInitiatives(tx, inArray(initiatives.grantId, ids), actorId, {
    cascaded: true,
  });
  const deleted = await tx
    .delete(grants)
    .where(scope)
    .returning({ id: grants.id, regulationId: grants.regulationId });
  await auditCascade(
    tx,
    actorId,
    deleted.map((g) => gone('Grant', g.id, { regulation_id: g.regulationId })),
  );
  return { ...purged, grants: deleted.map((g) => g.id).sort((a, b) => a - b) };
}

/** Purges what exists only for one activity; its bank payments stay with the initiative. */
export async function purgeActivity(
  tx: Executor,
  activityId: number,
  actorId: number,
): Promise<Purged> {
  const [activity] = await tx
    .select({ key: activities.pictureKey })
    .from(activities)
    .where(eq(activities.id, activityId));
  const released = await releasePayments(tx, actorId, eq(payments.activityId, activityId), {
    activityId: null,
  });
  return {
    ...released,
    fileKeys: [...(activity?.key ? [activity.key] : []), ...released.fileKeys],
    activities: [activityId],
  };
}
