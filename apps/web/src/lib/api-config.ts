/**
 * Hooks of the API client that the session fills in (kept apart from api.ts so that the session,
 * which every screen loads, does not pull the client and its schemas into the first chunk).
 */
export interface ApiConfig {
  /** The current bearer token, or null for an anonymous call. */
  getToken: () => string | null;
  /** Called when a request that carried a token is answered with 401. */
  onUnauthorized: () => void;
}

export const apiConfig: ApiConfig = {
  getToken: () => null,
  onUnauthorized: () => undefined,
};

export function configureApi(next: Partial<ApiConfig>): void {
  Object.assign(apiConfig, next);
}
