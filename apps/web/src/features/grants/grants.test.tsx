import { formatEuro } from '@helder/shared/money';
import { act, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { USER_SEARCH_DEBOUNCE_MS } from '../../components/ui/UserPicker';
import { actionsFor, fakeApi, jsonBody, requestsTo, type FakeHandler } from '../../test/fake-api';
import { jsonResponse, makeToken, renderApp } from '../../test/render';
import { TOKEN_STORAGE_KEY } from '../auth';

const MANAGER = { 'Funder:*': ['read'], 'Regulation:*': ['read', 'create_grant'] };
const READER = { 'Funder:*': ['read'], 'Regulation:*': ['read'] };

const summary = (id: number, extra: Partial<Record<string, unknown>> = {}) => ({
  id,
  name: `Wijk ${id}`,
  reference: `BB-00${id}`,
  budget: 1234.5,
  income: 0,
  expenses: 0,
  initiative_count: 0,
  first_initiative_id: null,
  ...extra,
});

const regulation = {
  id: 9,
  name: 'Buurtbudget',
  description: 'Geld voor de buurt.',
  review_enabled: false,
  funder: { id: 1, name: 'Gemeente Oost' },
  grants: [
    summary(5, { initiative_count: 2, first_initiative_id: 40, expenses: -617.25 }),
    summary(6, { budget: 500, income: 500, expenses: -812.5 }),
  ],
  grant_officers: [],
  policy_officers: [],
};

const grant = {
  id: 5,
  name: 'Wijk 5',
  reference: 'BB-005',
  budget: 1234.5,
  income: 0,
  expenses: 0,
  regulation: { id: 9, name: 'Buurtbudget' },
  funder: { id: 1, name: 'Gemeente Oost' },
  overseers: [{ id: 8, email: 'pen@example.nl', first_name: 'Pim', last_name: 'Pen' }],
  initiatives: [],
};

function api({
  actions = MANAGER,
  routes = {},
}: { actions?: Record<string, string[]>; routes?: Record<string, FakeHandler> } = {}) {
  return fakeApi({
    'GET /api/funder/:id': () =>
      jsonResponse(200, {
        id: 1,
        name: 'Gemeente Oost',
        url: 'https://oost.example.nl',
        regulations: [{ id: 9, name: 'Buurtbudget' }],
      }),
    'GET /api/funder/:id/regulations': () =>
      jsonResponse(200, { regulations: [{ id: 9, name: 'Buurtbudget', description: '' }] }),
    'GET /api/funder/:id/regulation/:regId': () => jsonResponse(200, regulation),
    'GET /api/funder/:id/regulation/:regId/grant/:grantId': () => jsonResponse(200, grant),
    'GET /api/auth/entity-access/actions': actionsFor(actions),
    'GET /api/users': () =>
      jsonResponse(200, {
        users: [
          {
            id: 11,
            email: 'tom@example.nl',
            first_name: 'Tom',
            last_name: null,
            biography: null,
            role: 'user',
            profile_picture: null,
            initiatives: [],
            activities: [],
          },
        ],
      }),
    ...routes,
  });
}

beforeEach(() => {
  localStorage.setItem(TOKEN_STORAGE_KEY, makeToken());
});

describe('grant list', () => {
  it('shows reference | name | € budget and links a grant with initiatives to the first one', async () => {
    api();
    const app = renderApp('/sponsors/1/regulations/9');
    const section = await screen.findByRole('region', { name: 'Beschikkingen' });
    const link = within(section).getByRole('link', { name: /^BB-005 Wijk 5/ });
    expect(link).toHaveAccessibleName(`BB-005 Wijk 5 ${formatEuro(1234.5)}`);
    expect(link).toHaveTextContent('BB-005| Wijk 5| € 1.234,50');
    expect(link).toHaveAttribute('href', '/funds/40/activities');
    // A grant without initiatives is no link.
    expect(within(section).queryByRole('link', { name: /^BB-006/ })).toBeNull();
    expect(within(section).getByText('€ 500,00')).toBeInTheDocument();

    await waitFor(() => expect(app.queryClient.isFetching()).toBe(0));
    expect(
      within(section).getByRole('link', { name: 'Bewerken van beschikking BB-005' }),
    ).toHaveAttribute('href', '/sponsors/1/regulations/9/edit-grant/5');
    expect(
      within(section).getByRole('link', { name: 'Verwijderen van beschikking BB-005' }),
    ).toHaveAttribute('href', '/sponsors/1/regulations/9/delete-grant/5');
    expect(
      within(section).getByRole('link', { name: 'Penvoerders van beschikking BB-005' }),
    ).toHaveAttribute('href', '/sponsors/1/regulations/9/overseers/5');
    expect(
      within(section).getByRole('link', {
        name: 'Initiatief (2): nieuw initiatief onder beschikking BB-005',
      }),
    ).toHaveAttribute('href', '/sponsors/1/regulations/9/add-fund?grant=5');
  });

  it('hides the grant buttons without the rights (shows the count only)', async () => {
    api({ actions: READER });
    const app = renderApp('/sponsors/1/regulations/9');
    const section = await screen.findByRole('region', { name: 'Beschikkingen' });
    await waitFor(() => expect(app.queryClient.isFetching()).toBe(0));
    expect(
      within(section).queryByRole('link', { name: /Bewerken|Verwijderen|Penvoerders/ }),
    ).toBeNull();
    expect(within(section).queryByRole('link', { name: 'Beschikking toevoegen' })).toBeNull();
    expect(within(section).getByText('Initiatief (2)')).toBeInTheDocument();
  });

  it('shows what the initiatives spent of each budget, and by how much one is over it', async () => {
    api({ actions: READER });
    renderApp('/sponsors/1/regulations/9');
    const section = await screen.findByRole('region', { name: 'Beschikkingen' });
    const [first, second] = within(section).getAllByRole('listitem');
    // The matcher reads no-break spaces as spaces.
    expect(first).toHaveTextContent('Besteed € 617,25 van € 1.234,50');
    expect(first).not.toHaveTextContent('overschreden');
    expect(second).toHaveTextContent('Besteed € 812,50 van € 500,00');
    expect(second).toHaveTextContent('Budget overschreden met € 312,50');
  });

  it("says 'Geen beschikkingen gevonden' without grants", async () => {
    api({
      routes: {
        'GET /api/funder/:id/regulation/:regId': () =>
          jsonResponse(200, { ...regulation, grants: [] }),
      },
    });
    renderApp('/sponsors/1/regulations/9');
    expect(await screen.findByText('Geen beschikkingen gevonden')).toBeInTheDocument();
  });
});

describe('create grant', () => {
  async function openCreate(post?: FakeHandler) {
    const fake = api({
      routes: post ? { 'POST /api/funder/:id/regulation/:regId/grant': post } : {},
    });
    const app = renderApp('/sponsors/1/regulations/9/add-grant');
    const dialog = await screen.findByRole('dialog', { name: 'Beschikking aanmaken' });
    const fields = {
      reference: within(dialog).getByLabelText('Referentie'),
      name: within(dialog).getByLabelText('Naam'),
      budget: within(dialog).getByLabelText('Begroting', { exact: false }),
    };
    const fill = async (values: { reference?: string; name?: string; budget?: string }) => {
      for (const [field, value] of Object.entries(values)) {
        const input = fields[field as keyof typeof fields];
        await app.user.clear(input);
        if (value) await app.user.type(input, value);
      }
      await app.user.click(within(dialog).getByRole('button', { name: 'Opslaan' }));
    };
    return { ...fake, ...app, dialog, fields, fill };
  }

  it('requires a reference, a name and a budget (Annuleren/Opslaan)', async () => {
    const { dialog, fill, requests } = await openCreate();
    expect(within(dialog).getByRole('button', { name: 'Annuleren' })).toBeInTheDocument();
    await fill({});
    expect(await within(dialog).findByText('Vul een referentie in.')).toBeInTheDocument();
    expect(within(dialog).getByText('Vul een naam in.')).toBeInTheDocument();
    expect(within(dialog).getByText('Vul een begroting in.')).toBeInTheDocument();
    expect(requestsTo(requests, 'POST', '/api/funder/1/regulation/9/grant')).toHaveLength(0);
  });

  it.each([
    ['0', 'Vul een begroting in.'],
    ['0,00', 'Vul een begroting in.'],
    ['-5', 'Begroting mag niet negatief zijn.'],
    ['1000000', 'Het bedrag is te hoog, vul een lager bedrag in.'],
    ['999999,01', 'Het bedrag is te hoog, vul een lager bedrag in.'],
    ['twaalf', 'Vul een geldig bedrag in.'],
  ])('budget %s → %s', async (budget, message) => {
    const { dialog, fill, fields } = await openCreate();
    await fill({ reference: 'BB-010', name: 'Wijk 10', budget });
    expect(await within(dialog).findByText(message)).toBeInTheDocument();
    expect(fields.budget).toHaveAttribute('aria-invalid', 'true');
  });

  it('accepts a comma decimal and sends euros', async () => {
    const { fill, requests, router } = await openCreate(() =>
      jsonResponse(200, { ...grant, id: 10 }),
    );
    await fill({ reference: ' BB-010 ', name: 'Wijk 10', budget: '1.250,75' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/sponsors/1/regulations/9'));
    expect(jsonBody(requestsTo(requests, 'POST', '/api/funder/1/regulation/9/grant')[0])).toEqual({
      reference: 'BB-010',
      name: 'Wijk 10',
      budget: 1250.75,
    });
  });

  it('maps 409 NAME_TAKEN to the name', async () => {
    const { dialog, fill, fields } = await openCreate(() =>
      jsonResponse(409, { detail: 'taken', code: 'NAME_TAKEN' }),
    );
    await fill({ reference: 'BB-010', name: 'Wijk 5', budget: '100' });
    expect(
      await within(dialog).findByText('Naam is reeds in gebruik. Kies een andere naam.'),
    ).toBeInTheDocument();
    expect(fields.name).toHaveAttribute('aria-invalid', 'true');
  });

  it('maps 409 REFERENCE_TAKEN to the reference', async () => {
    const { dialog, fill, fields } = await openCreate(() =>
      jsonResponse(409, { detail: 'taken', code: 'REFERENCE_TAKEN' }),
    );
    await fill({ reference: 'BB-005', name: 'Wijk 10', budget: '100' });
    expect(
      await within(dialog).findByText(
        'Het maken van de beschikking is mislukt. Controleer of de referentie al in gebruik is.',
      ),
    ).toBeInTheDocument();
    expect(fields.reference).toHaveAttribute('aria-invalid', 'true');
  });

  it('shows other failures above the form', async () => {
    const { dialog, fill } = await openCreate(() =>
      jsonResponse(403, { detail: 'No', code: 'FORBIDDEN' }),
    );
    await fill({ reference: 'BB-010', name: 'Wijk 10', budget: '100' });
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Het maken van de beschikking is mislukt.',
    );
  });
});

describe('edit grant', () => {
  async function openEdit(patch: FakeHandler) {
    const fake = api({
      routes: { 'PATCH /api/funder/:id/regulation/:regId/grant/:grantId': patch },
    });
    const app = renderApp('/sponsors/1/regulations/9/edit-grant/5');
    const dialog = await screen.findByRole('dialog', { name: 'Beschikking bewerken' });
    const budget = await within(dialog).findByLabelText('Begroting', { exact: false });
    return { ...fake, ...app, dialog, budget };
  }

  it('starts with the current values, budget with a comma', async () => {
    const { dialog, budget } = await openEdit(() => jsonResponse(200, grant));
    expect(within(dialog).getByLabelText('Referentie')).toHaveValue('BB-005');
    expect(within(dialog).getByLabelText('Naam')).toHaveValue('Wijk 5');
    expect(budget).toHaveValue('1234,50');
  });

  it('maps 409 REFERENCE_TAKEN and NAME_TAKEN to their edit messages', async () => {
    let code = 'REFERENCE_TAKEN';
    const { dialog, user, requests } = await openEdit(() =>
      jsonResponse(409, { detail: 'taken', code }),
    );
    const save = within(dialog).getByRole('button', { name: 'Opslaan' });
    await user.click(save);
    expect(
      await within(dialog).findByText('Referentie is al in gebruik. Kies een andere referentie.'),
    ).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Referentie')).toHaveAttribute('aria-invalid', 'true');

    code = 'NAME_TAKEN';
    await user.click(save);
    expect(
      await within(dialog).findByText('Naam is al in gebruik. Gebruik een andere naam.'),
    ).toBeInTheDocument();
    expect(
      jsonBody(requestsTo(requests, 'PATCH', '/api/funder/1/regulation/9/grant/5')[0]),
    ).toEqual({
      reference: 'BB-005',
      name: 'Wijk 5',
      budget: 1234.5,
    });
  });

  it('checks the budget like the create form', async () => {
    const { dialog, user, budget } = await openEdit(() => jsonResponse(200, grant));
    await user.clear(budget);
    await user.type(budget, '-1');
    await user.click(within(dialog).getByRole('button', { name: 'Opslaan' }));
    expect(
      await within(dialog).findByText('Begroting mag niet negatief zijn.'),
    ).toBeInTheDocument();
  });
});

describe('delete grant and overseers', () => {
  it('deletes a grant and returns to the regulation', async () => {
    const { requests } = api({
      routes: {
        'DELETE /api/funder/:id/regulation/:regId/grant/:grantId': () =>
          new Response(null, { status: 204 }),
      },
    });
    const { user, router } = renderApp('/sponsors/1/regulations/9/delete-grant/5');
    const dialog = await screen.findByRole('dialog', { name: 'Beschikking verwijderen' });
    await within(dialog).findByText(/"Wijk 5" \(BB-005\)/);
    await user.click(within(dialog).getByRole('button', { name: 'Verwijderen' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/sponsors/1/regulations/9'));
    expect(requestsTo(requests, 'DELETE', '/api/funder/1/regulation/9/grant/5')).toHaveLength(1);
  });

  it("'Penvoerders' replaces the overseers", async () => {
    const { requests } = api({
      routes: {
        'PATCH /api/funder/:id/regulation/:regId/grant/:grantId/overseers': () =>
          jsonResponse(200, { users: [] }),
      },
    });
    // The user search waits for typing to stop: fake its clock instead of waiting for real.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
    const { user, router } = renderApp('/sponsors/1/regulations/9/overseers/5', {
      fakeTimers: true,
    });
    const dialog = await screen.findByRole('dialog', { name: 'Penvoerders' });
    const current = await within(dialog).findByRole('region', { name: 'Penvoerders' });
    expect(within(current).getByText('pen@example.nl')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Zoek een gebruiker op e-mailadres'), ' tom ');
    await act(() => vi.advanceTimersByTimeAsync(USER_SEARCH_DEBOUNCE_MS));
    // Enter in the search field takes the only match (and does not submit).
    await within(dialog).findByRole('list', { name: 'Zoekresultaten' });
    await user.keyboard('{Enter}');
    expect(within(current).getByText('tom@example.nl')).toBeInTheDocument();
    expect(
      requestsTo(requests, 'PATCH', '/api/funder/1/regulation/9/grant/5/overseers'),
    ).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Opslaan' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/sponsors/1/regulations/9'));
    expect(
      jsonBody(requestsTo(requests, 'PATCH', '/api/funder/1/regulation/9/grant/5/overseers')[0]),
    ).toEqual({ user_ids: [8, 11] });
    const search = requestsTo(requests, 'GET', '/api/users')[0];
    expect(new URL(search!.url, 'http://localhost').searchParams.get('email')).toBe('tom');
  });

  it('requires at least one overseer', async () => {
    api();
    const { user } = renderApp('/sponsors/1/regulations/9/overseers/5');
    const dialog = await screen.findByRole('dialog', { name: 'Penvoerders' });
    await user.click(
      await within(dialog).findByRole('button', { name: 'pen@example.nl verwijderen' }),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Opslaan' }));
    expect(await within(dialog).findByText('Kies minstens één penvoerder.')).toBeInTheDocument();
  });
});
