/** Test helpers: render the real route table (or given routes) in a memory router; fake the API. */
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { vi } from 'vitest';
import { createQueryClient } from '../app/queryClient';
import { routes as appRoutes } from '../app/router';

export function renderApp(
  initialEntry: string | { pathname: string; search?: string; state?: unknown } = '/',
  { routes = appRoutes, fakeTimers = false }: { routes?: RouteObject[]; fakeTimers?: boolean } = {},
) {
  const router = createMemoryRouter(routes, { initialEntries: [initialEntry] });
  // The app's client (its staleTime decides which mounts ask again), without the retries of a
  // failed request: a test of an error would wait seconds for them.
  const queryClient = createQueryClient();
  const defaults = queryClient.getDefaultOptions();
  queryClient.setDefaultOptions({ ...defaults, queries: { ...defaults.queries, retry: false } });
  // With fake timers, user-event's own delays must advance them.
  const user = userEvent.setup(fakeTimers ? { advanceTimers: vi.advanceTimersByTime } : {});
  const result = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { ...result, router, queryClient, user };
}

export function jsonResponse(status: number, body?: unknown, headers: Record<string, string> = {}) {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', ...headers },
  });
}

export interface RecordedRequest {
  url: string;
  method: string;
  headers: Headers;
  body: BodyInit | null | undefined;
}

/** A recorded request body as text (JSON and form-encoded bodies). */
export function bodyText(request: RecordedRequest | undefined): string {
  const body = request?.body;
  if (typeof body === 'string') return body;
  if (body instanceof URLSearchParams) return body.toString();
  throw new Error('The request has no text body');
}

/** Replaces the global fetch (we do not own the network) with a handler; records the requests. */
export function mockFetch(handler: (request: RecordedRequest) => Response | Promise<Response>) {
  const requests: RecordedRequest[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const request: RecordedRequest = {
      url: typeof input === 'string' ? input : input instanceof URL ? input.href : input.url,
      method: init.method ?? 'GET',
      headers: new Headers(init.headers),
      body: init.body,
    };
    requests.push(request);
    return handler(request);
  });
  vi.stubGlobal('fetch', fetchMock);
  return { fetchMock, requests };
}

/** A JWT with our claims (unsigned: the web only decodes it). */
export function makeToken({
  userId = 7,
  username = 'jan@example.nl',
  expiresInSeconds = 3600,
}: { userId?: number; username?: string; expiresInSeconds?: number } = {}): string {
  const encode = (value: object) => {
    const bytes = new TextEncoder().encode(JSON.stringify(value));
    const binary = Array.from(bytes, (byte) => String.fromCharCode(byte)).join('');
    return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
  };
  const exp = Math.floor(Date.now() / 1000) + expiresInSeconds;
  return `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode({ sub: String(userId), username, exp })}.signature`;
}
