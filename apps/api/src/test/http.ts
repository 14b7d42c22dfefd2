import type { TestApp } from './app';

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
