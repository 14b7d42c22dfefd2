import type { TestApp } from './app';
import type { CreatedUser } from './factories';

let lastIp = 0;
/**
 * A fresh client address for each call, so that the per-IP rate limits of login,
 * forgot-password and reset-password never carry over from one test to the next.
 */
export const nextIp = () => `10.0.${Math.floor(++lastIp / 250)}.${(lastIp % 250) + 1}`;

/** POST /api/auth/jwt/login, form-encoded as the spec says; `fields` may be incomplete. */
export function loginRequest(t: TestApp, fields: Record<string, string>, ip = nextIp()) {
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/jwt/login',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(fields).toString(),
    remoteAddress: ip,
  });
}

/** A JSON POST from a fresh client address. */
export function postJson(t: TestApp, url: string, payload: object, ip = nextIp()) {
  return t.app.inject({ method: 'POST', url, payload, remoteAddress: ip });
}

/** A short random suffix that keeps names, e-mails and references unique across tests. */
export const uniq = () => Math.random().toString(36).slice(2, 10);

export type Caller = CreatedUser | null;
export type CallArgs = [
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  caller: Caller,
  payload?: object,
];

/** An API call (path without `/api`) as `caller`, anonymous when null. */
export const callAs = (t: TestApp, ...[method, url, caller, payload]: CallArgs) =>
  t.app.inject({
    method,
    url: `/api${url}`,
    headers: caller?.headers ?? {},
    ...(payload ? { payload } : {}),
  });
