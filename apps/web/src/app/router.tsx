/**
 * The whole route table of the product spec (docs/spec-map.md §2.2), as a React Router 7 data
 * router.
 *
 * Conventions:
 * - `src/app/routes/<area>.tsx` modules only compose features and export components. `area()`
 *   below pairs each module with the i18n namespaces it needs (AREA_NAMESPACES, preloads.ts);
 *   `page(area, 'Export')` loads the module and the namespaces side by side, then renders that
 *   export. One chunk per area for the pages, and one `<area>.modals.tsx` for its modals (so a
 *   page does not load Radix and form code up front); only the overview, the first page of most
 *   visits, is in the entry chunk.
 * - A modal is a nested route (its URL is the spec's); its element renders `<RouteModal>` (or
 *   `<Modal>` + `useRouteModal()`), and closing navigates to the parent route after the fade.
 *   So every page that has modals renders an `<Outlet />`.
 * - Every branch has an `errorElement` ('Unexpected Application Error!').
 * - Users (/contacts), payments (/transactions) and funders (/sponsors) live under
 *   `RequireSession`: they exist only while a token is stored; otherwise visiting them redirects
 *   to /login (and back after logging in).
 */
import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { PageSpinner } from '../components/ui/Spinner';
import { RouteErrorScreen } from '../components/ui/ErrorScreen';
import { RequireSession } from '../features/auth/shell';
import { loadNamespaces, type Namespace } from '../lib/i18n';
import {
  ACTIVITY_TAB_SEGMENTS,
  INITIATIVE_TAB_SEGMENTS,
  MODAL_SEGMENTS,
  SEGMENTS,
} from '../lib/paths';
import { AREA_NAMESPACES, type AreaName } from './preloads';
import { RootLayout } from './RootLayout';
import * as initiativesListModule from './routes/initiatives.list';

type ComponentExport<M> = {
  [K in keyof M]: M[K] extends ComponentType ? K : never;
}[keyof M] &
  string;

/** A route module (`routes/<name>.tsx`) and the i18n namespaces its screens use. */
interface Area<M> {
  name: AreaName;
  load: () => Promise<M>;
  namespaces: readonly Namespace[];
}

const area = <M,>(name: AreaName, load: () => Promise<M>): Area<M> => ({
  name,
  load,
  namespaces: AREA_NAMESPACES[name],
});

/**
 * Lazy route: loads the route module and its namespaces side by side (named outside the module,
 * so that the catalogs need not wait for it), then renders one of its exports. It
 * carries the area's name, by which router.test.ts checks the page preloads (preloads.ts).
 */
function page<M>({ name: area, load, namespaces }: Area<M>, name: ComponentExport<M>) {
  const lazy = async () => {
    const [module] = await Promise.all([load(), loadNamespaces(namespaces)]);
    return { Component: module[name] as ComponentType };
  };
  return Object.assign(lazy, { area });
}

// The overview (/ and /funds, and /login over it) is most visits' first page: it is part of the
// entry chunk, so that its first paint waits for nothing but the entry, its catalogs and its data.
const initiativesList = area('initiatives.list', () => Promise.resolve(initiativesListModule));
const initiatives = area('initiatives', () => import('./routes/initiatives'));
const initiativesModals = area('initiatives.modals', () => import('./routes/initiatives.modals'));
const activities = area('activities', () => import('./routes/activities'));
const activitiesModals = area('activities.modals', () => import('./routes/activities.modals'));
const login = area('login', () => import('./routes/login'));
const password = area('password', () => import('./routes/password'));
const permissionChecker = area('permission-checker', () => import('./routes/permission-checker'));
const users = area('users', () => import('./routes/users'));
const usersModals = area('users.modals', () => import('./routes/users.modals'));
const payments = area('payments', () => import('./routes/payments'));
const paymentsModals = area('payments.modals', () => import('./routes/payments.modals'));
const funders = area('funders', () => import('./routes/funders'));
const fundersModals = area('funders.modals', () => import('./routes/funders.modals'));
const notFound = area('not-found', () => import('./routes/not-found'));

/**
 * A URL that only tells its parent what to show (a tab, the index): it renders nothing itself.
 * `element: null` says so; without it the router warns for every such match.
 */
const marker = (route: { index: true } | { path: string }): RouteObject => ({
  ...route,
  element: null,
});

