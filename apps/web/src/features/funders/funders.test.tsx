import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { actionsFor, fakeApi, jsonBody, requestsTo, type FakeHandler } from '../../test/fake-api';
import { jsonResponse, makeToken, renderApp } from '../../test/render';
import { TOKEN_STORAGE_KEY } from '../auth';

const ADMIN = { Funder: ['create'], 'Funder:*': ['read', 'edit', 'delete', 'create_regulation'] };
const USER = { Funder: [], 'Funder:*': ['read'] };

const funder = (id: number, name = `Sponsor ${id}`) => ({
  id,
  name,
  url: `https://sponsor${id}.example.nl`,
});

function api({
  funders = [funder(1, 'Gemeente Oost'), funder(2, 'Fonds Noord')],
  actions = ADMIN,
  routes = {},
}: {
  funders?: ReturnType<typeof funder>[];
  actions?: Record<string, string[]>;
  routes?: Record<string, FakeHandler>;
} = {}) {
  return fakeApi({
    'GET /api/funders': (_request, { query }) => {
      const offset = Number(query.get('offset') ?? 0);
      const limit = Number(query.get('limit') ?? 20);
      return jsonResponse(200, { funders: funders.slice(offset, offset + limit) });
    },
    'GET /api/funder/:id': (_request, { params }) => {
      const found = funders.find((f) => f.id === Number(params[0]));
      return found
        ? jsonResponse(200, { ...found, regulations: [] })
        : jsonResponse(404, { detail: 'Funder not found', code: 'NOT_FOUND' });
    },
    'GET /api/auth/entity-access/actions': actionsFor(actions),
    ...routes,
  });
}

beforeEach(() => {
  localStorage.setItem(TOKEN_STORAGE_KEY, makeToken());
});

