import type { Route } from '@helder/shared/http/client';

/**
 * Hooks of the API client that the session (and in tests and dev, the response check) fills in (kept apart from api.ts so that the session,
 * which every screen loads, does not pull the client and its schemas into the first chunk).
 */
export interface ApiConfig {
  /** The current bearer token, or null for an anonymous call. */
  getToken: () => string | null;
  /** Called when a request that carried a token is answered with 401. */
  onUnauthorized: () => void;
  /**
   * A 2xx answer as the client hands it on. Production trusts the server, which checks every
   * answer against the contract; tests and the dev server check it again (lib/response-check.ts).
   */
  checkResponse: (route: Route, data: unknown, status: number) => unknown;
}

export const apiConfig: ApiConfig = {
  getToken: () => null,
  onUnauthorized: () => undefined,
  checkResponse: (_route, data) => data,
};

export function configureApi(next: Partial<ApiConfig>): void {
  Object.assign(apiConfig, next);
}
