import { index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/** Every change: who, when, which entity, which fields from → to (docs/api-rules.md §14). */
export const auditLog = pgTable(
  'audit_log',
  {
    id: serial('id').primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    actorId: integer('actor_id'),
    entityClass: text('entity_class').notNull(),
    entityId: integer('entity_id').notNull(),
    action: text('action', { enum: ['create', 'update', 'delete'] }).notNull(),
    changes: jsonb('changes').$type<Record<string, { from: unknown; to: unknown }>>(),
  },
  (t) => [index('audit_log_entity_idx').on(t.entityClass, t.entityId, t.id)],
);
