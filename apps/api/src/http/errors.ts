import type { ErrorCode, FieldError } from '@helder/shared/http';

/** A client-facing failure: services throw these, one handler maps them (docs/api-rules.md §2). */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    detail: string,
    readonly errors?: FieldError[],
  ) {
    super(detail);
  }
}

export const badRequest = (detail: string, code: ErrorCode = 'BAD_REQUEST') =>
  new AppError(400, code, detail);
export const unauthenticated = () => new AppError(401, 'UNAUTHENTICATED', 'Not authenticated');
export const forbidden = (detail = 'Not allowed') => new AppError(403, 'FORBIDDEN', detail);
export const notFound = (what = 'Resource') => new AppError(404, 'NOT_FOUND', `${what} not found`);
export const conflict = (code: ErrorCode, detail: string) => new AppError(409, code, detail);
export const invalid = (field: string, code: string, message: string) =>
  new AppError(422, 'VALIDATION_ERROR', 'Validation failed', [{ field, code, message }]);
export const unsupportedMediaType = (allowed: string) =>
  new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', `Unsupported file type; allowed: ${allowed}`);

/**
 * The unique index a Postgres unique violation (23505) hit ('' when unnamed), or null for any
 * other error. Drizzle wraps the driver's error (node-postgres or PGlite) in `cause`, so the
 * chain is walked. Services check uniqueness before writing and map this race to the same 409
 * (docs/api-rules.md §9); the error handler keeps it as the last line of defence.
 */
export function uniqueViolation(e: unknown): string | null {
  for (let err = e; typeof err === 'object' && err !== null; err = (err as Error).cause) {
    const { code, constraint } = err as { code?: unknown; constraint?: unknown };
    if (code === '23505') return typeof constraint === 'string' ? constraint : '';
  }
  return null;
}

export const isUniqueViolation = (e: unknown) => uniqueViolation(e) !== null;
