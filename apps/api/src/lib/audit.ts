import type { EntityClass } from '@helder/shared/permissions';
import type { Executor } from '../db/client';
import { auditLog } from '../db/schema';

export type Changes = Record<string, { from: unknown; to: unknown }>;

/** The fields whose value differs between `before` and `after` (only keys present in after). */
export function diff(before: Record<string, unknown>, after: Record<string, unknown>): Changes {
  const changes: Changes = {};
  for (const [field, to] of Object.entries(after)) {
    const from = before[field];
    if (JSON.stringify(from) !== JSON.stringify(to)) changes[field] = { from, to };
  }
  return changes;
}

/** The changes of a deletion: every audited value goes to null, every list to []. */
export function removal(before: Record<string, unknown>): Changes {
  const after = Object.fromEntries(
    Object.entries(before).map(([field, value]) => [field, Array.isArray(value) ? [] : null]),
  );
  return diff(before, after);
}

/** Writes one audit row; call it inside the transaction of the change (docs/api-rules.md §14). */
export async function audit(
  db: Executor,
  entry: {
    actorId: number | null;
    entityClass: EntityClass;
    entityId: number;
    action: 'create' | 'update' | 'delete';
    changes?: Changes;
  },
) {
  await db.insert(auditLog).values({
    actorId: entry.actorId,
    entityClass: entry.entityClass,
    entityId: entry.entityId,
    action: entry.action,
    changes: entry.changes ?? null,
  });
}
