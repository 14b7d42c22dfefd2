/** The error every failed `callApi` throws (its own module: no schemas, cheap to import). */
import type { ErrorCode, FieldError } from '@helder/shared/http';

/** Codes the client itself produces when the server gives no usable error body. */
type ClientErrorCode = 'NETWORK_ERROR' | 'INVALID_RESPONSE' | 'HTTP_ERROR';

export type ApiErrorCode = ErrorCode | ClientErrorCode;

export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly code: ApiErrorCode;
  readonly detail: string;
  readonly errors: FieldError[];

  constructor(status: number, code: ApiErrorCode, detail: string, errors: FieldError[] = []) {
    super(`${status} ${code}: ${detail}`);
    this.status = status;
    this.code = code;
    this.detail = detail;
    this.errors = errors;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}
