import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../test/render';
import { fakeUsersApi, logInAs, makeUser, ME } from './test-fixtures';

const bankAccount = {
  id: 4,
  name: 'Betaalrekening',
  iban: 'NL91ABNA0417164300',
  institution_name: 'Sandbox Finance',
  institution_logo: null,
  expiration_date: '2030-03-05T10:00:00+01:00',
  user_count: 2,
  is_revoked: false,
  last_synced_at: null,
  next_sync_at: null,
  holder_name: 'J. Jansen',
  provider: 'sandbox' as const,
  institution_id: null,
  sync_problem: null,
};

async function findDetail(name: string) {
  return screen.findByRole('article', { name });
}

describe('contact detail', () => {
  it('shows picture placeholder, names, e-mail, role, biography and linked initiatives and activities', async () => {
    logInAs(ME);
    const anna = makeUser(2, {
      first_name: 'Anna',
      last_name: 'de Vries',
      email: 'anna@example.nl',
      role: 'financial',
      biography: 'Penningmeester van de buurtvereniging.',
      initiatives: [{ id: 12, name: 'Buurttuin Oost' }],
      activities: [{ id: 40, name: 'Plantdag', initiative_id: 12 }],
    });
    fakeUsersApi({ users: [makeUser(ME), anna] });
    renderApp('/contacts/2');

    const detail = within(await findDetail('Anna de Vries'));
    expect(detail.getByText('AD')).toBeInTheDocument();
    expect(detail.getByRole('link', { name: 'anna@example.nl' })).toHaveAttribute(
      'href',
      'mailto:anna@example.nl',
    );
    expect(detail.getAllByText('Financieel').length).toBeGreaterThan(0);
    expect(detail.getByText('Penningmeester van de buurtvereniging.')).toBeVisible();
    expect(detail.getByRole('link', { name: 'Buurttuin Oost' })).toHaveAttribute(
      'href',
      '/funds/12/activiteiten',
    );
    expect(detail.getByRole('link', { name: 'Plantdag' })).toHaveAttribute(
      'href',
      '/funds/12/activities/40',
    );
    // Bank accounts are only about yourself.
    expect(detail.queryByText('Jouw gekoppelde rekeningnummers')).not.toBeInTheDocument();
  });

  it('shows the 256 thumbnail when there is a picture', async () => {
    logInAs(ME);
    const picture = {
      id: 1,
      attachment_url: 'https://files.example/p.png',
      attachment_thumbnail_url_128: 'https://files.example/p-128.webp',
      attachment_thumbnail_url_256: 'https://files.example/p-256.webp',
      attachment_thumbnail_url_512: 'https://files.example/p-512.webp',
    };
    fakeUsersApi({ users: [makeUser(ME), makeUser(2, { profile_picture: picture })] });
    renderApp('/contacts/2');
    const detail = within(await findDetail('Voornaam2 Achternaam2'));
    expect(
      detail.getByRole('img', { name: 'Profielfoto van Voornaam2 Achternaam2' }),
    ).toHaveAttribute('src', 'https://files.example/p-256.webp');
  });

  it('shows Profiel, Instellingen and Wachtwoord wijzigen on your own profile, and your bank accounts', async () => {
    logInAs(ME);
    const me = makeUser(ME, { owned_bank_accounts: [bankAccount], used_bank_accounts: [] });
    fakeUsersApi({ users: [me], actions: () => ['read', 'edit'] });
    renderApp(`/contacts/${ME}`);
    const detail = within(await findDetail('Voornaam1 Achternaam1'));
    expect(await detail.findByRole('link', { name: 'Profiel' })).toHaveAttribute(
      'href',
      `/contacts/${ME}/edit-profile`,
    );
    expect(detail.getByRole('link', { name: 'Instellingen' })).toHaveAttribute(
      'href',
      `/contacts/${ME}/edit-settings`,
    );
    expect(detail.getByRole('link', { name: 'Wachtwoord wijzigen' })).toHaveAttribute(
      'href',
      `/contacts/${ME}/change-password`,
    );
    expect(detail.queryByRole('link', { name: 'Verwijderen' })).not.toBeInTheDocument();
    expect(detail.getByText('Jouw gekoppelde rekeningnummers')).toBeVisible();
    expect(detail.getByText('NL91 ABNA 0417 1643 00')).toBeVisible();
    expect(detail.getByText('Sandbox Finance')).toBeVisible();
    expect(detail.getByText('Gedeeld met 2 personen')).toBeVisible();
    expect(detail.getByText('Vervalt op 05 mrt 2030')).toBeVisible();
  });

  it('says so when you have no bank accounts', async () => {
    logInAs(ME);
    fakeUsersApi({ users: [makeUser(ME, { owned_bank_accounts: [] })] });
    renderApp(`/contacts/${ME}`);
    const detail = within(await findDetail('Voornaam1 Achternaam1'));
    expect(detail.getByText('Geen bankkoppelingen gevonden...')).toBeVisible();
  });

  it('shows Verwijderen with delete, never Wachtwoord wijzigen on someone else', async () => {
    logInAs(ME);
    const { requests } = fakeUsersApi({
      users: [makeUser(ME), makeUser(2)],
      actions: () => ['read', 'edit', 'delete'],
    });
    renderApp('/contacts/2');
    const detail = within(await findDetail('Voornaam2 Achternaam2'));
    expect(await detail.findByRole('link', { name: 'Verwijderen' })).toHaveAttribute(
      'href',
      '/contacts/2/delete-user',
    );
    expect(detail.getByRole('link', { name: 'Profiel' })).toBeVisible();
    expect(detail.getByRole('link', { name: 'Instellingen' })).toBeVisible();
    expect(detail.queryByRole('link', { name: 'Wachtwoord wijzigen' })).not.toBeInTheDocument();
    expect(
      requests.some(
        (r) => r.url === '/api/auth/entity-access/actions?entity_class=User&entity_id=2',
      ),
    ).toBe(true);
  });

  it('shows no buttons without edit or delete', async () => {
    logInAs(ME);
    const { requests } = fakeUsersApi({
      users: [makeUser(ME), makeUser(2)],
      actions: () => ['read'],
    });
    renderApp('/contacts/2');
    const detail = within(await findDetail('Voornaam2 Achternaam2'));
    await waitFor(() => expect(requests.some((r) => r.url.includes('entity_id=2'))).toBe(true));
    for (const name of ['Profiel', 'Instellingen', 'Verwijderen', 'Wachtwoord wijzigen']) {
      expect(detail.queryByRole('link', { name })).not.toBeInTheDocument();
    }
  });

  it('says when the user does not exist', async () => {
    logInAs(ME);
    fakeUsersApi({ users: [makeUser(ME)] });
    renderApp('/contacts/99');
    expect(
      await screen.findByText('Deze gebruiker bestaat niet of is niet zichtbaar voor jou.'),
    ).toBeVisible();
  });

  it('marks the selected user in the list and offers a way back to the list', async () => {
    logInAs(ME);
    fakeUsersApi({ users: [makeUser(ME), makeUser(2), makeUser(3)] });
    renderApp('/contacts/3');
    await findDetail('Voornaam3 Achternaam3');
    const list = within(screen.getByRole('region', { name: 'Gebruikerslijst' }));
    expect(await list.findByRole('link', { name: /Voornaam3/ })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(list.getByRole('link', { name: /Voornaam2/ })).not.toHaveAttribute('aria-current');
    expect(screen.getByRole('link', { name: 'Terug naar gebruikers' })).toHaveAttribute(
      'href',
      '/contacts',
    );
  });
});
