import { matchRoutes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { routes } from '../app/router';
import { paths } from './paths';

/** The full route pattern a URL lands on, e.g. '/funds/:initiativeId/edit-fund'. */
function routePattern(url: string): string {
  const matches = matchRoutes(routes, url) ?? [];
  const segments = matches
    .map((match) => match.route.path)
    .filter((path) => path !== undefined && path !== '/');
  return `/${segments.join('/')}`;
}

describe('paths', () => {
  // Each builder gives the exact URL the links used before, and that URL reaches the route
  // meant (a static modal segment, not a `:tab` or `:action` that would also match it).
  it.each([
    [paths.initiatives(), '/funds', '/funds'],
    [paths.initiative(3, 'activities'), '/funds/3/activiteiten', '/funds/:initiativeId/:tab'],
    [paths.initiative(3, 'funders'), '/funds/3/sponsoren', '/funds/:initiativeId/:tab'],
    [paths.initiativeNamed(3, 'buurttuin'), '/funds/3/buurttuin', '/funds/:initiativeId/:tab'],
    [paths.editInitiative(3), '/funds/3/edit-fund', '/funds/:initiativeId/edit-fund'],
    [paths.deleteInitiative(3), '/funds/3/delete-fund', '/funds/:initiativeId/delete-fund'],
    [paths.addActivity(3), '/funds/3/add-activity', '/funds/:initiativeId/add-activity'],
    [
      paths.initiativeOwners(3),
      '/funds/3/gebruikers/link-owners',
      '/funds/:initiativeId/gebruikers/link-owners',
    ],
    [paths.activities(3), '/funds/3/activities', '/funds/:initiativeId/activities'],
    [
      paths.activity(3, 21),
      '/funds/3/activities/21',
      '/funds/:initiativeId/activities/:activityId',
    ],
    [
      paths.activity(3, 21, 'funders'),
      '/funds/3/activities/21/sponsors',
      '/funds/:initiativeId/activities/:activityId/:tab',
    ],
    [
      paths.editActivity(3, 21),
      '/funds/3/activities/21/edit-activity',
      '/funds/:initiativeId/activities/:activityId/edit-activity',
    ],
    [
      paths.deleteActivity(3, 21),
      '/funds/3/activities/21/delete-activity',
      '/funds/:initiativeId/activities/:activityId/delete-activity',
    ],
    [
      paths.activityOwners(3, 21),
      '/funds/3/activities/21/gebruikers/link-owners',
      '/funds/:initiativeId/activities/:activityId/gebruikers/link-owners',
    ],
    [paths.addPayment(3), '/funds/3/add-payment', '/funds/:initiativeId/add-payment'],
    [
      paths.addPayment(3, 21),
      '/funds/3/activities/21/add-payment',
      '/funds/:initiativeId/activities/:activityId/add-payment',
    ],
    [paths.filterPayments(3), '/funds/3/filter-payment', '/funds/:initiativeId/filter-payment'],
    [
      paths.filterPayments(3, 21),
      '/funds/3/activities/21/filter-payment',
      '/funds/:initiativeId/activities/:activityId/filter-payment',
    ],
    [paths.paymentDetails(3, 55), '/funds/3/55/details', '/funds/:initiativeId/:paymentId/details'],
    [
      paths.paymentDetails(3, 55, 21),
      '/funds/3/activities/21/55/details',
      '/funds/:initiativeId/activities/:activityId/:paymentId/details',
    ],
    [
      paths.deletePayment(3, 55),
      '/funds/3/55/delete-payment',
      '/funds/:initiativeId/:paymentId/delete-payment',
    ],
    [
      paths.deletePayment(3, 55, 21),
      '/funds/3/activities/21/55/delete-payment',
      '/funds/:initiativeId/activities/:activityId/:paymentId/delete-payment',
    ],
    [paths.paymentsTab(3), '/funds/3/transactieoverzicht', '/funds/:initiativeId/:tab'],
    [
      paths.paymentsTab(3, 21),
      '/funds/3/activities/21/transactieoverzicht',
      '/funds/:initiativeId/activities/:activityId/:tab',
    ],
    [paths.users(), '/contacts', '/contacts'],
    [paths.user(7), '/contacts/7', '/contacts/:userId'],
    [paths.addUser(), '/contacts/add-user', '/contacts/add-user'],
    [paths.payments(), '/transactions', '/transactions'],
    [paths.bankConnections(), '/transactions/bankconnections', '/transactions/bankconnections'],
    [
      paths.addBank(),
      '/transactions/bankconnections/add-bank',
      '/transactions/bankconnections/add-bank',
    ],
    [
      paths.bankUsers(4),
      '/transactions/bankconnections/invite-user?id=4',
      '/transactions/bankconnections/invite-user',
    ],
    [
      paths.deleteBank(4),
      '/transactions/bankconnections/delete-bank?id=4',
      '/transactions/bankconnections/delete-bank',
    ],
    [paths.funders(), '/sponsors', '/sponsors'],
    [paths.addFunder(), '/sponsors/add-sponsor', '/sponsors/add-sponsor'],
    [paths.editFunder(2), '/sponsors/2/edit-sponsor', '/sponsors/:sponsorId/edit-sponsor'],
    [paths.deleteFunder(2), '/sponsors/2/delete-sponsor', '/sponsors/:sponsorId/delete-sponsor'],
    [paths.funder(2), '/sponsors/2', '/sponsors/:sponsorId'],
    [paths.regulations(2), '/sponsors/2/regulations', '/sponsors/:sponsorId/regulations'],
    [
      paths.addRegulation(2),
      '/sponsors/2/regulations/add-regulation',
      '/sponsors/:sponsorId/regulations/add-regulation',
    ],
    [
      paths.regulation(2, 9),
      '/sponsors/2/regulations/9',
      '/sponsors/:sponsorId/regulations/:regulationId',
    ],
    [
      paths.addInitiative(2, 9, 5),
      '/sponsors/2/regulations/9/add-fund?grant=5',
      '/sponsors/:sponsorId/regulations/:regulationId/add-fund',
    ],
  ])('%s', (url, expected, pattern) => {
    expect(url).toBe(expected);
    expect(routePattern(url)).toBe(pattern);
  });
});
