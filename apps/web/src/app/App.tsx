import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode, useEffect, useState } from 'react';
import { RouterProvider } from 'react-router';
import { getSession, subscribeSession } from '../features/auth/shell';
import { createQueryClient } from './queryClient';
import { createAppRouter } from './router';

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

export function App() {
  const [queryClient] = useState(createQueryClient);
  const [router] = useState(createAppRouter);
  useResetQueriesOnUserChange(queryClient);
  return (
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </StrictMode>
  );
}
