import { useEffect, useRef } from 'react';
import { Navigate, Outlet, useLocation, useNavigate, type Location } from 'react-router';
import { paths } from '../../lib/paths';
import { useSession, watchSessionExpiry } from './session';

interface FromState {
  from?: Pick<Location, 'pathname' | 'search' | 'hash'> | string;
}

/** Where to go after logging in: the `from` location in navigation state, else the initiatives. */
export function redirectTarget(state: unknown): string {
  const from = (state as FromState | null)?.from;
  const path =
    typeof from === 'string'
      ? from
      : from
        ? `${from.pathname}${from.search ?? ''}${from.hash ?? ''}`
        : '';
  // Only in-app paths; never back to the login modal itself.
  if (!path.startsWith('/') || path.startsWith('//') || path.startsWith('/login'))
    return paths.initiatives();
  return path;
}

/**
 * Layout route around the login-only screens (contacts, transactions, sponsors;
 * docs/spec-map.md §2.1: only available while a token is stored). Without a session it redirects to
 * /login and remembers where the visitor wanted to go.
 */
export function RequireSession() {
  const session = useSession();
  const location = useLocation();
  if (!session)
    return <Navigate to="/login" replace state={{ from: location } satisfies FromState} />;
  return <Outlet />;
}

/** Checks the token expiry every 60 s; when it has expired, goes to /login. Used once, in the root layout. */
export function useRedirectOnSessionExpiry(): void {
  const navigate = useNavigate();
  const location = useLocation();
  const locationRef = useRef(location);
  useEffect(() => {
    locationRef.current = location;
  });
  useEffect(
    () =>
      watchSessionExpiry(() => {
        void navigate('/login', { state: { from: locationRef.current } satisfies FromState });
      }),
    [navigate],
  );
}
