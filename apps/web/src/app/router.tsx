/**
 * The whole route table of the spec (§2.2), as a React Router 7 data router.
 *
 * Conventions:
 * - `src/app/routes/<area>.tsx` modules only compose features. Each exports `namespaces` (the
 *   i18n namespaces it needs) and components; `page(load, 'Export')` lazy-loads the module, loads
 *   the namespaces, then renders that export. One chunk per area for the pages, and one
 *   `<area>.modals.tsx` for its modals (so a page does not load Radix and form code up front).
 * - A modal is a nested route (its URL is the spec's); its element renders `<RouteModal>` (or
 *   `<Modal>` + `useRouteModal()`), and closing navigates to the parent route after the fade.
 *   So every page that has modals renders an `<Outlet />`.
 * - Every branch has an `errorElement` ('Unexpected Application Error!').
 * - Contacts, transactions and sponsors live under `RequireSession`: they exist only while a
 *   token is stored; otherwise visiting them redirects to /login (and back after logging in).
 */
import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { PageSpinner } from '../components/ui/Spinner';
import { RouteErrorScreen } from '../components/ui/ErrorScreen';
import { RequireSession } from '../features/auth/shell';
import { loadNamespaces, type Namespace } from '../lib/i18n';
import { RootLayout } from './RootLayout';

interface RouteModule {
  namespaces: readonly Namespace[];
}

type ComponentExport<M> = {
  [K in keyof M]: M[K] extends ComponentType ? K : never;
}[keyof M] &
  string;

/** Lazy route: loads the route module and its i18n namespaces, renders one of its exports. */
export function page<M extends RouteModule>(load: () => Promise<M>, name: ComponentExport<M>) {
  return async () => {
    const module = await load();
    await loadNamespaces(module.namespaces);
    return { Component: module[name] as ComponentType };
  };
}

