import { authRoutes } from '@helder/shared/auth/client';
import { bankAccountsRoutes } from '@helder/shared/bank-accounts/client';
import { usersRoutes } from '@helder/shared/users/client';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeXhr } from '../test/fake-xhr';
import { jsonResponse, mockFetch } from '../test/render';
import { ApiError, buildQuery, callApi, configureApi } from './api';
import { uploadApi } from './upload';
import { checkResponse } from './response-check';

const user = {
  id: 3,
  first_name: 'Jan',
  last_name: null,
  biography: null,
  role: 'user',
  profile_picture: null,
  initiatives: [],
  activities: [],
};

describe('callApi', () => {
  afterEach(() => configureApi({ getToken: () => null }));

  it('fills the path, sends only non-empty query values and the bearer token', async () => {
    configureApi({ getToken: () => 'the-token' });
    const { requests } = mockFetch(({ url }) =>
      jsonResponse(200, url.startsWith('/api/users') ? { users: [user] } : user),
    );
    const result = await callApi(usersRoutes.list, {
      query: { email: '', offset: 0, limit: 20 },
    });
    expect(result.users[0]?.first_name).toBe('Jan');
    expect(requests[0]?.url).toBe('/api/users?offset=0&limit=20');
    expect(requests[0]?.headers.get('Authorization')).toBe('Bearer the-token');

    await callApi(usersRoutes.get, { params: { id: 3 }, query: { expand: 'all' } });
    expect(requests[1]?.url).toBe('/api/user/3?expand=all');
  });

  it('sends JSON bodies, and no Authorization header without a token', async () => {
    const { requests } = mockFetch(() => new Response(null, { status: 202 }));
    await expect(
      callApi(authRoutes.forgotPassword, { body: { email: 'a@b.nl' } }),
    ).resolves.toEqual({});
    expect(requests[0]?.method).toBe('POST');
    expect(requests[0]?.headers.get('Content-Type')).toBe('application/json');
    expect(requests[0]?.headers.has('Authorization')).toBe(false);
    expect(requests[0]?.body).toBe('{"email":"a@b.nl"}');
  });

  it('sends multipart bodies as FormData', async () => {
    const { requests } = mockFetch(() => jsonResponse(200, user));
    await callApi(usersRoutes.invite, {
      body: { email: 'a@b.nl', role: 'user', is_active: true },
    });
    const body = requests[0]?.body;
    expect(body).toBeInstanceOf(FormData);
    expect((body as FormData).get('is_active')).toBe('true');
    // The browser sets the multipart boundary itself.
    expect(requests[0]?.headers.has('Content-Type')).toBe(false);
  });

  it('returns undefined for 204', async () => {
    mockFetch(() => new Response(null, { status: 204 }));
    await expect(callApi(usersRoutes.remove, { params: { id: 3 } })).resolves.toBeUndefined();
  });

  it('throws ApiError with the server error body', async () => {
    mockFetch(() =>
      jsonResponse(422, {
        detail: 'Validation failed',
        code: 'VALIDATION_ERROR',
        errors: [{ field: 'password', code: 'too_small', message: 'Too small' }],
      }),
    );
    const error = await callApi(authRoutes.resetPassword, {
      body: { token: 't', password: 'x' },
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 422,
      code: 'VALIDATION_ERROR',
      detail: 'Validation failed',
      errors: [{ field: 'password', code: 'too_small' }],
    });
  });

  it('reads an error code the web does not know as HTTP_ERROR, keeping the detail', async () => {
    mockFetch(() => jsonResponse(418, { detail: 'Short and stout', code: 'TEAPOT' }));
    await expect(callApi(usersRoutes.list)).rejects.toMatchObject({
      status: 418,
      code: 'HTTP_ERROR',
      detail: 'Short and stout',
    });
  });

  it('reports 401 on a request with a token, and non-JSON errors and bad responses', async () => {
    let unauthorized = 0;
    configureApi({ getToken: () => 'old', onUnauthorized: () => (unauthorized += 1) });
    mockFetch(() => jsonResponse(401, { detail: 'Not authenticated', code: 'UNAUTHENTICATED' }));
    await expect(callApi(usersRoutes.get, { params: { id: 1 } })).rejects.toMatchObject({
      status: 401,
    });
    expect(unauthorized).toBe(1);

    mockFetch(
      () => new Response('<html>Bad gateway</html>', { status: 502, statusText: 'Bad Gateway' }),
    );
    await expect(callApi(usersRoutes.list)).rejects.toMatchObject({
      status: 502,
      code: 'HTTP_ERROR',
    });

    mockFetch(() => jsonResponse(200, { unexpected: true }));
    await expect(callApi(usersRoutes.list)).rejects.toMatchObject({ code: 'INVALID_RESPONSE' });

    mockFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    await expect(callApi(usersRoutes.list)).rejects.toMatchObject({
      status: 0,
      code: 'NETWORK_ERROR',
    });
  });

  it('reads an error body whose field errors are malformed as a plain HTTP failure', async () => {
    mockFetch(() =>
      jsonResponse(422, { detail: 'Validation failed', code: 'VALIDATION_ERROR', errors: [1] }),
    );
    await expect(callApi(usersRoutes.list)).rejects.toMatchObject({
      status: 422,
      code: 'HTTP_ERROR',
      errors: [],
    });
  });

  it('hands answers on as they are without a response check, as a build does', async () => {
    configureApi({ checkResponse: (_route, data) => data });
    try {
      mockFetch(() => jsonResponse(200, { unexpected: true }));
      await expect(callApi(usersRoutes.list)).resolves.toEqual({ unexpected: true });
      mockFetch(() => new Response(null, { status: 202 }));
      await expect(
        callApi(authRoutes.forgotPassword, { body: { email: 'a@b.nl' } }),
      ).resolves.toEqual({});
    } finally {
      configureApi({ checkResponse });
    }
  });

  it('checks answers against the contract in tests and dev, and names a route without one', () => {
    expect(checkResponse(usersRoutes.remove, undefined, 204)).toBeUndefined();
    expect(() => checkResponse({ method: 'GET', path: '/nowhere' }, {}, 200)).toThrow(
      'No contract for GET /nowhere',
    );
  });

  it('builds query strings with repeated keys for arrays', () => {
    expect(buildQuery({ a: ['1', '', 2], b: null, c: false })).toBe('?a=1&a=2&c=false');
    expect(buildQuery({ a: undefined })).toBe('');
  });
});

