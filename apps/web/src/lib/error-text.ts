import { isApiError } from './api-error';

/** A load error as a short text for 'Error: {message}': the server's detail when there is one. */
export function errorText(error: unknown): string {
  if (isApiError(error)) return error.detail;
  return error instanceof Error ? error.message : String(error);
}
