import { isApiError } from '../../lib/api';

export type LoginErrorKey = 'badCredentials' | 'tooManyAttempts' | 'genericError';

/** HTTP 400 → wrong credentials (or inactive account); 429 → rate limited; anything else generic. */
export function loginErrorKey(error: unknown): LoginErrorKey {
  if (isApiError(error)) {
    if (error.status === 400) return 'badCredentials';
    if (error.status === 429) return 'tooManyAttempts';
  }
  return 'genericError';
}
