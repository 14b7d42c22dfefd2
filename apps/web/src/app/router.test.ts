import { matchRoutes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { PAGE_AREAS } from './preloads';
import { routes } from './router';

/** The ids of the branch routes and the leaf's full path pattern for a URL. */
function match(url: string) {
  const matches = matchRoutes(routes, url) ?? [];
  const ids = matches.map((m) => m.route.id);
  const leaf = matches.at(-1);
  return {
    ids,
    params: leaf?.params ?? {},
    path: matches.map((m) => m.route.path ?? '').join('/'),
  };
}

/** A URL of each route of the spec, with the id of a route it must match. */
const URLS: ReadonlyArray<readonly [string, string]> = [
  ['/', 'initiatives'],
  ['/funds', 'initiatives'],
  ['/funds/filter', 'initiatives'],
  ['/login', 'login'],
  ['/funds/12/details', 'initiative'],
  ['/funds/12/Buurttuin%20Oost', 'initiative'],
  ['/funds/12/edit-fund', 'initiative'],
  ['/funds/12/55/details', 'initiative'],
  ['/funds/12/gebruikers/link-owners', 'initiative'],
  ['/funds/12/activities/add-payment', 'initiative'],
  ['/funds/12/activities', 'activities'],
  ['/funds/12/activities/4', 'activity'],
  ['/funds/12/activities/4/media', 'activity'],
  ['/funds/12/activities/4/gebruikers/link-owners', 'activity'],
  ['/funds/12/55/delete-payment', 'initiative'],
  ['/funds/12/activities/4/add-payment', 'activity'],
  ['/funds/12/activities/4/filter-payment', 'activity'],
  ['/funds/12/activities/4/55/details', 'activity'],
  ['/funds/12/activities/4/55/delete-payment', 'activity'],
  ['/contacts', 'contacts'],
  ['/contacts/3', 'contacts'],
  ['/contacts/add-user', 'contacts'],
  ['/contacts/3/delete-user', 'contacts'],
  ['/contacts/3/edit-profile', 'contacts'],
  ['/contacts/3/edit-settings', 'contacts'],
  ['/contacts/3/change-password', 'contacts'],
  ['/transactions', 'transactions'],
  ['/transactions/bankconnections/add-bank', 'transactions'],
  ['/transactions/bankaccounts/invite-users', 'transactions'],
  ['/transactions/bankconnections/revoke-bank', 'transactions'],
  ['/transactions/bankconnections/delete-bank', 'transactions'],
  ['/sponsors', 'sponsors'],
  ['/sponsors/add-sponsor', 'sponsors'],
  ['/sponsors/2/edit-sponsor', 'sponsors'],
  ['/sponsors/2', 'regulations'],
  ['/sponsors/2/regulations', 'regulations'],
  ['/sponsors/2/regulations/add-regulation', 'regulations'],
  ['/sponsors/2/regulations/9/edit-grant/5', 'regulation'],
  ['/sponsors/2/regulations/9/add-fund', 'regulation'],
  ['/sponsors/2/delete-sponsor', 'sponsors'],
  ['/sponsors/2/regulations/9', 'regulation'],
  ['/sponsors/2/regulations/9/edit-regulation', 'regulation'],
  ['/sponsors/2/regulations/9/delete-regulation', 'regulation'],
  ['/sponsors/2/regulations/9/add-employee', 'regulation'],
  ['/sponsors/2/regulations/9/add-officer', 'regulation'],
  ['/sponsors/2/regulations/9/add-grant', 'regulation'],
  ['/sponsors/2/regulations/9/delete-grant/5', 'regulation'],
  ['/sponsors/2/regulations/9/overseers/5', 'regulation'],
  ['/nope/nothing', 'not-found'],
  ['/funds/12/gebruikers', 'initiative'],
  ['/funds/12/activities/4/gebruikers', 'activity'],
  ['/funds/12/media', 'initiative'],
  ['/sponsors/2/regulations', 'regulations'],
];

describe('route table (docs/spec-map.md §2.2)', () => {
  it.each(URLS)('%s → %s', (url, id) => {
    expect(match(url).ids).toContain(id);
  });

  it('puts the login-only screens under the session guard', () => {
    for (const url of ['/contacts', '/transactions', '/sponsors', '/sponsors/2/regulations']) {
      expect(match(url).ids).toContain('session');
    }
    for (const url of ['/', '/funds', '/login', '/reset-password', '/permission-checker']) {
      expect(match(url).ids).not.toContain('session');
    }
  });

  it('nests the activity in the activities screen (one side list for both)', () => {
    expect(match('/funds/12/activities/4/details').ids).toEqual(
      expect.arrayContaining(['activities', 'activity']),
    );
    expect(match('/funds/12/activities/4/edit-activity').params).toEqual({
      initiativeId: '12',
      activityId: '4',
    });
    // activities/add-payment is the initiative's modal, not an activity with id 'add-payment'.
    expect(match('/funds/12/activities/add-payment').ids).not.toContain('activity');
  });

  // Otherwise the router warns 'Matched leaf route … does not have an element' on each visit.
  it.each(URLS)('renders something or nothing on purpose at %s', (url) => {
    const leaf = (matchRoutes(routes, url) ?? []).at(-1)?.route;
    expect(leaf).toBeDefined();
    const renders = leaf!.element !== undefined || leaf!.Component != null || leaf!.lazy != null;
    expect(renders).toBe(true);
  });

  it('gives the leaf modal route its params', () => {
    expect(match('/sponsors/2/regulations/9/delete-grant/5').params).toEqual({
      sponsorId: '2',
      regulationId: '9',
      grantId: '5',
    });
  });
});

describe('page preloads (preloads.ts)', () => {
  it.each(URLS.map(([url]) => url))('name the route modules that %s loads', (url) => {
    const loaded = (matchRoutes(routes, url) ?? [])
      .map((m) => (m.route.lazy as { area?: string } | undefined)?.area)
      .filter((area) => area !== undefined && !area.endsWith('.modals'));
    const pathname = new URL(url, 'http://localhost').pathname;
    const preloaded = PAGE_AREAS.find(({ pattern }) => new RegExp(pattern).test(pathname));
    expect(preloaded?.areas).toEqual([...new Set(loaded)]);
  });
});
