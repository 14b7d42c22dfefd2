/**
 * Where an endpoint lives, without its schemas: what the web client needs to make a call. Kept
 * free of zod so that the browser's first load does not carry a validation library; the contract
 * (contract.ts) adds the schemas and is the type every route is checked against.
 */
export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

export interface Route {
  method: HttpMethod;
  path: string;
  /** Anonymous callers allowed; otherwise a valid token is required (deny by default). */
  public?: boolean;
  /** Request body encoding; JSON unless stated. */
  bodyType?: 'json' | 'form' | 'multipart';
  /** Success status: 200 unless stated (204 for deletes, 202 for fire-and-forget). */
  status?: 200 | 202 | 204 | 302;
}

/** A route that carries its contract endpoint's type (never its value). */
export interface RouteTo<E> extends Route {
  readonly endpoint?: E;
}

/** A feature's route table typed by its contract: `callApi(route)` knows params, body and answer. */
export type RoutesOf<C> = { readonly [K in keyof C]: RouteTo<C[K]> };

/** Fills `:param` placeholders; throws on a missing value so a bad call never hits the network. */
export function buildPath(path: string, params: Record<string, string | number> = {}): string {
  return path.replace(/:([a-zA-Z_]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Missing path parameter ${name}`);
    return encodeURIComponent(String(value));
  });
}