describe('uploadApi', () => {
  afterEach(() => configureApi({ getToken: () => null }));

  const result = {
    id: 5,
    new_count: 1,
    duplicate_count: 0,
    skipped_count: 0,
    bank_account_ids: [],
  };

  it('sends the form with the token, reports progress and parses the answer', async () => {
    configureApi({ getToken: () => 'the-token' });
    fakeXhr();
    const { requests } = mockFetch(() => jsonResponse(200, result));
    const body = new FormData();
    body.append('file', new File(['abcd'], 'a.xml'));
    const progress: [number, number][] = [];
    const answer = await uploadApi(bankAccountsRoutes.confirm, {
      params: { userId: 7, importId: 5 },
      body,
      onProgress: (sent, total) => progress.push([sent, total]),
    });
    expect(answer).toEqual(result);
    expect(progress).toEqual([
      [2, 4],
      [4, 4],
    ]);
    expect(requests[0]?.url).toBe('/api/user/7/statement-import/5/confirm');
    expect(requests[0]?.method).toBe('POST');
    expect(requests[0]?.headers.get('Authorization')).toBe('Bearer the-token');
    expect(requests[0]?.body).toBe(body);
  });

  it('throws the ApiError of the answer, field errors and lines included', async () => {
    fakeXhr();
    const errors = [{ field: 'file', code: 'statement_empty', message: 'Empty', line: 3 }];
    mockFetch(() =>
      jsonResponse(422, { detail: 'Invalid input', code: 'VALIDATION_ERROR', errors }),
    );
    const error: unknown = await uploadApi(bankAccountsRoutes.preview, {
      params: { userId: 7 },
      body: new FormData(),
    }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 422, code: 'VALIDATION_ERROR', errors });
  });
});
