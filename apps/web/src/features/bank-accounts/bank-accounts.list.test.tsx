import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderApp } from '../../test/render';
import { BANKS, callsTo, fakeBanksApi, logIn, makeAccount, ME } from './test-fixtures';

const section = (name: string) => screen.findByRole('region', { name });
const card = (name: string) => screen.findByRole('article', { name });

describe('Banks tab', () => {
  it('lists the own accounts with their facts and buttons, and the shared ones read-only', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2030-02-23T12:00:00Z'));
    logIn();
    const { requests } = fakeBanksApi({
      owned: [
        makeAccount(4, {
          institution_name: 'ING',
          institution_logo: 'https://cdn.example/ing.png',
          holder_name: 'Stichting Buurttuin',
          iban: 'NL69INGB0123456789',
          expiration_date: '2030-03-05T10:00:00+01:00',
          user_count: 2,
          last_synced_at: '2030-02-20T08:00:00Z',
          provider: 'gocardless',
          institution_id: 'ING_INGBNL2A',
        }),
        makeAccount(5, { institution_name: 'ABN AMRO', user_count: 1 }),
        makeAccount(6, { institution_name: 'Rabobank' }),
      ],
      used: [makeAccount(8, { institution_name: 'Triodos', user_count: 3 })],
    });
    renderApp(BANKS);

    const own = within(await section('Jouw gekoppelde rekeningnummers'));
    const ingCard = await card('ING');
    const ing = within(ingCard);
    // The logo is decorative: the name is next to it.
    const logo = ingCard.querySelector('img');
    expect(logo).toHaveAttribute('src', 'https://cdn.example/ing.png');
    expect(logo).toHaveAttribute('alt', '');
    expect(ing.getByText('Stichting Buurttuin')).toBeInTheDocument();
    expect(ing.getByText('NL69 INGB 0123 4567 89')).toBeInTheDocument();
    expect(ing.getByText(/^Vervalt op 05 mrt\.? 2030 \(nog 10 dagen\)$/)).toBeInTheDocument();
    expect(ing.getByText('Gedeeld met 2 personen')).toBeInTheDocument();
    // A linked account says when it synced; a file's account when it was imported.
    expect(ing.getByText(/^Laatst gesynchroniseerd op 20 feb\.? 2030$/)).toBeInTheDocument();
    expect(ing.getByRole('link', { name: 'Vernieuw nu' })).toHaveAttribute(
      'href',
      `${BANKS}/add-bank?id=4`,
    );
    expect(ing.getByRole('link', { name: 'Personen uitnodigen' })).toHaveAttribute(
      'href',
      `${BANKS}/invite-user?id=4`,
    );
    expect(ing.getByRole('link', { name: 'Verwijderen' })).toHaveAttribute(
      'href',
      `${BANKS}/delete-bank?id=4`,
    );

    const abn = within(await card('ABN AMRO'));
    expect(abn.getByText('Gedeeld met 1 persoon')).toBeInTheDocument();
    expect(abn.getByText('Nog niets geïmporteerd')).toBeInTheDocument();
    // A statement file's account never expires: its far-ahead date is for other clients.
    expect(abn.queryByText(/Vervalt op/)).not.toBeInTheDocument();
    expect(abn.queryByText(/9999/)).not.toBeInTheDocument();
    // A file account has nothing to renew or sync.
    expect(abn.queryByRole('link', { name: 'Vernieuw nu' })).not.toBeInTheDocument();
    expect(abn.queryByRole('button', { name: 'Nu synchroniseren' })).not.toBeInTheDocument();
    expect((await card('ABN AMRO')).querySelector('img')).toBeNull();
    expect(within(await card('Rabobank')).getByText('Niet gedeeld met personen')).toBeVisible();
    expect(own.getAllByRole('article')).toHaveLength(3);

    const shared = within(await section('Met jou gedeelde rekeningnummers'));
    const triodos = within(shared.getByRole('article', { name: 'Triodos' }));
    expect(triodos.getByText('Houder 8')).toBeInTheDocument();
    expect(triodos.queryByText(/Gedeeld met/)).not.toBeInTheDocument();
    expect(triodos.queryByRole('link')).not.toBeInTheDocument();
    expect(triodos.queryByRole('button')).not.toBeInTheDocument();

    expect(screen.getByRole('link', { name: 'Bankrekening toevoegen' })).toHaveAttribute(
      'href',
      `${BANKS}/add-bank`,
    );
    expect(callsTo(requests, 'GET', /bank-accounts$/)[0]?.url).toBe(
      `/api/user/${ME}/bank-accounts`,
    );
  });

  it('says when there are no own and no shared accounts', async () => {
    logIn();
    fakeBanksApi();
    renderApp(BANKS);
    expect(
      await within(await section('Jouw gekoppelde rekeningnummers')).findByText(
        'Geen bankkoppelingen gevonden...',
      ),
    ).toBeInTheDocument();
    expect(
      within(await section('Met jou gedeelde rekeningnummers')).getByText(
        'Geen gedeelde bankrekeningnummers gevonden...',
      ),
    ).toBeInTheDocument();
  });

  it('shows the tab under /transactions/bankaccounts too', async () => {
    logIn();
    fakeBanksApi({ used: [makeAccount(8, { institution_name: 'Triodos' })] });
    renderApp('/transactions/bankaccounts');
    expect(await card('Triodos')).toBeInTheDocument();
  });

  it('says when the list failed, and loads it again on "Opnieuw proberen"', async () => {
    logIn();
    let fail = true;
    const { requests } = fakeBanksApi({
      routes: {
        'GET /api/user/:userId/bank-accounts': () =>
          fail
            ? jsonResponse(500, { detail: 'Database weg', code: 'INTERNAL_ERROR' })
            : jsonResponse(200, {
                ownedBankAccounts: [makeAccount(4, { institution_name: 'ING' })],
                usedBankAccounts: [],
              }),
      },
    });
    const { user } = renderApp(BANKS);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('De bankrekeningen konden niet worden geladen.');
    expect(alert).toHaveTextContent('Error: Database weg');

    fail = false;
    await user.click(screen.getByRole('button', { name: 'Opnieuw proberen' }));
    expect(await card('ING')).toBeInTheDocument();
    await waitFor(() => expect(callsTo(requests, 'GET', /bank-accounts$/)).toHaveLength(2));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
