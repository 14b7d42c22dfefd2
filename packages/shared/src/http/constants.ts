/** Stable error codes of the API (docs/api-rules.md §2); the web maps them to translated texts. */
export const ERROR_CODES = [
  'BAD_REQUEST',
  'BAD_CREDENTIALS',
  'BAD_TOKEN',
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'NOT_FOUND',
  'NAME_TAKEN',
  'REFERENCE_TAKEN',
  'EMAIL_TAKEN',
  'CONFLICT',
  'REVIEW_LOCKED',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'VALIDATION_ERROR',
  'RATE_LIMITED',
  'SERVICE_UNAVAILABLE',
  'INTERNAL_ERROR',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/** Bytes per uploaded file unless a route takes larger ones (413 beyond; docs/api-rules.md §11). */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;

/** Paging defaults of every list (docs/api-rules.md §1). */
export const PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;
