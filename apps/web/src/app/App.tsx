import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { StrictMode, useEffect, useState } from 'react';
import { RouterProvider } from 'react-router';
import { getSession, subscribeSession } from '../features/auth/shell';
import { createQueryClient } from './queryClient';
import type { createAppRouter } from './router';

/** Server state depends on who is logged in: when the user changes, cached queries are reset. */
function useResetQueriesOnUserChange(queryClient: ReturnType<typeof createQueryClient>) {
  useEffect(() => {
    let userId = getSession()?.userId;
    return subscribeSession(() => {
      const next = getSession()?.userId;
      if (next !== userId) {
        userId = next;
        void queryClient.resetQueries();
      }
    });
  }, [queryClient]);
}

interface AppProps {
  router: ReturnType<typeof createAppRouter>;
  /** Made before the first render too when the page's data is asked for then (main.tsx). */
  queryClient?: QueryClient;
}

/** `router` is made before the first render (main.tsx), so the page's modules are on their way. */
export function App({ router, queryClient: given }: AppProps) {
  const [queryClient] = useState(() => given ?? createQueryClient());
  useResetQueriesOnUserChange(queryClient);
  return (
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </StrictMode>
  );
}
