/**
 * Checks each answer against its contract's response schema, as the client did before it stopped
 * loading zod in production (docs/decisions/0016). Wired in by the unit tests and the dev server,
 * so that a fixture or a server that drifts from the contract still fails loudly there.
 */
import type { Endpoint } from '@helder/shared/http';
import type { Route } from '@helder/shared/http/client';
import { ApiError } from './api-error';

const key = (route: Route) => `${route.method} ${route.path}`;

function isEndpoint(value: unknown): value is Endpoint {
  return typeof value === 'object' && value !== null && 'response' in value && 'path' in value;
}

// Every contract of shared, found rather than listed, so a new feature is checked too.
const modules = import.meta.glob<Record<string, unknown>>(
  '../../../../packages/shared/src/*/*.contract.ts',
  { eager: true },
);
const endpoints = new Map<string, Endpoint>();
for (const contract of Object.values(modules).flatMap((module) => Object.values(module))) {
  if (typeof contract !== 'object' || contract === null) continue;
  for (const endpoint of Object.values(contract)) {
    if (isEndpoint(endpoint)) endpoints.set(key(endpoint), endpoint);
  }
}

export function checkResponse(route: Route, data: unknown, status: number): unknown {
  const endpoint = endpoints.get(key(route));
  if (!endpoint) throw new Error(`No contract for ${key(route)}`);
  const parsed = endpoint.response.safeParse(data);
  if (parsed.success) return parsed.data;
  throw new ApiError(status, 'INVALID_RESPONSE', `Unexpected response from ${key(route)}`);
}