describe('sponsors list', () => {
  it('lists the sponsors; each opens its regulations', async () => {
    api();
    renderApp('/sponsors');
    const list = await screen.findByRole('list', { name: 'Lijst met sponsors' });
    const link = within(list).getByRole('link', { name: 'Gemeente Oost' });
    expect(link).toHaveAttribute('href', '/sponsors/1/regulations');
    expect(within(list).getByRole('link', { name: 'https://sponsor1.example.nl' })).toHaveAttribute(
      'href',
      'https://sponsor1.example.nl',
    );
  });

  it("says 'Geen sponsors gevonden' when there are none", async () => {
    api({ funders: [] });
    renderApp('/sponsors');
    expect(await screen.findByText('Geen sponsors gevonden')).toBeInTheDocument();
  });

  it('shows a load error', async () => {
    fakeApi({
      'GET /api/funders': () => jsonResponse(500, { detail: 'Boom', code: 'INTERNAL_ERROR' }),
      'GET /api/auth/entity-access/actions': actionsFor(ADMIN),
    });
    renderApp('/sponsors');
    expect(await screen.findByRole('alert')).toHaveTextContent('Error: Boom');
    expect(screen.getByRole('button', { name: 'Opnieuw proberen' })).toBeInTheDocument();
  });

  it("loads 20 at a time with 'Meer laden'", async () => {
    const many = Array.from({ length: 25 }, (_, i) =>
      funder(i + 1, `Sponsor ${String(i + 1).padStart(2, '0')}`),
    );
    const { requests } = api({ funders: many });
    const { user } = renderApp('/sponsors');
    const list = await screen.findByRole('list', { name: 'Lijst met sponsors' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(20);
    await user.click(screen.getByRole('button', { name: 'Meer laden' }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(25));
    expect(screen.queryByRole('button', { name: 'Meer laden' })).not.toBeInTheDocument();
    const offsets = requestsTo(requests, 'GET', '/api/funders').map((r) =>
      new URL(r.url, 'http://localhost').searchParams.get('offset'),
    );
    expect(offsets).toEqual(['0', '20']);
  });

  it("filters the loaded sponsors with the search box ('Zoekopdracht')", async () => {
    api();
    const { user } = renderApp('/sponsors');
    await screen.findByRole('link', { name: 'Gemeente Oost' });
    await user.type(screen.getByPlaceholderText('Zoekopdracht'), 'noord');
    expect(screen.queryByRole('link', { name: 'Gemeente Oost' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Fonds Noord' })).toBeInTheDocument();
  });

  it("shows '+' and the edit/delete menu to whoever may (Funder create / edit)", async () => {
    api();
    const { user, router } = renderApp('/sponsors');
    await user.click(await screen.findByRole('button', { name: 'Acties voor Gemeente Oost' }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByRole('menuitem', { name: 'Bewerken' })).toBeInTheDocument();
    // Keyboard: arrows move, Enter chooses.
    await user.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/sponsors/1/delete-sponsor'));
    expect(await screen.findByRole('dialog', { name: 'Sponsor verwijderen' })).toBeInTheDocument();

    expect(
      screen.getByRole('button', { name: 'Sponsor toevoegen', hidden: true }),
    ).toBeInTheDocument();
  });

  it('hides the create button and the menus without those permissions', async () => {
    const { requests } = api({ actions: USER });
    const { queryClient } = renderApp('/sponsors');
    await screen.findByRole('link', { name: 'Gemeente Oost' });
    // Both permission answers (class-level and the sponsors') have arrived.
    await waitFor(() =>
      expect(requestsTo(requests, 'GET', '/api/auth/entity-access/actions')).toHaveLength(2),
    );
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));
    expect(screen.queryByRole('button', { name: 'Sponsor toevoegen' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Acties voor/ })).not.toBeInTheDocument();
  });
});

describe('create sponsor', () => {
  async function openAdd(routes: Record<string, FakeHandler> = {}) {
    const fake = api({ routes });
    const app = renderApp('/sponsors/add-sponsor');
    const dialog = await screen.findByRole('dialog', { name: 'Sponsor toevoegen' });
    return {
      ...fake,
      ...app,
      dialog,
      name: within(dialog).getByLabelText('Naam'),
      url: within(dialog).getByLabelText('URL', { exact: false }),
      save: within(dialog).getByRole('button', { name: 'Opslaan' }),
    };
  }

  it('asks for a name and a URL', async () => {
    const { user, save, dialog, name, requests } = await openAdd();
    await user.click(save);
    expect(await within(dialog).findByText('Vul een naam in.')).toHaveAttribute('role', 'alert');
    expect(within(dialog).getByText('Vul een URL in.')).toBeInTheDocument();
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveFocus();
    expect(requestsTo(requests, 'POST', '/api/funder')).toHaveLength(0);
  });

  it('checks the URL and the name length', async () => {
    const { user, save, dialog, name, url } = await openAdd();
    await user.type(name, 'x'.repeat(129));
    await user.type(url, 'sponsor.nl');
    await user.click(save);
    expect(
      await within(dialog).findByText('Naam mag niet meer dan 128 karakters bevatten.'),
    ).toBeInTheDocument();
    expect(within(dialog).getByText('Vul een geldige URL in.')).toBeInTheDocument();
  });

  it('creates the sponsor and closes', async () => {
    const { user, name, url, requests, router } = await openAdd({
      'POST /api/funder': () => jsonResponse(200, funder(3, 'Nieuw Fonds')),
    });
    await user.type(name, '  Nieuw Fonds ');
    await user.type(url, 'https://nieuw.example.nl{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/sponsors'));
    expect(jsonBody(requestsTo(requests, 'POST', '/api/funder')[0])).toEqual({
      name: 'Nieuw Fonds',
      url: 'https://nieuw.example.nl',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('shows the create-failure message of the spec on a taken name', async () => {
    const { user, name, url, dialog, save } = await openAdd({
      'POST /api/funder': () => jsonResponse(409, { detail: 'taken', code: 'NAME_TAKEN' }),
    });
    await user.type(name, 'Gemeente Oost');
    await user.type(url, 'https://oost.example.nl');
    await user.click(save);
    expect(
      await within(dialog).findByText(
        'Het maken van de sponsor is mislukt. Controlleer of de naam al in gebruik is.',
      ),
    ).toBeInTheDocument();
    expect(name).toHaveAttribute('aria-invalid', 'true');
  });

  it('shows the same message above the form on other failures', async () => {
    const { user, name, url, dialog, save } = await openAdd({
      'POST /api/funder': () => jsonResponse(500, { detail: 'Boom', code: 'INTERNAL_ERROR' }),
    });
    await user.type(name, 'Fonds Zuid');
    await user.type(url, 'https://zuid.example.nl');
    await user.click(save);
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Het maken van de sponsor is mislukt. Controlleer of de naam al in gebruik is.',
    );
  });
});

describe('edit and delete sponsor', () => {
  it('edits with the current values and maps a taken name', async () => {
    const { requests } = api({
      routes: {
        'PATCH /api/funder/:id': () => jsonResponse(409, { detail: 'taken', code: 'NAME_TAKEN' }),
      },
    });
    const { user } = renderApp('/sponsors/1/edit-sponsor');
    const dialog = await screen.findByRole('dialog', { name: 'Sponsor bewerken' });
    const name = await within(dialog).findByLabelText('Naam');
    expect(name).toHaveValue('Gemeente Oost');
    await user.clear(name);
    await user.type(name, 'Fonds Noord');
    await user.click(within(dialog).getByRole('button', { name: 'Bijwerken' }));
    expect(await within(dialog).findByText('Naam is al in gebruik.')).toBeInTheDocument();
    expect(jsonBody(requestsTo(requests, 'PATCH', '/api/funder/1')[0])).toEqual({
      name: 'Fonds Noord',
      url: 'https://sponsor1.example.nl',
    });
  });

  it('deletes after confirmation and returns to the list', async () => {
    const { requests } = api({
      routes: { 'DELETE /api/funder/:id': () => new Response(null, { status: 204 }) },
    });
    const { user, router } = renderApp('/sponsors/2/delete-sponsor');
    const dialog = await screen.findByRole('dialog', { name: 'Sponsor verwijderen' });
    expect(
      await within(dialog).findByText(
        'Weet je zeker dat je de sponsor "Fonds Noord" wil verwijderen?',
      ),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Verwijderen' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/sponsors'));
    expect(requestsTo(requests, 'DELETE', '/api/funder/2')).toHaveLength(1);
  });

  it('says so when deleting fails', async () => {
    api({
      routes: {
        'DELETE /api/funder/:id': () => jsonResponse(403, { detail: 'No', code: 'FORBIDDEN' }),
      },
    });
    const { user } = renderApp('/sponsors/2/delete-sponsor');
    const dialog = await screen.findByRole('dialog', { name: 'Sponsor verwijderen' });
    await within(dialog).findByText(/Fonds Noord/);
    await user.click(within(dialog).getByRole('button', { name: 'Verwijderen' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Het verwijderen van de sponsor is mislukt.',
    );
  });
});