const funds = () => import('./routes/funds');
const fundsModals = () => import('./routes/funds.modals');
const activities = () => import('./routes/activities');
const activitiesModals = () => import('./routes/activities.modals');
const login = () => import('./routes/login');
const password = () => import('./routes/password');
const permissionChecker = () => import('./routes/permission-checker');
const contacts = () => import('./routes/contacts');
const contactsModals = () => import('./routes/contacts.modals');
const transactions = () => import('./routes/transactions');
const transactionsModals = () => import('./routes/transactions.modals');
const sponsors = () => import('./routes/sponsors');
const sponsorsModals = () => import('./routes/sponsors.modals');
const notFound = () => import('./routes/not-found');

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
            lazy: page(funds, 'InitiativesList'),
            children: [
              { index: true },
              { path: 'funds', children: [{ index: true }, { path: ':action' }] },
              { path: 'login', id: 'login', lazy: page(login, 'Login') },
            ],
          }),

          // Initiative detail: /funds/:id/:tab (or /funds/:id/:initiativeName) and its modals.
          branch({
            id: 'initiative',
            path: 'funds/:initiativeId',
            lazy: page(funds, 'InitiativeDetail'),
            children: [
              { path: ':tab' },
              { path: 'edit-fund', lazy: page(fundsModals, 'EditFund') },
              { path: 'delete-fund', lazy: page(fundsModals, 'DeleteFund') },
              { path: 'add-activity', lazy: page(fundsModals, 'AddActivity') },
              { path: 'add-payment', lazy: page(fundsModals, 'AddPayment') },
              { path: 'filter-payment', lazy: page(fundsModals, 'FilterPayment') },
              { path: ':paymentId/details', lazy: page(fundsModals, 'PaymentDetails') },
              { path: 'activities/add-payment', lazy: page(fundsModals, 'AddPayment') },
              {
                path: 'gebruikers',
                children: [{ path: 'link-owners', lazy: page(fundsModals, 'LinkOwners') }],
              },
            ],
          }),

          // The activities screen: the side list with the initiative, or the chosen activity.
          branch({
            id: 'activities',
            path: 'funds/:initiativeId/activities',
            lazy: page(activities, 'ActivitiesList'),
            children: [
              branch({
                id: 'activity',
                path: ':activityId',
                lazy: page(activities, 'ActivityDetail'),
                children: [
                  { path: ':tab' },
                  { path: 'edit-activity', lazy: page(activitiesModals, 'EditActivity') },
                  { path: 'delete-activity', lazy: page(activitiesModals, 'DeleteActivity') },
                  { path: 'add-payment', lazy: page(activitiesModals, 'AddPayment') },
                  { path: 'filter-payment', lazy: page(activitiesModals, 'FilterPayment') },
                  {
                    path: 'gebruikers',
                    children: [{ path: 'link-owners', lazy: page(activitiesModals, 'LinkOwners') }],
                  },
                ],
              }),
            ],
          }),

          // Public password pages and the permission checker.
          branch({ path: 'reset-password', lazy: page(password, 'ResetPassword') }),
          branch({ path: 'request-new-password', lazy: page(password, 'RequestNewPassword') }),
          branch({ path: 'account-recovery', lazy: page(password, 'AccountRecovery') }),
          branch({
            path: 'permission-checker',
            lazy: page(permissionChecker, 'PermissionChecker'),
          }),

          // Only while a token is stored (spec §2.1).
          {
            id: 'session',
            element: <RequireSession />,
            children: [
              branch({
                id: 'contacts',
                path: 'contacts',
                lazy: page(contacts, 'Contacts'),
                children: [
                  { path: 'add-user', lazy: page(contactsModals, 'AddUser') },
                  {
                    path: ':userId',
                    lazy: page(contacts, 'Contact'),
                    children: [
                      { path: 'edit-profile', lazy: page(contactsModals, 'EditProfile') },
                      { path: 'edit-settings', lazy: page(contactsModals, 'EditSettings') },
                      { path: 'change-password', lazy: page(contactsModals, 'ChangePassword') },
                      { path: 'delete-user', lazy: page(contactsModals, 'DeleteUser') },
                    ],
                  },
                ],
              }),

              branch({
                id: 'transactions',
                path: 'transactions',
                lazy: page(transactions, 'Transactions'),
                children: [
                  { index: true, lazy: page(transactions, 'Payments') },
                  {
                    path: 'bankconnections',
                    lazy: page(transactions, 'BankConnections'),
                    children: [
                      // add-bank also takes ?step=3&message=<outcome> (the bank's redirect).
                      { path: 'add-bank', lazy: page(transactionsModals, 'AddBank') },
                      { path: 'invite-user', lazy: page(transactionsModals, 'InviteUser') },
                      { path: 'revoke-bank', lazy: page(transactionsModals, 'RevokeBank') },
                      { path: 'delete-bank', lazy: page(transactionsModals, 'RevokeBank') },
                    ],
                  },
                  {
                    path: 'bankaccounts',
                    lazy: page(transactions, 'BankConnections'),
                    children: [
                      { path: 'add-bank', lazy: page(transactionsModals, 'AddBank') },
                      // ?step=2 shows the success step.
                      { path: 'invite-users', lazy: page(transactionsModals, 'InviteUser') },
                    ],
                  },
                ],
              }),

              branch({
                id: 'sponsors',
                path: 'sponsors',
                lazy: page(sponsors, 'Sponsors'),
                children: [
                  { path: 'add-sponsor', lazy: page(sponsorsModals, 'AddSponsor') },
                  { path: ':sponsorId/edit-sponsor', lazy: page(sponsorsModals, 'EditSponsor') },
                  {
                    path: ':sponsorId/delete-sponsor',
                    lazy: page(sponsorsModals, 'DeleteSponsor'),
                  },
                ],
              }),
              branch({
                id: 'regulations',
                path: 'sponsors/:sponsorId',
                lazy: page(sponsors, 'Regulations'),
                children: [
                  // No regulation chosen: the page shows a hint (element null: nothing to nest).
                  { index: true, element: null },
                  {
                    path: 'regulations',
                    children: [
                      { index: true, element: null },
                      { path: 'add-regulation', lazy: page(sponsorsModals, 'AddRegulation') },
                      {
                        id: 'regulation',
                        path: ':regulationId',
                        lazy: page(sponsors, 'Regulation'),
                        children: [
                          { path: 'edit-regulation', lazy: page(sponsorsModals, 'EditRegulation') },
                          {
                            path: 'delete-regulation',
                            lazy: page(sponsorsModals, 'DeleteRegulation'),
                          },
                          { path: 'add-employee', lazy: page(sponsorsModals, 'AddEmployee') },
                          { path: 'add-officer', lazy: page(sponsorsModals, 'AddOfficer') },
                          { path: 'add-grant', lazy: page(sponsorsModals, 'AddGrant') },
                          { path: 'add-fund', lazy: page(fundsModals, 'AddFund') },
                          { path: 'edit-grant/:grantId', lazy: page(sponsorsModals, 'EditGrant') },
                          {
                            path: 'delete-grant/:grantId',
                            lazy: page(sponsorsModals, 'DeleteGrant'),
                          },
                          // 'Penvoerders' of a grant: the spec names no route; ours.
                          { path: 'overseers/:grantId', lazy: page(sponsorsModals, 'Overseers') },
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
