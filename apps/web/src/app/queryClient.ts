import { QueryClient } from '@tanstack/react-query';
import { isApiError } from '../lib/api-error';

/** Client errors (4xx) are answers, not hiccups: they are not retried. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        retry: (failureCount, error) =>
          !(isApiError(error) && error.status >= 400 && error.status < 500) && failureCount < 2,
      },
      mutations: { retry: false },
    },
  });
}
