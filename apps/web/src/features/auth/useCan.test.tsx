import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { actionsFor, fakeApi } from '../../test/fake-api';
import { useCan } from './useCan';

function wrapper({ children }: { children: ReactNode }) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}

const actionsPath = '/api/auth/entity-access/actions';

describe('useCan', () => {
  it("answers from the entity's actions once they are loaded, refusing until then", async () => {
    const { requests } = fakeApi({
      [`GET ${actionsPath}`]: actionsFor({ 'Initiative:3': ['read', 'create_activity'] }),
    });
    const { result } = renderHook(() => useCan('Initiative', 3), { wrapper });
    expect(result.current.isLoading).toBe(true);
    expect(result.current.can('read')).toBe(false);

    await waitFor(() => expect(result.current.isLoading).toBe(false));
    expect(result.current.can('create_activity')).toBe(true);
    expect(result.current.can('delete')).toBe(false);
    expect(requests.map((request) => request.url)).toEqual([
      `${actionsPath}?entity_class=Initiative&entity_id=3`,
    ]);
  });

  it('asks for the class without an id', async () => {
    const { requests } = fakeApi({ [`GET ${actionsPath}`]: actionsFor({ User: ['create'] }) });
    const { result } = renderHook(() => useCan('User'), { wrapper });
    await waitFor(() => expect(result.current.can('create')).toBe(true));
    expect(requests.map((request) => request.url)).toEqual([`${actionsPath}?entity_class=User`]);
  });

  it('fetches nothing and refuses everything while disabled', () => {
    const { requests } = fakeApi({});
    const { result } = renderHook(() => useCan('Funder', undefined, { enabled: false }), {
      wrapper,
    });
    expect(result.current).toMatchObject({ isLoading: false });
    expect(result.current.can('read')).toBe(false);
    expect(requests).toEqual([]);
  });
});
