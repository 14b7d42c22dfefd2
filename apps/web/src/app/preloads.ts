/**
 * Which route modules (`routes/<area>.tsx`) opening a page loads, by its path: the first pattern
 * that matches decides. The build turns this into the files of each page (the helder-preloads
 * plugin in vite.config.ts), and the server names them in the page it sends
 * (`<link rel="modulepreload">`), so that they download beside the entry instead of after it
 * has run and the router has matched. Modals load when they open and are not named here.
 *
 * Plain data, read by the build as well as by the app: router.test.ts checks it against the
 * route table for every URL of the spec.
 */
export const PAGE_AREAS: ReadonlyArray<{ pattern: string; areas: readonly string[] }> = [
  { pattern: '^/(funds/?)?$', areas: ['initiatives.list'] },
  { pattern: '^/login/?$', areas: ['initiatives.list', 'login'] },
  // The initiative's own modal, though its path runs through the activities.
  { pattern: '^/funds/[^/]+/activities/add-payment/?$', areas: ['initiatives'] },
  { pattern: '^/funds/[^/]+/activities(/|$)', areas: ['activities'] },
  { pattern: '^/funds/[^/]+/', areas: ['initiatives'] },
  { pattern: '^/funds/[^/]+/?$', areas: ['initiatives.list'] },
  { pattern: '^/(reset-password|request-new-password|account-recovery)/?$', areas: ['password'] },
  { pattern: '^/permission-checker/?$', areas: ['permission-checker'] },
  { pattern: '^/contacts(/|$)', areas: ['users'] },
  { pattern: '^/transactions(/|$)', areas: ['payments'] },
  { pattern: '^/sponsors(/|$)', areas: ['funders'] },
  { pattern: '^/', areas: ['not-found'] },
];