/** Adds the default error screen to a route branch. */
const branch = (route: RouteObject): RouteObject => ({
  errorElement: <RouteErrorScreen />,
  ...route,
});

export const routes: RouteObject[] = [
  {
    id: 'root',
    path: '/',
    element: <RootLayout />,
    errorElement: <RouteErrorScreen variant="full" />,
    hydrateFallbackElement: <PageSpinner />,
    children: [
      {
        // Errors inside the layout keep the side menu.
        errorElement: <RouteErrorScreen />,
        children: [
          // Initiatives overview at / and /funds; /login is a modal over it.
          branch({
            id: 'initiatives',
            lazy: page(initiativesList, 'InitiativesList'),
            children: [
              marker({ index: true }),
              {
                path: SEGMENTS.initiatives,
                children: [marker({ index: true }), marker({ path: ':action' })],
              },
              { path: 'login', id: 'login', lazy: page(login, 'Login') },
            ],
          }),

          // Initiative detail: /funds/:id/:tab (or /funds/:id/:initiativeName) and its modals.
          branch({
            id: 'initiative',
            path: `${SEGMENTS.initiatives}/:initiativeId`,
            lazy: page(initiatives, 'InitiativeDetail'),
            children: [
              marker({ path: ':tab' }),
              {
                path: MODAL_SEGMENTS.editInitiative,
                lazy: page(initiativesModals, 'EditInitiative'),
              },
              {
                path: MODAL_SEGMENTS.deleteInitiative,
                lazy: page(initiativesModals, 'DeleteInitiative'),
              },
              { path: 'add-activity', lazy: page(initiativesModals, 'AddActivity') },
              { path: 'add-payment', lazy: page(initiativesModals, 'AddPayment') },
              { path: 'filter-payment', lazy: page(initiativesModals, 'FilterPayment') },
              { path: ':paymentId/details', lazy: page(initiativesModals, 'PaymentDetails') },
              // Ours: the spec names no route for deleting a payment.
              {
                path: ':paymentId/delete-payment',
                lazy: page(initiativesModals, 'DeletePayment'),
              },
              { path: 'activities/add-payment', lazy: page(initiativesModals, 'AddPayment') },
              {
                path: INITIATIVE_TAB_SEGMENTS.owners,
                children: [
                  marker({ index: true }),
                  { path: 'link-owners', lazy: page(initiativesModals, 'LinkOwners') },
                ],
              },
            ],
          }),

          // The activities screen: the side list with the initiative, or the chosen activity.
          branch({
            id: 'activities',
            path: `${SEGMENTS.initiatives}/:initiativeId/activities`,
            lazy: page(activities, 'ActivitiesList'),
            children: [
              branch({
                id: 'activity',
                path: ':activityId',
                lazy: page(activities, 'ActivityDetail'),
                children: [
                  marker({ path: ':tab' }),
                  { path: 'edit-activity', lazy: page(activitiesModals, 'EditActivity') },
                  { path: 'delete-activity', lazy: page(activitiesModals, 'DeleteActivity') },
                  { path: 'add-payment', lazy: page(activitiesModals, 'AddPayment') },
                  { path: 'filter-payment', lazy: page(activitiesModals, 'FilterPayment') },
                  // The spec names no activity payment details route; ours mirror the initiative's.
                  {
                    path: ':paymentId/details',
                    lazy: page(activitiesModals, 'PaymentDetails'),
                  },
                  {
                    path: ':paymentId/delete-payment',
                    lazy: page(activitiesModals, 'DeletePayment'),
                  },
                  {
                    path: ACTIVITY_TAB_SEGMENTS.owners,
                    children: [
                      marker({ index: true }),
                      { path: 'link-owners', lazy: page(activitiesModals, 'LinkOwners') },
                    ],
                  },
                ],
              }),
            ],
          }),

          // Public password pages and the permission checker.
          branch({ path: 'reset-password', lazy: page(password, 'ResetPassword') }),
          branch({ path: 'request-new-password', lazy: page(password, 'RequestNewPassword') }),
          branch({ path: 'account-recovery', lazy: page(password, 'AccountRecovery') }),
          // The unsubscribe link of a receipt reminder mail (docs/api-rules.md §17).
          branch({ path: 'reminders/unsubscribe', lazy: page(password, 'UnsubscribeReminders') }),
          branch({
            path: 'permission-checker',
            lazy: page(permissionChecker, 'PermissionChecker'),
          }),

          // Only while a token is stored (docs/spec-map.md §2.1).
          {
            id: 'session',
            element: <RequireSession />,
            children: [
              branch({
                id: 'contacts',
                path: SEGMENTS.users,
                lazy: page(users, 'Users'),
                children: [
                  { path: 'add-user', lazy: page(usersModals, 'AddUser') },
                  {
                    path: ':userId',
                    lazy: page(users, 'User'),
                    children: [
                      { path: 'edit-profile', lazy: page(usersModals, 'EditProfile') },
                      { path: 'edit-settings', lazy: page(usersModals, 'EditSettings') },
                      { path: 'change-password', lazy: page(usersModals, 'ChangePassword') },
                      { path: 'delete-user', lazy: page(usersModals, 'DeleteUser') },
                    ],
                  },
                ],
              }),

              branch({
                id: 'transactions',
                path: SEGMENTS.payments,
                lazy: page(payments, 'Payments'),
                children: [
                  { index: true, lazy: page(payments, 'PaymentList') },
                  {
                    path: 'bankconnections',
                    lazy: page(payments, 'BankAccounts'),
                    children: [
                      // add-bank also takes ?step=3&message=<outcome> (the bank's redirect).
                      { path: 'add-bank', lazy: page(paymentsModals, 'AddBank') },
                      { path: 'invite-user', lazy: page(paymentsModals, 'InviteUser') },
                      { path: 'revoke-bank', lazy: page(paymentsModals, 'RevokeBank') },
                      { path: 'delete-bank', lazy: page(paymentsModals, 'RevokeBank') },
                    ],
                  },
                  {
                    path: 'bankaccounts',
                    lazy: page(payments, 'BankAccounts'),
                    children: [
                      { path: 'add-bank', lazy: page(paymentsModals, 'AddBank') },
                      // ?step=2 shows the success step.
                      { path: 'invite-users', lazy: page(paymentsModals, 'InviteUser') },
                    ],
                  },
                ],
              }),

              branch({
                id: 'sponsors',
                path: SEGMENTS.funders,
                lazy: page(funders, 'Funders'),
                children: [
                  { path: MODAL_SEGMENTS.addFunder, lazy: page(fundersModals, 'AddFunder') },
                  {
                    path: `:sponsorId/${MODAL_SEGMENTS.editFunder}`,
                    lazy: page(fundersModals, 'EditFunder'),
                  },
                  {
                    path: `:sponsorId/${MODAL_SEGMENTS.deleteFunder}`,
                    lazy: page(fundersModals, 'DeleteFunder'),
                  },
                ],
              }),
              branch({
                id: 'regulations',
                path: `${SEGMENTS.funders}/:sponsorId`,
                lazy: page(funders, 'Regulations'),
                children: [
                  // No regulation chosen: the page shows a hint (element null: nothing to nest).
                  marker({ index: true }),
                  {
                    path: 'regulations',
                    children: [
                      marker({ index: true }),
                      { path: 'add-regulation', lazy: page(fundersModals, 'AddRegulation') },
                      {
                        id: 'regulation',
                        path: ':regulationId',
                        lazy: page(funders, 'Regulation'),
                        children: [
                          { path: 'edit-regulation', lazy: page(fundersModals, 'EditRegulation') },
                          {
                            path: 'delete-regulation',
                            lazy: page(fundersModals, 'DeleteRegulation'),
                          },
                          { path: 'add-employee', lazy: page(fundersModals, 'GrantOfficers') },
                          { path: 'add-officer', lazy: page(fundersModals, 'PolicyOfficers') },
                          { path: 'add-grant', lazy: page(fundersModals, 'AddGrant') },
                          {
                            path: MODAL_SEGMENTS.addInitiative,
                            lazy: page(initiativesModals, 'AddInitiative'),
                          },
                          { path: 'edit-grant/:grantId', lazy: page(fundersModals, 'EditGrant') },
                          {
                            path: 'delete-grant/:grantId',
                            lazy: page(fundersModals, 'DeleteGrant'),
                          },
                          // 'Penvoerders' of a grant: the spec names no route; ours.
                          { path: 'overseers/:grantId', lazy: page(fundersModals, 'Overseers') },
                        ],
                      },
                    ],
                  },
                ],
              }),
            ],
          },

          branch({ id: 'not-found', path: '*', lazy: page(notFound, 'NotFound') }),
        ],
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
