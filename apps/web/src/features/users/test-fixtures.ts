/** Test data and a fake users API for the contacts tests (not part of the app bundle). */
import type { User } from '@helder/shared/users';
import { jsonResponse, makeToken, mockFetch, type RecordedRequest } from '../../test/render';
import { TOKEN_STORAGE_KEY } from '../auth';

export const ME = 1;

export function makeUser(id: number, overrides: Partial<User> = {}): User {
  return {
    id,
    first_name: `Voornaam${id}`,
    last_name: `Achternaam${id}`,
    biography: null,
    role: 'user',
    profile_picture: null,
    initiatives: [],
    activities: [],
    email: `gebruiker${id}@example.nl`,
    ...overrides,
  };
}

/** Stores a session for user `userId` (the contacts routes need a token). */
export function logInAs(userId = ME, username = 'ik@example.nl') {
  localStorage.setItem(TOKEN_STORAGE_KEY, makeToken({ userId, username }));
}

export interface FakeApi {
  /** GET /api/users: the users of one request (default: one page of everyone). */
  list?: (query: URLSearchParams) => User[] | Response;
  users?: User[];
  /** Class-level actions (User create) and per-user actions. */
  classActions?: string[];
  actions?: (id: number) => string[];
  editFields?: (id: number) => string[];
  /** Anything else (PATCH, POST, DELETE): a response. */
  mutate?: (request: RecordedRequest) => Response | Promise<Response>;
}

/** A fetch double that answers the users and entity-access calls. */
export function fakeUsersApi(api: FakeApi) {
  const users = api.users ?? [makeUser(ME, { email: 'ik@example.nl' })];
  return mockFetch(async (request) => {
    const url = new URL(request.url, 'http://localhost');
    const { pathname, searchParams } = url;
    if (request.method === 'GET' && pathname === '/api/users') {
      const result = api.list ? api.list(searchParams) : users;
      return result instanceof Response ? result : jsonResponse(200, { users: result });
    }
    const userMatch = /^\/api\/user\/(\d+)$/.exec(pathname);
    if (request.method === 'GET' && userMatch) {
      const user = users.find((u) => u.id === Number(userMatch[1]));
      return user
        ? jsonResponse(200, user)
        : jsonResponse(404, { detail: 'User not found', code: 'NOT_FOUND' });
    }
    if (pathname === '/api/auth/entity-access/actions') {
      const id = searchParams.get('entity_id');
      const actions = id ? (api.actions?.(Number(id)) ?? []) : (api.classActions ?? []);
      return jsonResponse(200, { actions });
    }
    if (pathname === '/api/auth/entity-access/edit-fields') {
      const id = Number(searchParams.get('entity_id'));
      return jsonResponse(200, { fields: api.editFields?.(id) ?? [] });
    }
    if (api.mutate) return api.mutate(request);
    return jsonResponse(500, { detail: 'unexpected call', code: 'INTERNAL_ERROR' });
  });
}

/** The requests to GET /api/users, as their query parameters. */
export function listQueries(requests: RecordedRequest[]) {
  return requests
    .map((request) => new URL(request.url, 'http://localhost'))
    .filter((url) => url.pathname === '/api/users')
    .map((url) => Object.fromEntries(url.searchParams));
}
