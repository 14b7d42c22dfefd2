import { act, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { USER_SEARCH_DEBOUNCE_MS } from '../../components/ui/UserPicker';
import { actionsFor, fakeApi, jsonBody, requestsTo, type FakeHandler } from '../../test/fake-api';
import { jsonResponse, makeToken, renderApp } from '../../test/render';
import { TOKEN_STORAGE_KEY } from '../auth';

const ADMIN = {
  'Funder:*': ['read', 'edit', 'delete', 'create_regulation'],
  'Regulation:*': ['read', 'edit', 'delete', 'set_officers', 'create_grant'],
};
const GRANT_OFFICER = { 'Funder:*': ['read'], 'Regulation:*': ['read', 'create_grant'] };
const READER = { 'Funder:*': ['read'], 'Regulation:*': ['read'] };

const regulation = {
  id: 9,
  name: 'Buurtbudget',
  description: 'Geld voor de buurt.\nTweede regel.',
  review_enabled: false,
  funder: { id: 1, name: 'Gemeente Oost' },
  grants: [
    {
      id: 5,
      name: 'Wijk Noord',
      reference: 'BB-001',
      budget: 1234.5,
      income: 0,
      expenses: 0,
      initiative_count: 2,
      first_initiative_id: 40,
    },
  ],
  grant_officers: [
    { id: 3, email: 'sanne@example.nl', first_name: 'Sanne', last_name: 'de Vries' },
  ],
  policy_officers: [],
};

function api({
  actions = ADMIN,
  regulations = [{ id: 9, name: 'Buurtbudget', description: 'Geld voor de buurt.' }],
  routes = {},
}: {
  actions?: Record<string, string[]>;
  regulations?: { id: number; name: string; description: string }[];
  routes?: Record<string, FakeHandler>;
} = {}) {
  return fakeApi({
    'GET /api/funder/:id': () =>
      jsonResponse(200, {
        id: 1,
        name: 'Gemeente Oost',
        url: 'https://oost.example.nl',
        regulations: regulations.map(({ id, name }) => ({ id, name })),
      }),
    'GET /api/funder/:id/regulations': () => jsonResponse(200, { regulations }),
    'GET /api/funder/:id/regulation/:regId': (_request, { params }) =>
      params[1] === '9'
        ? jsonResponse(200, regulation)
        : jsonResponse(404, { detail: 'Regulation not found', code: 'NOT_FOUND' }),
    'GET /api/auth/entity-access/actions': actionsFor(actions),
    'GET /api/users': (_request, { query }) =>
      jsonResponse(200, {
        users: [
          { id: 3, email: 'sanne@example.nl', first_name: 'Sanne', last_name: 'de Vries' },
          { id: 4, email: 'julia@example.nl', first_name: 'Julia', last_name: null },
        ]
          .filter((u) => u.email.includes(query.get('email') ?? ''))
          .map((u) => ({
            ...u,
            biography: null,
            role: 'user',
            profile_picture: null,
            initiatives: [],
            activities: [],
          })),
      }),
    ...routes,
  });
}

beforeEach(() => {
  localStorage.setItem(TOKEN_STORAGE_KEY, makeToken());
});

async function settle(app: { queryClient: { isFetching: () => number } }) {
  await waitFor(() => expect(app.queryClient.isFetching()).toBe(0));
}

/** The user search waits for typing to stop: fake its clock instead of waiting for real. */
function fakeSearchClock() {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
  return { fakeTimers: true };
}

const searchDebounce = () => act(() => vi.advanceTimersByTimeAsync(USER_SEARCH_DEBOUNCE_MS));

describe('regulations page', () => {
  it('shows breadcrumbs, the side list and the detail of the chosen regulation', async () => {
    api();
    renderApp('/sponsors/1/regulations/9');
    const detail = await screen.findByRole('region', { name: 'Buurtbudget' });
    expect(within(detail).getByText(/Geld voor de buurt\./)).toBeInTheDocument();

    const crumbs = screen.getByRole('navigation', { name: 'Kruimelpad' });
    expect(within(crumbs).getByRole('link', { name: 'Sponsoren' })).toHaveAttribute(
      'href',
      '/sponsors',
    );
    expect(within(crumbs).getByRole('link', { name: 'Regelingen' })).toHaveAttribute(
      'href',
      '/sponsors/1/regulations',
    );
    expect(within(crumbs).getByText('Buurtbudget')).toHaveAttribute('aria-current', 'page');

    expect(screen.getByRole('heading', { level: 1, name: 'Gemeente Oost' })).toBeInTheDocument();
    const side = screen.getByRole('navigation', { name: 'Regelingen van Gemeente Oost' });
    expect(within(side).getByRole('link', { name: 'Buurtbudget' })).toHaveAttribute(
      'aria-current',
      'page',
    );

    const grantOfficers = within(detail).getByRole('region', { name: 'Subsidiemedewerkers' });
    expect(within(grantOfficers).getByText('Sanne de Vries')).toBeInTheDocument();
    expect(within(grantOfficers).getByText('sanne@example.nl')).toBeInTheDocument();
    expect(within(detail).getByRole('region', { name: 'Beleidsmedewerkers' })).toBeInTheDocument();
  });

  it("says 'Geen regelingen gevonden' for a sponsor without regulations", async () => {
    api({ regulations: [] });
    renderApp('/sponsors/1/regulations');
    expect(await screen.findByText('Geen regelingen gevonden')).toBeInTheDocument();
    expect(screen.queryByText('Kies een regeling uit de lijst.')).not.toBeInTheDocument();
  });

  it('asks to choose a regulation when none is chosen', async () => {
    api();
    renderApp('/sponsors/1');
    expect(await screen.findByText('Kies een regeling uit de lijst.')).toBeInTheDocument();
    const crumbs = screen.getByRole('navigation', { name: 'Kruimelpad' });
    expect(within(crumbs).getByText('Regelingen')).toHaveAttribute('aria-current', 'page');
  });

  it("links to the sponsor's open data (360Giving) as JSON and CSV", async () => {
    api();
    renderApp('/sponsors/1');
    const json = await screen.findByRole('link', { name: /als JSON \(360Giving\)$/ });
    expect(json).toHaveAttribute('href', '/api/funder/1/360giving.json');
    expect(screen.getByRole('link', { name: /als CSV \(360Giving\)$/ })).toHaveAttribute(
      'href',
      '/api/funder/1/360giving.csv',
    );
  });

  it('says so when the regulation does not exist', async () => {
    api();
    renderApp('/sponsors/1/regulations/77');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Deze regeling bestaat niet (meer).',
    );
  });

  it('shows every button to an administrator', async () => {
    api();
    const app = renderApp('/sponsors/1/regulations/9');
    const detail = await screen.findByRole('region', { name: 'Buurtbudget' });
    await settle(app);
    expect(within(detail).getByRole('link', { name: 'Bewerken' })).toHaveAttribute(
      'href',
      '/sponsors/1/regulations/9/edit-regulation',
    );
    expect(within(detail).getByRole('link', { name: 'Verwijderen' })).toBeInTheDocument();
    expect(within(detail).getByRole('link', { name: 'Beschikking toevoegen' })).toBeInTheDocument();
    // With the list's heading, as 'Beschikking toevoegen' with its own: not alone in the top bar.
    const list = screen.getByRole('navigation', { name: 'Regelingen van Gemeente Oost' });
    const heading = within(list).getByRole('heading', { name: 'Regelingen' });
    const add = within(list).getByRole('button', { name: 'Regeling toevoegen' });
    expect(add.parentElement).toBe(heading.parentElement);

    // 'Medewerkers' is a menu with both officer modals.
    await app.user.click(within(detail).getByRole('button', { name: /Medewerkers/ }));
    await app.user.click(await screen.findByRole('menuitem', { name: 'Beleidsmedewerkers' }));
    await waitFor(() =>
      expect(app.router.state.location.pathname).toBe('/sponsors/1/regulations/9/add-officer'),
    );

    await app.user.click(add);
    await waitFor(() =>
      expect(app.router.state.location.pathname).toBe('/sponsors/1/regulations/add-regulation'),
    );
  });

  it('lets a grant officer add grants, but not edit the regulation or its officers', async () => {
    api({ actions: GRANT_OFFICER });
    const app = renderApp('/sponsors/1/regulations/9');
    const detail = await screen.findByRole('region', { name: 'Buurtbudget' });
    await settle(app);
    expect(within(detail).getByRole('link', { name: 'Beschikking toevoegen' })).toBeInTheDocument();
    expect(within(detail).queryByRole('link', { name: 'Bewerken' })).not.toBeInTheDocument();
    expect(within(detail).queryByRole('link', { name: 'Verwijderen' })).not.toBeInTheDocument();
    expect(within(detail).queryByRole('button', { name: /Medewerkers/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Regeling toevoegen' })).not.toBeInTheDocument();
  });

  it('shows no buttons to a reader', async () => {
    api({ actions: READER });
    const app = renderApp('/sponsors/1/regulations/9');
    const detail = await screen.findByRole('region', { name: 'Buurtbudget' });
    await settle(app);
    expect(
      within(detail).queryByRole('link', { name: /Bewerken|Verwijderen|toevoegen/ }),
    ).toBeNull();
    // Only the charts panel's toggle, open to every reader.
    expect(
      within(detail)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Grafieken van deze regeling']);
  });
});

describe('edit regulation', () => {
  async function openEdit(patch?: FakeHandler) {
    const fake = api({ routes: patch ? { 'PATCH /api/funder/:id/regulation/:regId': patch } : {} });
    const app = renderApp('/sponsors/1/regulations/9/edit-regulation');
    const dialog = await screen.findByRole('dialog', { name: 'Regeling Bewerken' });
    const name = await within(dialog).findByLabelText('Naam');
    return {
      ...fake,
      ...app,
      dialog,
      name,
      description: within(dialog).getByLabelText('Beschrijving'),
      submit: within(dialog).getByRole('button', { name: 'Bijwerken' }),
    };
  }

  it('starts with the current values, the counter and Annuleren/Bijwerken', async () => {
    const { dialog, name, description } = await openEdit();
    expect(name).toHaveValue('Buurtbudget');
    expect(description).toHaveValue('Geld voor de buurt.\nTweede regel.');
    expect(within(dialog).getByText('33 / 512')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Annuleren' })).toBeInTheDocument();
  });

  it('requires a name and a description', async () => {
    const { user, dialog, name, description, submit } = await openEdit();
    await user.clear(name);
    await user.clear(description);
    await user.click(submit);
    expect(await within(dialog).findByText('Vul een naam in.')).toBeInTheDocument();
    expect(within(dialog).getByText('Vul een beschrijving in.')).toBeInTheDocument();
    expect(within(dialog).getByText('0 / 512')).toBeInTheDocument();
  });

  it('limits the name to 128 and the description to 512 characters', async () => {
    const { user, dialog, name, description, submit, requests } = await openEdit();
    await user.clear(name);
    await user.type(name, 'n'.repeat(129));
    await user.clear(description);
    await user.click(description);
    await user.paste('d'.repeat(513));
    expect(within(dialog).getByText('513 / 512')).toBeInTheDocument();
    await user.click(submit);
    expect(
      await within(dialog).findByText('Naam mag niet meer dan 128 karakters bevatten.'),
    ).toBeInTheDocument();
    expect(
      within(dialog).getByText('Beschrijving mag maximaal 512 tekens bevatten.'),
    ).toBeInTheDocument();
    expect(requestsTo(requests, 'PATCH', '/api/funder/1/regulation/9')).toHaveLength(0);
  });

  it("submits with Enter in the name and shows 'Naam is al in gebruik' (no full stop) on 409", async () => {
    const { user, dialog, name, requests } = await openEdit(() =>
      jsonResponse(409, { detail: 'taken', code: 'NAME_TAKEN' }),
    );
    await user.clear(name);
    await user.type(name, 'Groenfonds{Enter}');
    const message = await within(dialog).findByText('Naam is al in gebruik');
    expect(message.textContent).toBe('Naam is al in gebruik');
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(jsonBody(requestsTo(requests, 'PATCH', '/api/funder/1/regulation/9')[0])).toEqual({
      name: 'Groenfonds',
      description: 'Geld voor de buurt.\nTweede regel.',
      review_enabled: false,
    });
  });

  it('saves and closes to the regulation', async () => {
    const { user, name, router } = await openEdit(() =>
      jsonResponse(200, { ...regulation, name: 'Groenfonds' }),
    );
    await user.clear(name);
    await user.type(name, 'Groenfonds{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/sponsors/1/regulations/9'));
    expect(await screen.findByRole('region', { name: 'Groenfonds' })).toBeInTheDocument();
  });
});

describe('create regulation', () => {
  async function openCreate(post: FakeHandler) {
    const fake = api({ routes: { 'POST /api/funder/:id/regulation': post } });
    const app = renderApp('/sponsors/1/regulations/add-regulation');
    const dialog = await screen.findByRole('dialog', { name: 'Regeling aanmaken' });
    const name = within(dialog).getByLabelText('Naam');
    const description = within(dialog).getByLabelText('Beschrijving');
    await app.user.type(name, 'Groenfonds');
    await app.user.type(description, 'Voor groen.');
    await app.user.click(within(dialog).getByRole('button', { name: 'Opslaan' }));
    return { ...fake, ...app, dialog, name, description };
  }

  it("marks the name with 'Naam is al in gebruik.' on 409", async () => {
    const { dialog, name, description } = await openCreate(() =>
      jsonResponse(409, { detail: 'taken', code: 'NAME_TAKEN' }),
    );
    expect(await within(dialog).findByText('Naam is al in gebruik.')).toBeInTheDocument();
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(description).not.toHaveAttribute('aria-invalid');
  });

  it('marks the description on other errors', async () => {
    const { dialog, description } = await openCreate(() =>
      jsonResponse(500, { detail: 'Boom', code: 'INTERNAL_ERROR' }),
    );
    expect(
      await within(dialog).findByText('Het maken van de regeling is mislukt.'),
    ).toBeInTheDocument();
    expect(description).toHaveAttribute('aria-invalid', 'true');
  });

  it('opens the new regulation after saving', async () => {
    const { router, requests } = await openCreate(() =>
      jsonResponse(200, { ...regulation, id: 12, name: 'Groenfonds' }),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/sponsors/1/regulations/12'));
    expect(jsonBody(requestsTo(requests, 'POST', '/api/funder/1/regulation')[0])).toEqual({
      name: 'Groenfonds',
      description: 'Voor groen.',
      review_enabled: false,
    });
  });
});

describe('delete regulation', () => {
  it('deletes and returns to /sponsors/:sponsorId', async () => {
    const { requests } = api({
      routes: {
        'DELETE /api/funder/:id/regulation/:regId': () => new Response(null, { status: 204 }),
      },
    });
    const { user, router } = renderApp('/sponsors/1/regulations/9/delete-regulation');
    const dialog = await screen.findByRole('dialog', { name: 'Regeling verwijderen' });
    await within(dialog).findByText(/"Buurtbudget"/);
    await user.click(within(dialog).getByRole('button', { name: 'Verwijderen' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/sponsors/1'));
    expect(requestsTo(requests, 'DELETE', '/api/funder/1/regulation/9')).toHaveLength(1);
  });

  it("shows 'Failed to delete regulation' (translated) when it fails", async () => {
    api({
      routes: {
        'DELETE /api/funder/:id/regulation/:regId': () =>
          jsonResponse(500, { detail: 'Boom', code: 'INTERNAL_ERROR' }),
      },
    });
    const { user } = renderApp('/sponsors/1/regulations/9/delete-regulation');
    const dialog = await screen.findByRole('dialog', { name: 'Regeling verwijderen' });
    await within(dialog).findByText(/"Buurtbudget"/);
    await user.click(within(dialog).getByRole('button', { name: 'Verwijderen' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Het verwijderen van de regeling is mislukt.',
    );
  });
});

describe('officers', () => {
  it('add-employee edits the grant officers: search, add, remove, at least one', async () => {
    const { requests } = api({
      routes: {
        'PATCH /api/funder/:id/regulation/:regId/officers': () => jsonResponse(200, { users: [] }),
      },
    });
    const { user, router } = renderApp('/sponsors/1/regulations/9/add-employee', fakeSearchClock());
    const dialog = await screen.findByRole('dialog', { name: 'Subsidiemedewerkers' });
    const current = within(dialog).getByRole('region', { name: 'Subsidiemedewerkers' });
    expect(within(current).getByText('sanne@example.nl')).toBeInTheDocument();

    // Removing the only one and saving asks for at least one.
    await user.click(within(current).getByRole('button', { name: 'sanne@example.nl verwijderen' }));
    await user.click(within(dialog).getByRole('button', { name: 'Opslaan' }));
    expect(await within(dialog).findByText('Kies minstens één medewerker.')).toBeInTheDocument();
    expect(requestsTo(requests, 'PATCH', '/api/funder/1/regulation/9/officers')).toHaveLength(0);

    // Search by e-mail (debounced) and add with the keyboard.
    const search = within(dialog).getByLabelText('Zoek een gebruiker op e-mailadres');
    await user.type(search, 'julia');
    await searchDebounce();
    const results = await within(dialog).findByRole('list', { name: 'Zoekresultaten' });
    await user.keyboard('{ArrowDown}');
    expect(within(results).getByRole('button', { name: /julia@example\.nl/ })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(within(current).getByText('julia@example.nl')).toBeInTheDocument();
    expect(search).toHaveFocus();

    await user.click(within(dialog).getByRole('button', { name: 'Opslaan' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/sponsors/1/regulations/9'));
    expect(
      jsonBody(requestsTo(requests, 'PATCH', '/api/funder/1/regulation/9/officers')[0]),
    ).toEqual({ user_ids: [4], role: 'grant officer' });
    const searches = requestsTo(requests, 'GET', '/api/users');
    expect(new URL(searches.at(-1)!.url, 'http://localhost').searchParams.get('email')).toBe(
      'julia',
    );
  });

  it('add-officer edits the policy officers', async () => {
    const { requests } = api({
      routes: {
        'PATCH /api/funder/:id/regulation/:regId/officers': () =>
          jsonResponse(200, {
            users: [
              { id: 3, email: 'sanne@example.nl', first_name: 'Sanne', last_name: 'de Vries' },
            ],
          }),
      },
    });
    const { user } = renderApp('/sponsors/1/regulations/9/add-officer', fakeSearchClock());
    const dialog = await screen.findByRole('dialog', { name: 'Beleidsmedewerkers' });
    expect(within(dialog).getByText('Nog geen beleidsmedewerkers')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Zoek een gebruiker op e-mailadres'), 'sanne');
    await searchDebounce();
    await user.click(await within(dialog).findByRole('button', { name: /sanne@example\.nl/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Opslaan' }));
    await waitFor(() =>
      expect(requestsTo(requests, 'PATCH', '/api/funder/1/regulation/9/officers')).toHaveLength(1),
    );
    expect(
      jsonBody(requestsTo(requests, 'PATCH', '/api/funder/1/regulation/9/officers')[0]),
    ).toEqual({ user_ids: [3], role: 'policy officer' });
  });

  it('shows a failure to save', async () => {
    api({
      routes: {
        'PATCH /api/funder/:id/regulation/:regId/officers': () =>
          jsonResponse(404, { detail: 'User not found', code: 'NOT_FOUND' }),
      },
    });
    const { user } = renderApp('/sponsors/1/regulations/9/add-employee');
    const dialog = await screen.findByRole('dialog', { name: 'Subsidiemedewerkers' });
    await user.click(within(dialog).getByRole('button', { name: 'Opslaan' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Het opslaan van de medewerkers is mislukt.',
    );
  });
});
