/** Paging of the audit log (docs/api-rules.md §14): newest first, by id cursor. */
export const AUDIT_PAGE_SIZE = 50;
export const AUDIT_MAX_PAGE_SIZE = 100;

export const AUDIT_ACTIONS = ['create', 'update', 'delete'] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** What a redacted value reads as: the change is shown, the secret never. */
export const REDACTED = '***';
