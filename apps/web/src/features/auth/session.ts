/**
 * The login session: a bearer JWT in localStorage (`helder.token`) plus its decoded claims.
 *
 * - `loadSession()` runs once at start-up and removes an expired or unreadable token;
 * - `login(token)` / `logout()` change it; every change notifies `useSession()` subscribers
 *   (useSyncExternalStore), also across tabs through the `storage` event;
 * - `watchSessionExpiry(onExpired)` checks the expiry every 60 s (docs/spec-map.md §9) and ends the
 * session;
 * - the API client gets the token (and reports 401s) through `configureApi`.
 *
 * The JWT payload is decoded without a library (base64url JSON) and is NOT verified: the server
 * does that. The claims only drive the UI (who am I, when does it end).
 */
import { useSyncExternalStore } from 'react';
import { configureApi } from '../../lib/api-config';

export const TOKEN_STORAGE_KEY = 'helder.token';
/** Token expiry check interval (docs/spec-map.md §9). */
export const SESSION_CHECK_INTERVAL_MS = 60_000;

export interface Session {
  token: string;
  userId: number;
  username: string;
  /** Expiry as seconds since the epoch (the JWT `exp` claim). */
  exp: number;
}

function base64UrlDecode(segment: string): string {
  const base64 = segment.replace(/-/g, '+').replace(/_/g, '/');
  const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
  const binary = atob(padded);
  const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
  return new TextDecoder().decode(bytes);
}

/** Decodes our JWT's claims (`sub`, `username`, `exp`); null when the token is not readable. */
export function decodeToken(token: string): Session | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const claims = JSON.parse(base64UrlDecode(payload)) as Record<string, unknown>;
    const { sub, username, exp } = claims;
    const userId = typeof sub === 'string' ? Number(sub) : NaN;
    if (!Number.isInteger(userId) || typeof username !== 'string' || typeof exp !== 'number') {
      return null;
    }
    return { token, userId, username, exp };
  } catch {
    return null;
  }
}

function isExpired(session: Pick<Session, 'exp'>, now = Date.now()): boolean {
  return session.exp * 1000 <= now;
}

function readStoredToken(): string | null {
  try {
    return localStorage.getItem(TOKEN_STORAGE_KEY);
  } catch {
    return null;
  }
}

function writeStoredToken(token: string | null): void {
  try {
    if (token === null) localStorage.removeItem(TOKEN_STORAGE_KEY);
    else localStorage.setItem(TOKEN_STORAGE_KEY, token);
  } catch {
    // Storage unavailable (private mode): the session lives as long as the page.
  }
}

type Listener = () => void;
const listeners = new Set<Listener>();
const expiredListeners = new Set<Listener>();

let cachedRaw: string | null | undefined;
let cachedSession: Session | null = null;

/** The current session (stable identity while the stored token does not change). */
export function getSession(): Session | null {
  const raw = readStoredToken();
  if (raw !== cachedRaw) {
    cachedRaw = raw;
    cachedSession = raw ? decodeToken(raw) : null;
  }
  return cachedSession;
}

function getToken(): string | null {
  return getSession()?.token ?? null;
}

function emit(): void {
  for (const listener of listeners) listener();
}

export function subscribeSession(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Start-up: an expired or unreadable stored token is removed. */
export function loadSession(): Session | null {
  const raw = readStoredToken();
  if (raw === null) return null;
  const session = getSession();
  if (!session || isExpired(session)) {
    writeStoredToken(null);
    emit();
    return null;
  }
  return session;
}

/** Stores a fresh access token; returns its session (null if the token is unusable). */
export function login(token: string): Session | null {
  const session = decodeToken(token);
  if (!session || isExpired(session)) return null;
  writeStoredToken(token);
  emit();
  return getSession();
}

export function logout(): void {
  if (readStoredToken() === null) return;
  writeStoredToken(null);
  emit();
}

/** Ends the session because it expired (or the server refused the token). */
function expireSession(): void {
  const hadSession = readStoredToken() !== null;
  writeStoredToken(null);
  emit();
  if (hadSession) for (const listener of expiredListeners) listener();
}

/** Checks every 60 s whether the stored token has expired; then ends the session and calls `onExpired`. */
export function watchSessionExpiry(onExpired: Listener): () => void {
  expiredListeners.add(onExpired);
  const check = () => {
    const session = getSession();
    if (session && isExpired(session)) expireSession();
  };
  const timer = setInterval(check, SESSION_CHECK_INTERVAL_MS);
  return () => {
    clearInterval(timer);
    expiredListeners.delete(onExpired);
  };
}

if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === TOKEN_STORAGE_KEY || event.key === null) emit();
  });
}

configureApi({ getToken, onUnauthorized: expireSession });

export function useSession(): Session | null {
  return useSyncExternalStore(subscribeSession, getSession, () => null);
}
