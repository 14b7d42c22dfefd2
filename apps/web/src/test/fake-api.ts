/**
 * A table-driven fake of the API for web tests, on top of `mockFetch`:
 *
 *   const { requests } = fakeApi({
 *     'GET /api/funders': () => jsonResponse(200, { funders: [] }),
 *     'PATCH /api/funder/:id': (request) => jsonResponse(409, { detail: 'taken', code: 'NAME_TAKEN' }),
 *   });
 *
 * Keys are `METHOD /path` with `:param` segments; the query string is ignored for matching and
 * handed to the handler. An unmatched request answers 404 (and is recorded, so a test can see it).
 */
import { jsonResponse, mockFetch, type RecordedRequest } from './render';

export type FakeHandler = (
  request: RecordedRequest,
  context: { params: string[]; query: URLSearchParams },
) => Response | Promise<Response>;

export function fakeApi(routes: Record<string, FakeHandler>) {
  const table = Object.entries(routes).map(([key, handler]) => {
    const [method = 'GET', pattern = '/'] = key.split(' ');
    const regex = new RegExp(`^${pattern.replace(/:[A-Za-z]+/g, '([^/]+)')}$`);
    return { method, regex, handler };
  });
  return mockFetch((request) => {
    const url = new URL(request.url, 'http://localhost');
    for (const { method, regex, handler } of table) {
      if (method !== request.method) continue;
      const match = regex.exec(url.pathname);
      if (match) return handler(request, { params: match.slice(1), query: url.searchParams });
    }
    return jsonResponse(404, {
      detail: `No fake for ${request.method} ${url.pathname}`,
      code: 'NOT_FOUND',
    });
  });
}

/**
 * Answers /api/auth/entity-access/actions from a table: `Funder` is the class-level answer (no
 * entity_id), `Funder:3` one entity, `Funder:*` any entity; unlisted entities get ['read'].
 */
export function actionsFor(table: Record<string, string[]>): FakeHandler {
  return (_request, { query }) => {
    const entity = query.get('entity_class') ?? '';
    const id = query.get('entity_id');
    const actions =
      id === null
        ? (table[entity] ?? [])
        : (table[`${entity}:${id}`] ?? table[`${entity}:*`] ?? ['read']);
    return jsonResponse(200, { actions });
  };
}

/** The JSON body of a recorded request. */
export function jsonBody(request: RecordedRequest | undefined): unknown {
  const body = request?.body;
  if (typeof body !== 'string') throw new Error('The request has no JSON body');
  return JSON.parse(body) as unknown;
}

/** The recorded requests with this method whose path is `path` (query ignored). */
export function requestsTo(requests: RecordedRequest[], method: string, path: string) {
  return requests.filter(
    (request) =>
      request.method === method && new URL(request.url, 'http://localhost').pathname === path,
  );
}
