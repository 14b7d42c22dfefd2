/**
 * The route modules (`routes/<area>.tsx`) and what opening a page loads of them. Plain data, read
 * by the build as well as by the app.
 */
import type { Namespace } from '../lib/i18n';

/**
 * What an initiative's or activity's detail shows: its own and its payments'. The Media tab loads
 * its gallery and catalog when it opens (routes/initiatives.slots.tsx).
 */
const DETAIL = ['initiatives', 'activities', 'payments'] as const;
/** The dialogs bring their forms' texts ('initiative-forms', 'payment-forms'). */
const SPENDING_MODALS = [
  'initiatives',
  'initiative-forms',
  'activities',
  'payments',
  'payment-forms',
] as const;
const SPONSORS = ['funders', 'regulations', 'grants'] as const;

/**
 * The route modules and the i18n namespaces their screens use: the router loads a module and its
 * catalogs side by side (router.tsx), and the page names the default language's catalogs too.
 */
export const AREA_NAMESPACES = {
  'initiatives.list': ['initiatives'],
  initiatives: DETAIL,
  'initiatives.modals': SPENDING_MODALS,
  activities: DETAIL,
  'activities.modals': SPENDING_MODALS,
  login: ['auth'],
  password: ['auth'],
  'permission-checker': ['auth'],
  users: ['users'],
  'users.modals': ['users'],
  payments: ['payments', 'payment-forms', 'bank-accounts'],
  'payments.modals': ['bank-accounts', 'payment-forms'],
  funders: SPONSORS,
  'funders.modals': SPONSORS,
  'not-found': [],
} as const satisfies Record<string, readonly Namespace[]>;
export type AreaName = keyof typeof AREA_NAMESPACES;

/**
 * Which route modules opening a page loads, by its path: the first pattern that matches decides.
 * The build turns this into the files of each page, with the catalogs of the default language
 * (the helder-preloads plugin in vite.config.ts), and the server names them in the page it sends
 * (`<link rel="modulepreload">`), so that they download beside the entry instead of after it has
 * run and the router has matched. Modals load when they open and are not named here.
 * router.test.ts checks this against the route table for every URL of the spec.
 */
export const PAGE_AREAS: ReadonlyArray<{ pattern: string; areas: readonly AreaName[] }> = [
  { pattern: '^/(funds/?)?$', areas: ['initiatives.list'] },
  { pattern: '^/login/?$', areas: ['initiatives.list', 'login'] },
  // The initiative's own modal, though its path runs through the activities.
  { pattern: '^/funds/[^/]+/activities/add-payment/?$', areas: ['initiatives'] },
  { pattern: '^/funds/[^/]+/activities(/|$)', areas: ['activities'] },
  { pattern: '^/funds/[^/]+/', areas: ['initiatives'] },
  { pattern: '^/funds/[^/]+/?$', areas: ['initiatives.list'] },
  {
    pattern: '^/(reset-password|request-new-password|account-recovery|reminders/unsubscribe)/?$',
    areas: ['password'],
  },
  { pattern: '^/permission-checker/?$', areas: ['permission-checker'] },
  { pattern: '^/contacts(/|$)', areas: ['users'] },
  { pattern: '^/transactions(/|$)', areas: ['payments'] },
  { pattern: '^/sponsors(/|$)', areas: ['funders'] },
  { pattern: '^/', areas: ['not-found'] },
];
