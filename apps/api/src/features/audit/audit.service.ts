import { and, desc, eq, lt } from 'drizzle-orm';
import type { z } from 'zod';
import { REDACTED, type AuditEntry, type AuditPage, type auditQuery } from '@helder/shared/audit';
import { isAdmin } from '@helder/shared/permissions';
import { auditLog, users } from '../../db/schema';
import { requireActor, type Ctx } from '../../http/context';
import { forbidden } from '../../http/errors';

type AuditQuery = z.output<typeof auditQuery>;
type Changes = AuditEntry['changes'];

/**
 * Fields whose values are secrets. Writers already store '***' for a password change; this is the
 * second line, so that a writer that forgets can still never hand a hash or token to a reader.
 */
const SECRET_FIELD = /password|token|hash|secret/i;

const redact = (value: unknown) => (value === null || value === undefined ? null : REDACTED);

function readable(changes: Changes | null): Changes {
  const shown: Changes = {};
  for (const [field, change] of Object.entries(changes ?? {})) {
    shown[field] = SECRET_FIELD.test(field)
      ? { from: redact(change.from), to: redact(change.to) }
      : { from: change.from ?? null, to: change.to ?? null };
  }
  return shown;
}

/** How the actor is named: their full name, else their e-mail address; null once deleted. */
function actorName(row: {
  userId: number | null;
  firstName: string | null;
  lastName: string | null;
  email: string | null;
}): string | null {
  if (row.userId === null) return null;
  const name = [row.firstName, row.lastName].filter((part) => part?.trim()).join(' ');
  return name || row.email;
}

/**
 * One entity's history for administrators (docs/api-rules.md §14), newest first: a page of
 * `limit` entries older than `after`, with each actor's name from one join. A deleted entity
 * keeps its history, so an unknown id is an empty page rather than a 404.
 */
export async function listAudit(ctx: Ctx, query: AuditQuery): Promise<AuditPage> {
  const actor = requireActor(ctx);
  if (!isAdmin(actor)) throw forbidden('Only administrators read the history');
  const rows = await ctx.db
    .select({
      id: auditLog.id,
      at: auditLog.at,
      action: auditLog.action,
      actorId: auditLog.actorId,
      changes: auditLog.changes,
      userId: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
    })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorId))
    .where(
      and(
        eq(auditLog.entityClass, query.entity_class),
        eq(auditLog.entityId, query.entity_id),
        query.after === undefined ? undefined : lt(auditLog.id, query.after),
      ),
    )
    .orderBy(desc(auditLog.id))
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  const hasMore = rows.length > query.limit;
  return {
    entries: page.map((row) => ({
      id: row.id,
      at: row.at.toISOString(),
      action: row.action,
      actor: row.actorId === null ? null : { id: row.actorId, name: actorName(row) },
      changes: readable(row.changes),
    })),
    has_more: hasMore,
    next_after: hasMore ? page[page.length - 1]!.id : null,
  };
}
