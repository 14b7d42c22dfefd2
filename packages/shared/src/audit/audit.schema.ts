import { z } from 'zod';
import { idSchema, numberish, optionalQuery } from '../http';
import { ENTITY_CLASSES } from '../permissions/types';
import { AUDIT_ACTIONS, AUDIT_MAX_PAGE_SIZE, AUDIT_PAGE_SIZE } from './audit.constants';

/**
 * `?entity_class&entity_id` names the entity; `after` is the `next_after` of the previous page
 * (an entry id: the page holds older entries only), so that rows written meanwhile never shift
 * the pages a reader is walking.
 */
export const auditQuery = z.object({
  entity_class: z.enum(ENTITY_CLASSES),
  entity_id: idSchema,
  after: optionalQuery(idSchema),
  limit: optionalQuery(numberish(z.number().int().min(1).max(AUDIT_MAX_PAGE_SIZE))).default(
    AUDIT_PAGE_SIZE,
  ),
});

/** One field's change; secrets read as '***'. Money is in euros, as the API exposes it. */
export const auditChangeSchema = z.object({ from: z.unknown(), to: z.unknown() });

export const auditEntrySchema = z.object({
  id: z.number(),
  at: z.string(),
  action: z.enum(AUDIT_ACTIONS),
  /** null for changes made by the system (the command line, a job); name null once deleted. */
  actor: z.object({ id: z.number(), name: z.string().nullable() }).nullable(),
  changes: z.record(z.string(), auditChangeSchema),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditPageSchema = z.object({
  entries: z.array(auditEntrySchema),
  has_more: z.boolean(),
  /** The `after` of the next page; null on the last one. */
  next_after: z.number().nullable(),
});
export type AuditPage = z.infer<typeof auditPageSchema>;
