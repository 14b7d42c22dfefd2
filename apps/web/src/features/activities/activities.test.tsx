import type { Activity } from '@helder/shared/activities';
import type { Initiative } from '@helder/shared/initiatives';
import { formatEuro } from '@helder/shared/money';
import { act, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { USER_SEARCH_DEBOUNCE_MS } from '../../components/ui/UserPicker';
import { i18next } from '../../lib/i18n';
import { actionsFor, fakeApi, jsonBody, requestsTo, type FakeHandler } from '../../test/fake-api';
import { jsonResponse, makeToken, renderApp } from '../../test/render';
import { TOKEN_STORAGE_KEY } from '../auth';
import { activity, initiative, picture } from '../../test/spending-unit-fixtures';

beforeAll(async () => {
  await Promise.all([
    import('../../app/routes/initiatives'),
    import('../../app/routes/initiatives.modals'),
    import('../../app/routes/activities'),
    import('../../app/routes/activities.modals'),
  ]);
});

beforeEach(() => {
  localStorage.setItem(TOKEN_STORAGE_KEY, makeToken());
});

function api({
  initiativeData = initiative(),
  activityData = activity(),
  actions = ['read'],
  fields = [],
  routes = {},
}: {
  initiativeData?: Initiative;
  activityData?: Activity;
  actions?: string[];
  fields?: string[];
  routes?: Record<string, FakeHandler>;
} = {}) {
  return fakeApi({
    'GET /api/initiative/:id': () => jsonResponse(200, initiativeData),
    'GET /api/initiative/:id/activity/:activityId': () => jsonResponse(200, activityData),
    'GET /api/auth/entity-access/actions': actionsFor({
      'Initiative:*': actions,
      'Activity:*': actions,
    }),
    'GET /api/auth/entity-access/edit-fields': () => jsonResponse(200, { fields }),
    'GET /api/initiatives': () => jsonResponse(200, { initiatives: [] }),
    ...routes,
  });
}

describe('activities screen', () => {
  it('lists the activities left and shows the initiative right when none is chosen', async () => {
    api();
    renderApp('/funds/3/activities');
    const side = await screen.findByRole('complementary', { name: 'Activiteiten' });
    const list = await within(side).findByRole('list', { name: 'Activiteiten' });
    const cards = within(list).getAllByRole('article');
    expect(cards.map((card) => within(card).getByRole('link').textContent)).toEqual([
      'Plantdag',
      'Oogstfeest',
    ]);
    expect(within(cards[0]!).getByRole('img')).toHaveAccessibleName(
      `Besteed ${formatEuro(423.95)}, beschikbaar ${formatEuro(776.05)}`,
    );
    expect(
      within(cards[0]!)
        .getAllByRole('term')
        .map((term) => term.textContent),
    ).toEqual(['Toegekend', 'Besteed', 'Beschikbaar']);
    expect(within(cards[1]!).getByText('Verborgen')).toBeInTheDocument();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Buurttuin Oost' }),
    ).toBeInTheDocument();
  });

  it("says 'Geen activiteiten gevonden'", async () => {
    api({ initiativeData: initiative({ activities: [] }) });
    renderApp('/funds/3/activities');
    const side = await screen.findByRole('complementary', { name: 'Activiteiten' });
    expect(await within(side).findByText('Geen activiteiten gevonden')).toBeInTheDocument();
  });

  it('shows the chosen activity with its breadcrumb, marked in the list', async () => {
    api({ actions: ['read', 'edit', 'delete'] });
    renderApp('/funds/3/activities/21');
    expect(await screen.findByRole('heading', { level: 1, name: 'Plantdag' })).toBeInTheDocument();
    await waitFor(() =>
      expect(document.title).toBe('Plantdag · Buurttuin Oost · Initiatieven · Helder'),
    );
    const side = screen.getByRole('complementary', { name: 'Activiteiten' });
    expect(await within(side).findByRole('link', { name: 'Plantdag' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    const crumbs = screen.getByRole('navigation', { name: 'Kruimelpad' });
    expect(within(crumbs).getByRole('link', { name: 'Initiatieven' })).toHaveAttribute(
      'href',
      '/funds',
    );
    expect(within(crumbs).getByRole('link', { name: 'Buurttuin Oost' })).toHaveAttribute(
      'href',
      '/funds/3/activities',
    );
    expect(within(crumbs).getByText('Plantdag')).toHaveAttribute('aria-current', 'page');

    const group = await screen.findByRole('group', { name: 'Acties voor deze activiteit' });
    expect(within(group).getByRole('link', { name: 'Beheer activiteit' })).toHaveAttribute(
      'href',
      '/funds/3/activities/21/edit-activity',
    );
    expect(within(group).getByRole('link', { name: 'Verwijder activiteit' })).toHaveAttribute(
      'href',
      '/funds/3/activities/21/delete-activity',
    );
    const tabs = screen.getByRole('navigation', { name: 'Onderdelen van de activiteit' });
    expect(
      within(tabs)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual([
      '/funds/3/activities/21/transactieoverzicht',
      '/funds/3/activities/21/details',
      '/funds/3/activities/21/sponsors',
      '/funds/3/activities/21/media',
      '/funds/3/activities/21/gebruikers',
    ]);
  });

  it("Details: the initiative's KvK and location", async () => {
    api();
    renderApp('/funds/3/activities/21/details');
    const panel = await screen.findByRole('region', { name: 'Details' });
    expect(
      within(panel)
        .getAllByRole('definition')
        .map((cell) => cell.textContent),
    ).toEqual([
      'Plantdag',
      'Samen planten we de eerste groenten.',
      'Samen tuinieren',
      'Kinderen',
      '12345678',
      'Amsterdam-Oost',
    ]);
  });

  it("Sponsoren: the initiative's grant", async () => {
    api();
    renderApp('/funds/3/activities/21/sponsors');
    const panel = await screen.findByRole('region', { name: 'Sponsoren' });
    expect(await within(panel).findByText('AMS-2026-0142')).toBeInTheDocument();
  });

  it("Gebruikers: 'Geen activiteitnemers gevonden' and 'Activiteitnemer toevoegen'", async () => {
    api({ actions: ['read', 'set_owners'] });
    renderApp('/funds/3/activities/21/gebruikers');
    const panel = await screen.findByRole('region', { name: 'Gebruikers' });
    expect(within(panel).getByText('Geen activiteitnemers gevonden')).toBeInTheDocument();
    expect(
      await within(panel).findByRole('link', { name: 'Activiteitnemer toevoegen' }),
    ).toHaveAttribute('href', '/funds/3/activities/21/gebruikers/link-owners');
  });

  it('hides the add-owner button from visitors', async () => {
    localStorage.clear();
    const fake = api({ actions: ['read', 'set_owners'] });
    renderApp('/funds/3/activities/21/gebruikers');
    const panel = await screen.findByRole('region', { name: 'Gebruikers' });
    await waitFor(() => expect(fake.fetchMock).toHaveBeenCalledTimes(3));
    expect(within(panel).queryByRole('link', { name: 'Activiteitnemer toevoegen' })).toBeNull();
  });
});

describe('create activity (add-activity)', () => {
  async function openCreate(post: FakeHandler, routes: Record<string, FakeHandler> = {}) {
    const fake = api({
      actions: ['read', 'create_activity'],
      routes: { 'POST /api/initiative/:id/activity': post, ...routes },
    });
    const app = renderApp({ pathname: '/funds/3/add-activity', state: { tab: 'activiteiten' } });
    const dialog = await screen.findByRole('dialog', { name: 'Activiteit toevoegen' });
    return { ...fake, ...app, dialog };
  }
  const field = (dialog: HTMLElement, label: string) => within(dialog).getByLabelText(label);

  async function fill(user: ReturnType<typeof renderApp>['user'], dialog: HTMLElement) {
    await user.type(field(dialog, 'Naam'), 'Zaaidag');
    await user.type(field(dialog, 'Beschrijving'), 'Zaaien met de buurt.');
    await user.type(field(dialog, 'Doel'), 'Groen');
    await user.type(field(dialog, 'Doelgroep'), 'Iedereen');
    await user.type(field(dialog, 'Begroting'), '250');
  }

  it('requires all five fields; the budget a number above 0 and at most 999999', async () => {
    const { dialog, user, requests } = await openCreate(() => jsonResponse(500));
    await user.click(within(dialog).getByRole('button', { name: 'Opslaan' }));
    expect(await within(dialog).findByText('Vul een naam in')).toBeInTheDocument();
    expect(within(dialog).getByText('Vul een beschrijving in')).toBeInTheDocument();
    expect(within(dialog).getByText('Vul een doel in')).toBeInTheDocument();
    expect(within(dialog).getByText('Vul een doelgroep in')).toBeInTheDocument();
    expect(within(dialog).getByText('Vul een geldig begrotingsbedrag in')).toBeInTheDocument();

    for (const budget of ['abc', '-1', '1000000', '0']) {
      await user.clear(field(dialog, 'Begroting'));
      await user.type(field(dialog, 'Begroting'), budget);
      expect(field(dialog, 'Begroting')).toHaveAccessibleDescription(
        "In euro's, bijvoorbeeld 12500,00 Vul een geldig begrotingsbedrag in",
      );
    }
    await user.clear(field(dialog, 'Begroting'));
    await user.type(field(dialog, 'Begroting'), '999999');
    expect(field(dialog, 'Begroting')).toHaveAccessibleDescription(
      "In euro's, bijvoorbeeld 12500,00",
    );
    expect(requestsTo(requests, 'POST', '/api/initiative/3/activity')).toEqual([]);
  });

  it('creates the activity: on top of the list, and opens it', async () => {
    const created = activity({ id: 30, name: 'Zaaidag', budget: 250, expenses: 0 });
    // The server lists activities newest first.
    const server = initiative();
    const { dialog, user, requests, router } = await openCreate(
      () => {
        server.activities.unshift({ ...created, income: 0 });
        return jsonResponse(200, created);
      },
      { 'GET /api/initiative/:id': () => jsonResponse(200, server) },
    );
    await fill(user, dialog);
    await user.click(within(dialog).getByLabelText('Verborgen'));
    await user.click(within(dialog).getByRole('button', { name: 'Opslaan' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/funds/3/activities/30'));
    const [post] = requestsTo(requests, 'POST', '/api/initiative/3/activity');
    expect(jsonBody(post)).toEqual({
      name: 'Zaaidag',
      description: 'Zaaien met de buurt.',
      purpose: 'Groen',
      target_audience: 'Iedereen',
      budget: 250,
      hidden: true,
    });
    const side = await screen.findByRole('complementary', { name: 'Activiteiten' });
    const names = within(side)
      .getAllByRole('article')
      .map((card) => within(card).getByRole('link').textContent);
    expect(names[0]).toBe('Zaaidag');
  });

  it.each([
    [404, 'NOT_FOUND', [], 'Initiatief niet gevonden', 'Initiative not found'],
    [409, 'NAME_TAKEN', [], 'Naam is al in gebruik', 'Name already in use'],
    [
      422,
      'VALIDATION_ERROR',
      [{ field: 'name', code: 'too_big', message: 'Too big' }],
      'Naam mag maximaal 64 tekens bevatten',
      'Name may contain at most 64 characters',
    ],
  ])('%s: shows its message, also in English', async (status, code, errors, nl, en) => {
    const { dialog, user } = await openCreate(() =>
      jsonResponse(status, { detail: 'x', code, errors }),
    );
    await fill(user, dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Opslaan' }));
    expect(await within(dialog).findByText(nl)).toBeInTheDocument();
    await i18next.changeLanguage('en');
    expect(await within(dialog).findByText(en)).toBeInTheDocument();
  });
});

describe('manage activity (edit-activity)', () => {
  it('shows an activity owner only the story fields (no name) and sends what changed', async () => {
    const { requests } = api({
      actions: ['read', 'edit'],
      fields: ['description', 'purpose', 'target_audience'],
      routes: {
        'PATCH /api/initiative/:id/activity/:activityId': (request) =>
          jsonResponse(200, { ...activity(), ...(jsonBody(request) as object) }),
      },
    });
    const { user, router } = renderApp('/funds/3/activities/21/edit-activity');
    const dialog = await screen.findByRole('dialog', { name: 'Beheer activiteit' });
    const form = await within(dialog).findByRole('form', { name: 'Beheer activiteit' });
    expect(within(form).queryByLabelText('Naam')).toBeNull();
    expect(within(form).queryByLabelText('Begroting')).toBeNull();
    await user.clear(within(form).getByLabelText('Doel'));
    await user.type(within(form).getByLabelText('Doel'), 'Meer groen');
    await user.click(within(form).getByRole('button', { name: 'Opslaan' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/funds/3/activities/21'));
    const [patch] = requestsTo(requests, 'PATCH', '/api/initiative/3/activity/21');
    expect(jsonBody(patch)).toEqual({ purpose: 'Meer groen' });
  });

  it("removes the activity's picture on 'Opslaan'", async () => {
    const { requests } = api({
      activityData: activity({ profile_picture: picture('plantdag') }),
      actions: ['read', 'edit'],
      fields: ['description', 'purpose', 'target_audience'],
      routes: {
        'DELETE /api/initiative/:id/activity/:activityId/profile-picture': () =>
          new Response(null, { status: 204 }),
      },
    });
    const { user, router } = renderApp('/funds/3/activities/21/edit-activity');
    const dialog = await screen.findByRole('dialog', { name: 'Beheer activiteit' });
    const form = await within(dialog).findByRole('form', { name: 'Beheer activiteit' });
    await user.click(within(form).getByRole('button', { name: 'Verwijderen' }));
    expect(within(form).queryByRole('img', { name: 'Huidige afbeelding' })).toBeNull();
    await user.click(within(form).getByRole('button', { name: 'Opslaan' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/funds/3/activities/21'));
    const path = '/api/initiative/3/activity/21/profile-picture';
    expect(requestsTo(requests, 'DELETE', path)).toHaveLength(1);
  });
});

describe('delete activity', () => {
  function open(remove: FakeHandler) {
    const server = initiative();
    const fake = api({
      actions: ['read', 'delete'],
      routes: {
        'GET /api/initiative/:id': () => jsonResponse(200, server),
        'DELETE /api/initiative/:id/activity/:activityId': async (request, context) => {
          const response = await remove(request, context);
          if (response.ok) server.activities = server.activities.filter((a) => a.id !== 21);
          return response;
        },
      },
    });
    const app = renderApp({
      pathname: '/funds/3/activities/21/delete-activity',
      state: { tab: 'details' },
    });
    return { ...fake, ...app };
  }

  it('asks, deletes and goes to the fund page', async () => {
    const { user, router, requests } = open(() => new Response(null, { status: 204 }));
    const dialog = await screen.findByRole('dialog', { name: 'Activiteit verwijderen' });
    expect(dialog).toHaveTextContent('Weet je zeker dat je de activiteit wil verwijderen?');
    await user.click(within(dialog).getByRole('button', { name: 'Verwijderen' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/funds/3/activiteiten'));
    expect(requestsTo(requests, 'DELETE', '/api/initiative/3/activity/21')).toHaveLength(1);
    // The deleted activity left the list.
    const panel = await screen.findByRole('region', { name: 'Activiteiten' });
    expect(within(panel).queryByRole('link', { name: 'Plantdag' })).toBeNull();
  });

  it('cancel returns to the activity', async () => {
    const { user, router, requests } = open(() => new Response(null, { status: 204 }));
    const dialog = await screen.findByRole('dialog', { name: 'Activiteit verwijderen' });
    await user.click(within(dialog).getByRole('button', { name: 'Annuleren' }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/funds/3/activities/21/details'),
    );
    expect(requestsTo(requests, 'DELETE', '/api/initiative/3/activity/21')).toEqual([]);
  });

  it('says so when deleting fails', async () => {
    const { user } = open(() => jsonResponse(500, { detail: 'x', code: 'INTERNAL_ERROR' }));
    const dialog = await screen.findByRole('dialog', { name: 'Activiteit verwijderen' });
    await user.click(within(dialog).getByRole('button', { name: 'Verwijderen' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Het verwijderen van de activiteit is mislukt',
    );
  });
});

describe('activity owners (gebruikers/link-owners)', () => {
  const user11 = {
    id: 11,
    email: 'tom@example.nl',
    first_name: 'Tom',
    last_name: null,
    biography: null,
    role: 'user',
    profile_picture: null,
    initiatives: [],
    activities: [],
  };

  it('searches by e-mail from one non-blank character, lists and saves the owners', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
    const { requests } = api({
      actions: ['read', 'set_owners'],
      activityData: activity({
        activity_owners: [
          {
            id: 8,
            email: 'emma@example.nl',
            first_name: 'Emma',
            last_name: 'Bos',
            profile_picture: null,
          },
        ],
      }),
      routes: {
        'GET /api/users': () => jsonResponse(200, { users: [user11] }),
        'PATCH /api/initiative/:id/activity/:activityId/owners': () =>
          jsonResponse(200, { users: [] }),
      },
    });
    const { user, router } = renderApp('/funds/3/activities/21/gebruikers/link-owners', {
      fakeTimers: true,
    });
    const dialog = await screen.findByRole('dialog', { name: 'Activiteitnemers toevoegen' });
    const current = await within(dialog).findByRole('region', { name: 'Activiteitnemers' });
    expect(within(current).getByText('emma@example.nl')).toBeInTheDocument();
    expect(
      within(current).getByRole('button', { name: 'emma@example.nl verwijderen' }),
    ).toBeInTheDocument();

    const search = within(dialog).getByLabelText('Zoek een gebruiker op e-mailadres');
    await user.type(search, '   ');
    await act(() => vi.advanceTimersByTimeAsync(400));
    expect(requestsTo(requests, 'GET', '/api/users')).toEqual([]);

    await user.type(search, 't');
    await act(() => vi.advanceTimersByTimeAsync(USER_SEARCH_DEBOUNCE_MS));
    const results = await within(dialog).findByRole('list', { name: 'Zoekresultaten' });
    expect(requestsTo(requests, 'GET', '/api/users').map((request) => request.url)).toEqual([
      '/api/users?email=t&limit=10',
    ]);
    await user.click(within(results).getByRole('button', { name: /tom@example\.nl/ }));
    await user.click(within(current).getByRole('button', { name: 'emma@example.nl verwijderen' }));
    await user.click(within(dialog).getByRole('button', { name: 'Opslaan' }));

    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/funds/3/activities/21/gebruikers'),
    );
    const [patch] = requestsTo(requests, 'PATCH', '/api/initiative/3/activity/21/owners');
    expect(jsonBody(patch)).toEqual({ user_ids: [11] });
  });
});
