/**
 * What the app shell (main.tsx, App, RootLayout, router) needs from the auth feature on the first
 * load: the session and the route guards. Kept apart from index.ts on purpose: the shell is in
 * the entry chunk, and importing the full index from there would make every auth screen (and
 * zod, react-hook-form, Radix) part of the first load. Everything else imports from index.ts.
 */
export { getSession, loadSession, logout, subscribeSession, useSession } from './session';
export { RequireSession, useRedirectOnSessionExpiry } from './guards';
