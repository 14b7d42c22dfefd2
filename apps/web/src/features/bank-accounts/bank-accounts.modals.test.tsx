import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonBody } from '../../test/fake-api';
import { jsonResponse, renderApp } from '../../test/render';
import { BANKS, callsTo, fakeBanksApi, logIn, makeAccount, makeDetail, ME } from './test-fixtures';

const ING = makeDetail(4, {
  institution_name: 'ING',
  users: [
    {
      id: 11,
      email: 'anna@example.nl',
      profile_picture: {
        attachment_url: 'https://files.example/anna.webp',
        attachment_thumbnail_url_128: 'https://files.example/anna-128.webp',
        attachment_thumbnail_url_256: null,
        attachment_thumbnail_url_512: null,
      },
    },
    { id: 12, email: 'bram@example.nl', profile_picture: null },
  ],
});

const searchUser = (id: number, email: string) => ({
  id,
  first_name: null,
  last_name: null,
  biography: null,
  role: 'user',
  profile_picture: null,
  initiatives: [],
  activities: [],
  email,
});

describe('Toegang beheren', () => {
  it('sends the whole set of people after removing and adding, then shows step 2', async () => {
    logIn();
    const { requests } = fakeBanksApi({
      owned: [makeAccount(4, { institution_name: 'ING', user_count: 2 })],
      details: [ING],
      routes: {
        'GET /api/users': (_request, { query }) =>
          jsonResponse(200, {
            users:
              query.get('email') === 'carla'
                ? [searchUser(ME, 'carla.me@example.nl'), searchUser(13, 'carla@example.nl')]
                : [],
          }),
        'PATCH /api/user/:userId/bank-account/:bankAccountId/users': (request) => {
          const { user_ids } = jsonBody(request) as { user_ids: number[] };
          return jsonResponse(200, {
            ...ING,
            user_count: user_ids.length,
            users: user_ids.map((id) => ({ id, email: `${id}@x.nl`, profile_picture: null })),
          });
        },
      },
    });
    const { user, router } = renderApp(`${BANKS}/invite-user?id=4`);

    const dialog = within(await screen.findByRole('dialog', { name: 'Toegang beheren' }));
    expect(
      await dialog.findByRole('heading', { name: 'Geef toegang tot "ING" bankrekening' }),
    ).toBeInTheDocument();
    const people = within(dialog.getByRole('region', { name: 'Personen met toegang' }));
    expect(people.getByText('anna@example.nl')).toBeInTheDocument();
    expect(people.getByText('bram@example.nl')).toBeInTheDocument();
    // A picture when there is one, else the placeholder (both decorative: the e-mail says who).
    const [anna, bram] = people.getAllByRole('listitem');
    expect(anna?.querySelector('img')).toHaveAttribute(
      'src',
      'https://files.example/anna-128.webp',
    );
    expect(bram?.querySelector('img')).toBeNull();
    const removeButtons = people.getAllByRole('button', { name: 'Verwijderen' });
    expect(removeButtons[1]).toHaveAccessibleDescription('bram@example.nl');

    await user.click(removeButtons[1] as HTMLElement);
    expect(people.queryByText('bram@example.nl')).not.toBeInTheDocument();
    const search = dialog.getByRole('searchbox', { name: 'Zoek op e-mailadres' });
    expect(search).toHaveFocus();

    await user.type(search, 'carla');
    // The owner (the caller) is never offered.
    const add = await dialog.findByRole(
      'button',
      { name: 'Toevoegen carla@example.nl' },
      { timeout: 3000 },
    );
    expect(dialog.queryByText('carla.me@example.nl')).not.toBeInTheDocument();
    const search_calls = callsTo(requests, 'GET', /^\/api\/users$/);
    expect(search_calls).toHaveLength(1);
    expect(new URL(search_calls[0]?.url ?? '', 'http://x').searchParams.get('email')).toBe('carla');
    await user.click(add);
    expect(people.getByText('carla@example.nl')).toBeInTheDocument();

    await user.click(dialog.getByRole('button', { name: 'Volgende' }));
    expect(await dialog.findByText('Toegang succesvol bijgewerkt.')).toBeInTheDocument();
    expect(
      dialog.getByText(/kun je de toegang op elk moment intrekken of wijzigen/),
    ).toBeInTheDocument();
    const patch = callsTo(requests, 'PATCH', /\/bank-account\/4\/users$/);
    expect(patch[0]?.url).toBe(`/api/user/${ME}/bank-account/4/users`);
    expect(jsonBody(patch[0])).toEqual({ user_ids: [11, 13] });
    expect(router.state.location.search).toBe('?id=4&step=2');

    await user.click(dialog.getByRole('button', { name: 'Terug naar het overzicht' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(BANKS));
    expect(router.state.location.search).toBe('');
  });

  it('shows step 2 for ?step=2', async () => {
    logIn();
    fakeBanksApi();
    renderApp('/transactions/bankaccounts/invite-users?id=4&step=2');
    expect(await screen.findByText('Toegang succesvol bijgewerkt.')).toBeInTheDocument();
  });

  it('says when the account does not exist', async () => {
    logIn();
    fakeBanksApi();
    renderApp(`${BANKS}/invite-user?id=99`);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Deze bankrekening bestaat niet (meer).',
    );
  });
});

describe('Bank account verwijderen', () => {
  it('deletes the account with DELETE and goes back to the refreshed tab', async () => {
    logIn();
    let owned = [makeAccount(4, { institution_name: 'ING', iban: 'NL69INGB0123456789' })];
    const { requests } = fakeBanksApi({
      details: [makeDetail(4, { institution_name: 'ING', iban: 'NL69INGB0123456789' })],
      routes: {
        'GET /api/user/:userId/bank-accounts': () =>
          jsonResponse(200, { ownedBankAccounts: owned, usedBankAccounts: [] }),
        'DELETE /api/user/:userId/bank-account/:bankAccountId': () => {
          owned = [];
          return new Response(null, { status: 204 });
        },
      },
    });
    const { user, router } = renderApp(BANKS);
    const card = await screen.findByRole('article', { name: 'ING' });
    await user.click(within(card).getByRole('link', { name: 'Verwijderen' }));

    const dialog = within(await screen.findByRole('dialog', { name: 'Bank account verwijderen' }));
    expect(
      await dialog.findByText(
        'Weet je zeker dat je de rekening NL69 INGB 0123 4567 89 van ING wil verwijderen?',
      ),
    ).toBeInTheDocument();
    expect(
      dialog.getByText(
        'Alle transacties van deze rekening die niet aan een initiatief gekoppeld zijn, worden definitief verwijderd. Dit kan niet ongedaan worden gemaakt.',
      ),
    ).toBeInTheDocument();
    expect(dialog.getByRole('button', { name: 'Annuleren' })).toBeEnabled();
    await user.click(dialog.getByRole('button', { name: 'Verwijderen' }));

    await waitFor(() => expect(router.state.location.pathname).toBe(BANKS));
    expect(await screen.findByText('Geen bankkoppelingen gevonden...')).toBeInTheDocument();
    const deletes = callsTo(requests, 'DELETE', /\/bank-account\/4$/);
    expect(deletes.map((request) => request.url)).toEqual([`/api/user/${ME}/bank-account/4`]);
  });

  it('serves revoke-bank the same way, and cancelling sends nothing', async () => {
    logIn();
    const { requests } = fakeBanksApi({ details: [makeDetail(5, { institution_name: 'ASN' })] });
    const { user, router } = renderApp(`${BANKS}/revoke-bank?id=5`);
    const dialog = within(await screen.findByRole('dialog', { name: 'Bank account verwijderen' }));
    await dialog.findByText(/van ASN wil verwijderen\?$/);
    await user.click(dialog.getByRole('button', { name: 'Annuleren' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(BANKS));
    expect(callsTo(requests, 'DELETE', /./)).toHaveLength(0);
  });
});
