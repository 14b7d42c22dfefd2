import type { Initiative } from '@helder/shared/initiatives';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { i18next } from '../../lib/i18n';
import { actionsFor, fakeApi, jsonBody, requestsTo, type FakeHandler } from '../../test/fake-api';
import { jsonResponse, makeToken, renderApp } from '../../test/render';
import { TOKEN_STORAGE_KEY } from '../auth';
import { initiative, picture } from '../../test/spending-unit-fixtures';

beforeAll(async () => {
  await Promise.all([
    import('../../app/routes/initiatives'),
    import('../../app/routes/initiatives.modals'),
    import('../../app/routes/funders'),
  ]);
});

beforeEach(() => {
  localStorage.setItem(TOKEN_STORAGE_KEY, makeToken());
});

const regulation = {
  id: 9,
  name: 'Buurtbudget',
  description: 'Geld voor de buurt.',
  review_enabled: false,
  funder: { id: 1, name: 'Gemeente Oost' },
  grants: [
    {
      id: 5,
      name: 'Wijk 5',
      reference: 'BB-005',
      budget: 50000,
      income: 0,
      expenses: 0,
      initiative_count: 0,
      first_initiative_id: null,
    },
  ],
  grant_officers: [],
  policy_officers: [],
};

function sponsorsApi(post: FakeHandler) {
  return fakeApi({
    'GET /api/funder/:id': () =>
      jsonResponse(200, { id: 1, name: 'Gemeente Oost', url: '', regulations: [] }),
    'GET /api/funder/:id/regulations': () =>
      jsonResponse(200, { regulations: [{ id: 9, name: 'Buurtbudget', description: '' }] }),
    'GET /api/funder/:id/regulation/:regId': () => jsonResponse(200, regulation),
    'GET /api/auth/entity-access/actions': actionsFor({
      'Regulation:*': ['read', 'create_grant'],
      'Initiative:*': ['read', 'create_activity'],
    }),
    'POST /api/funder/:id/regulation/:regId/grant/:grantId/initiative': post,
    'GET /api/initiative/:id': () => jsonResponse(200, initiative({ id: 44, name: 'Nieuw plein' })),
    'GET /api/auth/entity-access/edit-fields': () => jsonResponse(200, { fields: [] }),
  });
}

async function openCreate(post: FakeHandler = () => jsonResponse(200, initiative({ id: 44 }))) {
  const fake = sponsorsApi(post);
  const app = renderApp('/sponsors/1/regulations/9/add-fund?grant=5');
  const dialog = await screen.findByRole('dialog', { name: 'Initiatief aanmaken' });
  return { ...fake, ...app, dialog };
}

const field = (dialog: HTMLElement, label: string) => within(dialog).getByLabelText(label);

async function fillValid(user: ReturnType<typeof renderApp>['user'], dialog: HTMLElement) {
  await user.type(field(dialog, 'Naam'), 'Nieuw plein');
  await user.type(field(dialog, 'Beschrijving'), 'Een plein voor iedereen.');
  await user.type(field(dialog, 'Doel'), 'Ontmoeting');
  await user.type(field(dialog, 'Doelgroep'), 'Buren');
  await user.type(field(dialog, 'Begroting'), '12.500,50');
}

