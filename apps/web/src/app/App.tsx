import { QueryClientProvider } from '@tanstack/react-query';
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

/** `router` is made before the first render (main.tsx), so the page's modules are on their way. */
export function App({ router }: { router: ReturnType<typeof createAppRouter> }) {
  const [queryClient] = useState(createQueryClient);
  useResetQueriesOnUserChange(queryClient);
  return (
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </StrictMode>
  );
}