describe('create initiative (add-fund)', () => {
  it('names the grant and starts in the first field; stichting is the default legal form', async () => {
    const { dialog } = await openCreate();
    expect(dialog).toHaveAccessibleDescription('Onder beschikking BB-005: Wijk 5');
    expect(field(dialog, 'Naam')).toHaveFocus();
    expect(field(dialog, 'Rechtsvorm')).toHaveValue('stichting');
    // KvK number is its own field.
    expect(field(dialog, 'KvK-nummer')).toBeInTheDocument();
  });

  it("requires name, description, purpose, target audience and budget ('Vul een … in')", async () => {
    const { dialog, user, requests } = await openCreate();
    await user.click(within(dialog).getByRole('button', { name: 'Opslaan' }));
    expect(await within(dialog).findByText('Vul een naam in')).toBeInTheDocument();
    expect(field(dialog, 'Naam')).toHaveAccessibleDescription('Vul een naam in');
    expect(within(dialog).getByText('Vul een beschrijving in')).toBeInTheDocument();
    expect(within(dialog).getByText('Vul een doel in')).toBeInTheDocument();
    expect(within(dialog).getByText('Vul een doelgroep in')).toBeInTheDocument();
    expect(within(dialog).getByText('Vul een begroting in.')).toBeInTheDocument();
    expect(requestsTo(requests, 'POST', '/api/funder/1/regulation/9/grant/5/initiative')).toEqual(
      [],
    );
  });

  it('checks the lengths and the budget', async () => {
    const { dialog, user } = await openCreate();
    await user.type(field(dialog, 'Naam'), 'n'.repeat(65));
    await user.click(field(dialog, 'Beschrijving'));
    await user.paste('d'.repeat(201));
    await user.type(field(dialog, 'Doel'), 'p'.repeat(65));
    await user.type(field(dialog, 'Doelgroep'), 't'.repeat(65));
    await user.type(field(dialog, 'Begroting'), 'veel');
    await user.type(field(dialog, 'E-mailadres aanvrager'), 'geen-adres');
    await user.click(within(dialog).getByRole('button', { name: 'Opslaan' }));
    expect(
      await within(dialog).findByText('Naam mag maximaal 64 tekens bevatten'),
    ).toBeInTheDocument();
    expect(
      within(dialog).getByText('Beschrijving mag maximaal 200 tekens bevatten'),
    ).toBeInTheDocument();
    expect(within(dialog).getByText('Doel mag maximaal 64 tekens bevatten')).toBeInTheDocument();
    expect(
      within(dialog).getByText('Doelgroep mag maximaal 64 tekens bevatten'),
    ).toBeInTheDocument();
    expect(within(dialog).getByText('Vul een geldig begrotingsbedrag in')).toBeInTheDocument();
    expect(within(dialog).getByText('Vul een geldig e-mailadres in')).toBeInTheDocument();
    expect(within(dialog).getByText('201 / 200')).toBeInTheDocument();

    await user.clear(field(dialog, 'Begroting'));
    await user.type(field(dialog, 'Begroting'), '1000000');
    expect(
      await within(dialog).findByText('Het bedrag is te hoog, vul een lager bedrag in.'),
    ).toBeInTheDocument();
    await user.clear(field(dialog, 'Begroting'));
    await user.type(field(dialog, 'Begroting'), '-5');
    expect(
      await within(dialog).findByText('Begroting mag niet negatief zijn.'),
    ).toBeInTheDocument();
  });

  it('sends the initiative and opens it', async () => {
    const { dialog, user, requests, router } = await openCreate();
    await fillValid(user, dialog);
    await user.type(field(dialog, 'KvK-nummer'), '87654321');
    await user.type(field(dialog, 'Adres aanvrager'), 'Plein 1, Amsterdam');
    await user.selectOptions(field(dialog, 'Rechtsvorm'), 'vereniging');
    await user.click(within(dialog).getByLabelText('Sponsoren verbergen'));
    await user.click(within(dialog).getByRole('button', { name: 'Opslaan' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/funds/44/activiteiten'));
    const [post] = requestsTo(requests, 'POST', '/api/funder/1/regulation/9/grant/5/initiative');
    expect(jsonBody(post)).toEqual({
      name: 'Nieuw plein',
      description: 'Een plein voor iedereen.',
      purpose: 'Ontmoeting',
      target_audience: 'Buren',
      owner: null,
      owner_email: null,
      legal_entity: 'vereniging',
      address_applicant: 'Plein 1, Amsterdam',
      kvk_registration: '87654321',
      location: null,
      budget: 12500.5,
      hidden_sponsors: true,
      hidden: false,
    });
  });

  it("409: 'Naam is al in gebruik' on the name", async () => {
    const { dialog, user } = await openCreate(() =>
      jsonResponse(409, { detail: 'taken', code: 'NAME_TAKEN' }),
    );
    await fillValid(user, dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Opslaan' }));
    expect(await within(dialog).findByText('Naam is al in gebruik')).toBeInTheDocument();
    expect(field(dialog, 'Naam')).toHaveAccessibleDescription('Naam is al in gebruik');
    expect(field(dialog, 'Naam')).toHaveFocus();
  });

  it('422: the max-length messages on the fields the server names', async () => {
    const { dialog, user } = await openCreate(() =>
      jsonResponse(422, {
        detail: 'Validation failed',
        code: 'VALIDATION_ERROR',
        errors: [
          { field: 'name', code: 'too_big', message: 'Too big' },
          { field: 'purpose', code: 'too_big', message: 'Too big' },
        ],
      }),
    );
    await fillValid(user, dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Opslaan' }));
    expect(
      await within(dialog).findByText('Naam mag maximaal 64 tekens bevatten'),
    ).toBeInTheDocument();
    expect(within(dialog).getByText('Doel mag maximaal 64 tekens bevatten')).toBeInTheDocument();
  });

  it('says so without a grant in the URL', async () => {
    sponsorsApi(() => jsonResponse(500));
    renderApp('/sponsors/1/regulations/9/add-fund');
    const dialog = await screen.findByRole('dialog', { name: 'Initiatief aanmaken' });
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      'Kies eerst een beschikking om een initiatief onder aan te maken.',
    );
  });
});

function manageApi({
  fields,
  data = initiative(),
  patch = (request) => jsonResponse(200, { ...data, ...(jsonBody(request) as object) }),
  upload = () => jsonResponse(200, picture('nieuw')),
  removal = () => new Response(null, { status: 204 }),
}: {
  fields: string[];
  data?: Initiative;
  patch?: FakeHandler;
  upload?: FakeHandler;
  removal?: FakeHandler;
}) {
  return fakeApi({
    'GET /api/initiative/:id': () => jsonResponse(200, data),
    'GET /api/auth/entity-access/actions': actionsFor({ 'Initiative:*': ['read', 'edit'] }),
    'GET /api/auth/entity-access/edit-fields': () => jsonResponse(200, { fields }),
    'PATCH /api/initiative/:id': patch,
    'POST /api/initiative/:id/profile-picture': upload,
    'DELETE /api/initiative/:id/profile-picture': removal,
    'GET /api/initiatives': () => jsonResponse(200, { initiatives: [] }),
  });
}

async function openManage(options: Parameters<typeof manageApi>[0]) {
  const fake = manageApi(options);
  const app = renderApp({ pathname: '/funds/3/edit-fund', state: { tab: 'details' } });
  const dialog = await screen.findByRole('dialog', { name: 'Beheer initiatief' });
  await within(dialog).findByRole('form', { name: 'Beheer initiatief' });
  return { ...fake, ...app, dialog };
}

const STORY = ['description', 'purpose', 'target_audience'];
const ALL = [
  'name',
  'description',
  'purpose',
  'target_audience',
  'owner',
  'owner_email',
  'legal_entity',
  'address_applicant',
  'kvk_registration',
  'location',
  'budget',
  'hidden',
  'hidden_sponsors',
];

describe('manage initiative (edit-fund)', () => {
  it('shows only the fields edit-fields lists (an owner: no name) and sends only changes', async () => {
    const { dialog, user, requests, router } = await openManage({ fields: STORY });
    const form = within(dialog).getByRole('form', { name: 'Beheer initiatief' });
    expect(within(form).queryByLabelText('Naam')).toBeNull();
    expect(within(form).queryByLabelText('Begroting')).toBeNull();
    expect(within(form).queryByLabelText('Verborgen')).toBeNull();
    expect(within(form).getByLabelText('Beschrijving')).toHaveValue(
      'Een moestuin voor de hele buurt.',
    );
    expect(within(form).getByLabelText('Doel')).toHaveValue('Samen tuinieren');
    expect(within(form).getByLabelText('Doelgroep')).toHaveValue('Buurtbewoners');

    await user.clear(within(form).getByLabelText('Beschrijving'));
    await user.type(within(form).getByLabelText('Beschrijving'), 'Nieuwe tekst.');
    await user.click(within(form).getByRole('button', { name: 'Opslaan' }));
    // Back to the tab it was opened from.
    await waitFor(() => expect(router.state.location.pathname).toBe('/funds/3/details'));
    const [patch] = requestsTo(requests, 'PATCH', '/api/initiative/3');
    expect(jsonBody(patch)).toEqual({ description: 'Nieuwe tekst.' });
  });

  it('shows every field to a manager', async () => {
    const { dialog } = await openManage({ fields: ALL });
    for (const label of [
      'Naam',
      'Beschrijving',
      'Doel',
      'Doelgroep',
      'Aanvrager (organisatie)',
      'E-mailadres aanvrager',
      'Rechtsvorm',
      'Adres aanvrager',
      'KvK-nummer',
      'Locatie',
      'Begroting',
      'Verborgen',
      'Sponsoren verbergen',
    ]) {
      expect(within(dialog).getByLabelText(label)).toBeInTheDocument();
    }
    expect(within(dialog).getByLabelText('Begroting')).toHaveValue('6500,00');
  });

  it("checks 'Naam mag niet leeg zijn', 64 characters and the description's 512", async () => {
    const { dialog, user, requests } = await openManage({ fields: ALL });
    await user.clear(field(dialog, 'Naam'));
    await user.clear(field(dialog, 'Doelgroep'));
    await user.click(within(dialog).getByRole('button', { name: 'Opslaan' }));
    expect(await within(dialog).findByText('Naam mag niet leeg zijn')).toBeInTheDocument();
    expect(within(dialog).getByText('Doelgroep mag niet leeg zijn')).toBeInTheDocument();

    await user.type(field(dialog, 'Naam'), 'n'.repeat(65));
    expect(
      await within(dialog).findByText('Naam mag maximaal 64 tekens bevatten'),
    ).toBeInTheDocument();
    await user.click(field(dialog, 'Beschrijving'));
    await user.paste('x'.repeat(512));
    expect(
      await within(dialog).findByText('Beschrijving mag maximaal 512 tekens bevatten'),
    ).toBeInTheDocument();
    expect(requestsTo(requests, 'PATCH', '/api/initiative/3')).toEqual([]);
  });

  it("409: 'Name is already in use', translated", async () => {
    const { dialog, user } = await openManage({
      fields: ALL,
      patch: () => jsonResponse(409, { detail: 'taken', code: 'NAME_TAKEN' }),
    });
    await user.clear(field(dialog, 'Naam'));
    await user.type(field(dialog, 'Naam'), 'Bestaand');
    await user.click(within(dialog).getByRole('button', { name: 'Opslaan' }));
    expect(await within(dialog).findByText('Naam is al in gebruik')).toBeInTheDocument();
    await i18next.changeLanguage('en');
    expect(await within(dialog).findByText('Name is already in use')).toBeInTheDocument();
  });

  it('takes images only for the picture, and says so when the upload fails', async () => {
    const { dialog, user, requests } = await openManage({
      fields: STORY,
      upload: () => jsonResponse(500, { detail: 'kapot', code: 'INTERNAL_ERROR' }),
    });
    const input = within(dialog).getByLabelText('Afbeelding Kies een afbeelding');
    expect(input).toHaveAttribute('accept', 'image/png,image/jpeg,image/webp');
    // The file dialog only offers images; a dropped or forced other file is refused.
    const pdf = new File(['%PDF'], 'plan.pdf', { type: 'application/pdf' });
    fireEvent.change(input, { target: { files: [pdf] } });
    expect(within(dialog).getByText('Kies een afbeelding (PNG, JPEG of WebP).')).toBeVisible();

    const png = new File(['png'], 'tuin.png', { type: 'image/png' });
    fireEvent.change(input, { target: { files: [png] } });
    expect(within(dialog).getByText('tuin.png')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Opslaan' }));
    expect(
      await within(dialog).findByText('Het uploaden van de afbeelding is mislukt'),
    ).toBeInTheDocument();
    const [upload] = requestsTo(requests, 'POST', '/api/initiative/3/profile-picture');
    expect((upload?.body as FormData).get('file')).toBe(png);
    // Nothing else changed: no PATCH.
    expect(requestsTo(requests, 'PATCH', '/api/initiative/3')).toEqual([]);
  });

  it("offers 'Verwijderen' only beside a current picture", async () => {
    const { dialog } = await openManage({ fields: STORY });
    expect(within(dialog).queryByRole('img', { name: 'Huidige afbeelding' })).toBeNull();
    expect(within(dialog).queryByRole('button', { name: 'Verwijderen' })).toBeNull();
  });

  it("removes the picture from the form at once and from the server on 'Opslaan'", async () => {
    const { dialog, user, requests, router } = await openManage({
      fields: STORY,
      data: initiative({ profile_picture: picture('tuin') }),
    });
    expect(within(dialog).getByRole('img', { name: 'Huidige afbeelding' })).toBeVisible();
    const remove = within(dialog).getByRole('button', { name: 'Verwijderen' });
    expect(remove).toHaveAttribute('type', 'button');
    remove.focus();
    await user.keyboard('{Enter}');
    expect(within(dialog).queryByRole('img', { name: 'Huidige afbeelding' })).toBeNull();
    expect(within(dialog).queryByRole('button', { name: 'Verwijderen' })).toBeNull();
    expect(within(dialog).getByLabelText('Afbeelding Kies een afbeelding')).toHaveFocus();
    expect(requestsTo(requests, 'DELETE', '/api/initiative/3/profile-picture')).toEqual([]);

    await user.click(within(dialog).getByRole('button', { name: 'Opslaan' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/funds/3/details'));
    expect(requestsTo(requests, 'DELETE', '/api/initiative/3/profile-picture')).toHaveLength(1);
    expect(requests.filter((r) => r.method !== 'GET')).toHaveLength(1);
  });

  it('says so and stays open when removing the picture fails', async () => {
    const { dialog, user, requests, router } = await openManage({
      fields: STORY,
      data: initiative({ profile_picture: picture('tuin') }),
      removal: () => jsonResponse(500, { detail: 'kapot', code: 'INTERNAL_ERROR' }),
    });
    await user.click(within(dialog).getByRole('button', { name: 'Verwijderen' }));
    await user.click(within(dialog).getByRole('button', { name: 'Opslaan' }));
    expect(
      await within(dialog).findByText('Het verwijderen van de afbeelding is mislukt'),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/funds/3/edit-fund');
    // Still on the server, so shown again and removable again: the next save retries.
    expect(within(dialog).getByRole('img', { name: 'Huidige afbeelding' })).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Verwijderen' }));
    await user.click(within(dialog).getByRole('button', { name: 'Opslaan' }));
    await waitFor(() =>
      expect(requestsTo(requests, 'DELETE', '/api/initiative/3/profile-picture')).toHaveLength(2),
    );
  });
});

describe('delete initiative (delete-fund)', () => {
  it('deletes and goes to /funds', async () => {
    const { requests } = fakeApi({
      'GET /api/initiative/:id': () => jsonResponse(200, initiative()),
      'GET /api/auth/entity-access/actions': actionsFor({ 'Initiative:*': ['read', 'delete'] }),
      'DELETE /api/initiative/:id': () => new Response(null, { status: 204 }),
      'GET /api/initiatives': () => jsonResponse(200, { initiatives: [] }),
    });
    const { user, router } = renderApp('/funds/3/delete-fund');
    const dialog = await screen.findByRole('dialog', { name: 'Initiatief verwijderen' });
    expect(dialog).toHaveTextContent('Weet je zeker dat je het initiatief wil verwijderen?');
    await user.click(within(dialog).getByRole('button', { name: 'Verwijderen' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/funds'));
    expect(requestsTo(requests, 'DELETE', '/api/initiative/3')).toHaveLength(1);
  });

  it("says 'Het verwijderen van het initiatief is mislukt' on failure; cancel returns", async () => {
    fakeApi({
      'GET /api/initiative/:id': () => jsonResponse(200, initiative()),
      'GET /api/auth/entity-access/actions': actionsFor({ 'Initiative:*': ['read', 'delete'] }),
      'DELETE /api/initiative/:id': () =>
        jsonResponse(500, { detail: 'x', code: 'INTERNAL_ERROR' }),
    });
    const { user, router } = renderApp('/funds/3/delete-fund');
    const dialog = await screen.findByRole('dialog', { name: 'Initiatief verwijderen' });
    await user.click(within(dialog).getByRole('button', { name: 'Verwijderen' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Het verwijderen van het initiatief is mislukt',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Annuleren' }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/funds/3/transactieoverzicht'),
    );
  });
});
