import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  bodyText,
  jsonResponse,
  makeToken,
  renderApp,
  type RecordedRequest,
} from '../../test/render';
import { getSession } from '../auth';
import { fakeUsersApi, listQueries, logInAs, makeUser, ME } from './test-fixtures';

const me = makeUser(ME, { email: 'ik@example.nl', is_active: true, hidden: false });
const anna = makeUser(2, {
  first_name: 'Anna',
  last_name: 'de Vries',
  email: 'anna@example.nl',
  biography: 'Hallo',
  is_active: true,
  hidden: false,
});

const ALL_FIELDS = ['first_name', 'last_name', 'biography', 'email', 'role', 'is_active', 'hidden'];
const SELF_FIELDS = ['first_name', 'last_name', 'biography', 'email', 'password'];

const failure = (status: number, code: string, errors?: unknown[]) =>
  jsonResponse(status, { detail: `failed with ${status}`, code, ...(errors ? { errors } : {}) });

function mutations(requests: RecordedRequest[]) {
  return requests.filter((r) => r.method !== 'GET');
}

function jsonBody(request: RecordedRequest | undefined) {
  return JSON.parse(bodyText(request)) as Record<string, unknown>;
}

describe('add user', () => {
  async function openAddUser(mutate?: (request: RecordedRequest) => Response) {
    logInAs(ME);
    const api = fakeUsersApi({
      users: [me, anna],
      classActions: ['create'],
      ...(mutate ? { mutate } : {}),
    });
    const app = renderApp('/contacts/add-user');
    const dialog = await screen.findByRole('dialog', { name: 'Gebruiker toevoegen' });
    const d = within(dialog);
    return {
      ...app,
      ...api,
      dialog,
      email: d.getByLabelText('E-mailadres'),
      firstName: d.getByLabelText('Voornaam (optioneel)'),
      roles: d.getByRole('group', { name: 'Rol' }),
      submit: d.getByRole('button', { name: 'Toevoegen' }),
    };
  }

  it('asks for an e-mail address and a role', async () => {
    const { user, submit, email, roles, fetchMock } = await openAddUser();
    const calls = fetchMock.mock.calls.length;
    await user.click(submit);
    expect(await screen.findByText('Voer een e-mailadres in.')).toHaveAttribute('role', 'alert');
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(within(roles).getByText('Kies een rol om verder te gaan.')).toBeVisible();
    expect(fetchMock.mock.calls.length).toBe(calls);
  });

  it('offers the three roles as one radio group with a legend', async () => {
    const { roles } = await openAddUser();
    const radios = within(roles).getAllByRole('radio');
    expect(radios.map((radio) => radio.closest('label')?.textContent)).toEqual([
      'Beheerder',
      'Financieel',
      'Gebruiker',
    ]);
    for (const radio of radios) expect(radio).not.toBeChecked();
  });

  it('checks the e-mail pattern', async () => {
    const { user, submit, email, roles, requests } = await openAddUser();
    await user.type(email, 'nieuw@voorbeeld');
    await user.click(within(roles).getByRole('radio', { name: 'Gebruiker' }));
    await user.click(submit);
    expect(await screen.findByText('Voer een geldig e-mailadres in.')).toBeVisible();
    expect(screen.queryByText('Kies een rol om verder te gaan.')).not.toBeInTheDocument();
    expect(mutations(requests)).toHaveLength(0);
  });

  it('asks for a role when only the e-mail address is given', async () => {
    const { user, submit, email, requests } = await openAddUser();
    await user.type(email, 'nieuw@voorbeeld.nl');
    await user.click(submit);
    expect(await screen.findByText('Kies een rol om verder te gaan.')).toBeVisible();
    expect(screen.queryByText('Voer een e-mailadres in.')).not.toBeInTheDocument();
    expect(mutations(requests)).toHaveLength(0);
  });

  it("says 'Gebruiker reeds bekend' on 409", async () => {
    const { user, submit, email, roles } = await openAddUser(() => failure(409, 'EMAIL_TAKEN'));
    await user.type(email, 'anna@example.nl');
    await user.click(within(roles).getByRole('radio', { name: 'Beheerder' }));
    await user.click(submit);
    expect(await screen.findByText('Gebruiker reeds bekend')).toHaveAttribute('role', 'alert');
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('dialog', { name: 'Gebruiker toevoegen' })).toBeVisible();
  });

  it('shows the generic message on other failures', async () => {
    const { user, submit, email, roles } = await openAddUser(() => failure(500, 'INTERNAL_ERROR'));
    await user.type(email, 'nieuw@voorbeeld.nl');
    await user.click(within(roles).getByRole('radio', { name: 'Gebruiker' }));
    await user.click(submit);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Er is een fout opgetreden bij het aanmaken van de gebruiker.',
    );
  });

  it('invites with a multipart POST, closes and refreshes the list', async () => {
    const { user, submit, email, firstName, roles, requests, router } = await openAddUser(() =>
      jsonResponse(200, makeUser(9, { email: 'nieuw@voorbeeld.nl', role: 'financial' })),
    );
    await user.type(email, ' nieuw@voorbeeld.nl ');
    await user.type(firstName, 'Nina');
    await user.click(within(roles).getByRole('radio', { name: 'Financieel' }));
    await user.click(submit);

    await waitFor(() => expect(router.state.location.pathname).toBe('/contacts'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    const [post] = mutations(requests);
    expect(post?.method).toBe('POST');
    expect(post?.url).toBe('/api/user');
    expect(post?.body).toBeInstanceOf(FormData);
    const form = post?.body as FormData;
    expect(Object.fromEntries(form)).toEqual({
      email: 'nieuw@voorbeeld.nl',
      first_name: 'Nina',
      role: 'financial',
    });
    // The list is loaded again after the invitation.
    await waitFor(() => expect(listQueries(requests).length).toBeGreaterThanOrEqual(2));
  });
});

describe('edit settings', () => {
  async function openSettings({
    fields = ALL_FIELDS,
    mutate,
    user: target = anna,
  }: {
    fields?: string[];
    mutate?: (request: RecordedRequest) => Response;
    user?: typeof anna;
  } = {}) {
    logInAs(ME);
    const api = fakeUsersApi({
      users: [me, target],
      actions: () => ['read', 'edit'],
      editFields: () => fields,
      ...(mutate ? { mutate } : {}),
    });
    const app = renderApp(`/contacts/${target.id}/edit-settings`);
    const dialog = await screen.findByRole('dialog', { name: 'Instellingen' });
    await within(dialog).findByRole('button', { name: 'Opslaan' });
    return { ...app, ...api, dialog: within(dialog) };
  }

  it('blocks saving while the e-mail is empty or invalid', async () => {
    const { user, dialog, requests } = await openSettings();
    const email = dialog.getByLabelText('E-mailadres');
    const save = dialog.getByRole('button', { name: 'Opslaan' });
    expect(email).toHaveValue('anna@example.nl');

    await user.clear(email);
    await user.tab();
    expect(await dialog.findByText('Vul een e-mailadres in')).toHaveAttribute('role', 'alert');
    expect(save).toBeDisabled();

    await user.type(email, 'anna@');
    expect(await dialog.findByText('Vul een geldig e-mailadres in')).toBeVisible();
    expect(save).toBeDisabled();
    await user.click(save);
    await user.keyboard('{Enter}');
    expect(mutations(requests)).toHaveLength(0);

    await user.type(email, 'elders.nl');
    await waitFor(() => expect(save).toBeEnabled());
  });

  it('shows only the fields listed in edit-fields', async () => {
    const { dialog } = await openSettings({ fields: SELF_FIELDS, user: me });
    expect(dialog.getByLabelText('E-mailadres')).toBeVisible();
    expect(dialog.queryByRole('group', { name: 'Rol' })).not.toBeInTheDocument();
    expect(dialog.queryByRole('checkbox', { name: /Actief/ })).not.toBeInTheDocument();
    expect(dialog.queryByRole('checkbox', { name: /Verborgen/ })).not.toBeInTheDocument();
  });

  it('shows role, active and hidden to whoever may edit them, and sends only what changed', async () => {
    const { user, dialog, requests, router } = await openSettings({
      mutate: () => jsonResponse(200, { ...anna, role: 'financial', is_active: false }),
    });
    const roles = dialog.getByRole('group', { name: 'Rol' });
    expect(within(roles).getByRole('radio', { name: 'Gebruiker' })).toBeChecked();
    const active = dialog.getByRole('checkbox', { name: 'Actief' });
    expect(active).toBeChecked();
    expect(dialog.getByRole('checkbox', { name: 'Verborgen' })).not.toBeChecked();

    await user.click(within(roles).getByRole('radio', { name: 'Financieel' }));
    await user.click(active);
    await user.click(dialog.getByRole('button', { name: 'Opslaan' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/contacts/2'));
    const [patch] = mutations(requests);
    expect(patch?.method).toBe('PATCH');
    expect(patch?.url).toBe('/api/user/2');
    expect(jsonBody(patch)).toEqual({ role: 'financial', is_active: false });
  });

  it('marks the e-mail field when the address is taken (409)', async () => {
    const { user, dialog } = await openSettings({ mutate: () => failure(409, 'EMAIL_TAKEN') });
    const email = dialog.getByLabelText('E-mailadres');
    await user.clear(email);
    await user.type(email, 'ik@example.nl');
    await user.click(dialog.getByRole('button', { name: 'Opslaan' }));
    expect(await dialog.findByText('Dit e-mailadres is al in gebruik.')).toBeVisible();
    expect(email).toHaveAttribute('aria-invalid', 'true');
  });
});

describe('edit profile', () => {
  async function openProfile({
    fields = SELF_FIELDS,
    mutate,
    user: target = anna,
  }: {
    fields?: string[];
    mutate?: (request: RecordedRequest) => Response;
    user?: typeof anna;
  } = {}) {
    logInAs(ME);
    const api = fakeUsersApi({
      users: [me, target],
      actions: () => ['read', 'edit'],
      editFields: () => fields,
      ...(mutate ? { mutate } : {}),
    });
    const app = renderApp('/contacts/2/edit-profile');
    const dialog = await screen.findByRole('dialog', { name: 'Profiel bewerken' });
    await within(dialog).findByRole('button', { name: 'Opslaan' });
    return { ...app, ...api, dialog: within(dialog) };
  }

  it('counts the biography live and warns above 500 characters without blocking saving', async () => {
    const { user, dialog, requests, router } = await openProfile({
      mutate: () => jsonResponse(200, anna),
    });
    const biography = dialog.getByLabelText('Biografie');
    expect(dialog.getByText('5 / 500')).toHaveAttribute('aria-live', 'polite');

    await user.clear(biography);
    await user.click(biography);
    await user.paste('a'.repeat(500));
    expect(dialog.getByText('500 / 500')).toBeVisible();
    expect(
      dialog.queryByText('Biografie mag maximaal 500 tekens bevatten.'),
    ).not.toBeInTheDocument();

    await user.paste('b');
    expect(dialog.getByText('501 / 500')).toBeVisible();
    expect(dialog.getByText('Biografie mag maximaal 500 tekens bevatten.')).toBeVisible();
    expect(biography).toHaveAttribute('aria-invalid', 'true');

    const save = dialog.getByRole('button', { name: 'Opslaan' });
    expect(save).toBeEnabled();
    await user.click(save);
    await waitFor(() => expect(mutations(requests)).toHaveLength(1));
    expect(jsonBody(mutations(requests)[0])).toEqual({ biography: `${'a'.repeat(500)}b` });
    await waitFor(() => expect(router.state.location.pathname).toBe('/contacts/2'));
  });

  it("shows the server's refusal and marks the inputs as error", async () => {
    const { user, dialog } = await openProfile({
      mutate: () =>
        failure(422, 'VALIDATION_ERROR', [
          { field: 'biography', code: 'too_big', message: 'Too big: expected at most 500' },
        ]),
    });
    const biography = dialog.getByLabelText('Biografie');
    await user.click(biography);
    await user.paste('x'.repeat(600));
    await user.click(dialog.getByRole('button', { name: 'Opslaan' }));
    expect(
      await dialog.findByText(
        'Het profiel kon niet worden opgeslagen. Controleer de gemarkeerde velden.',
      ),
    ).toBeVisible();
    expect(dialog.getByLabelText('Voornaam')).toHaveAttribute('aria-invalid', 'true');
    expect(dialog.getByLabelText('Achternaam')).toHaveAttribute('aria-invalid', 'true');
    expect(biography).toHaveAttribute('aria-invalid', 'true');
    expect(dialog.getByText('Biografie mag maximaal 500 tekens bevatten.')).toBeVisible();
  });

  it('offers hidden only when edit-fields lists it', async () => {
    const { dialog } = await openProfile({ fields: SELF_FIELDS });
    expect(dialog.queryByRole('checkbox', { name: 'Verborgen' })).not.toBeInTheDocument();
    expect(dialog.getByLabelText('Voornaam')).toHaveValue('Anna');
  });

  it('shows hidden for whoever may change it', async () => {
    const { dialog } = await openProfile({ fields: ALL_FIELDS });
    expect(dialog.getByRole('checkbox', { name: 'Verborgen' })).not.toBeChecked();
  });

  it('uploads an image as the picture (multipart field "file") and refuses other files', async () => {
    const { user, dialog, requests, router } = await openProfile({
      mutate: (request) =>
        request.url.endsWith('/profile-picture')
          ? jsonResponse(200, {
              id: 1,
              attachment_url: 'https://files.example/p.png',
              attachment_thumbnail_url_128: null,
              attachment_thumbnail_url_256: null,
              attachment_thumbnail_url_512: null,
            })
          : jsonResponse(200, anna),
    });
    const input = dialog.getByLabelText('Profielfoto');
    expect(input).toHaveAttribute('accept', 'image/png,image/jpeg,image/webp');

    const pdf = new File(['%PDF'], 'cv.pdf', { type: 'application/pdf' });
    // The file dialog only offers images (accept); a dropped or forced other file is refused.
    fireEvent.change(input, { target: { files: [pdf] } });
    expect(dialog.getByText('Kies een afbeelding (PNG, JPEG of WebP).')).toBeVisible();

    const png = new File(['png'], 'foto.png', { type: 'image/png' });
    fireEvent.change(input, { target: { files: [png] } });
    expect(dialog.queryByText('Kies een afbeelding (PNG, JPEG of WebP).')).not.toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Opslaan' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/contacts/2'));
    const [upload] = mutations(requests);
    expect(upload?.url).toBe('/api/user/2/profile-picture');
    expect(upload?.method).toBe('POST');
    expect((upload?.body as FormData).get('file')).toBe(png);
  });

  const annaWithPhoto = {
    ...anna,
    profile_picture: {
      attachment_url: 'https://files.example/anna.png',
      attachment_thumbnail_url_128: 'https://files.example/anna_128.webp',
      attachment_thumbnail_url_256: 'https://files.example/anna_256.webp',
      attachment_thumbnail_url_512: 'https://files.example/anna_512.webp',
    },
  };

  it("offers 'Verwijderen' only beside a current photo", async () => {
    const { dialog } = await openProfile();
    expect(dialog.queryByRole('img', { name: 'Huidige profielfoto' })).not.toBeInTheDocument();
    expect(dialog.queryByRole('button', { name: 'Verwijderen' })).not.toBeInTheDocument();
  });

  it("removes the photo from the form at once and from the server on 'Opslaan'", async () => {
    const { user, dialog, requests, router } = await openProfile({
      user: annaWithPhoto,
      mutate: () => new Response(null, { status: 204 }),
    });
    expect(dialog.getByRole('img', { name: 'Huidige profielfoto' })).toBeVisible();
    const remove = dialog.getByRole('button', { name: 'Verwijderen' });
    expect(remove).toHaveAttribute('type', 'button');
    remove.focus();
    await user.keyboard('{Enter}');
    expect(dialog.queryByRole('img', { name: 'Huidige profielfoto' })).not.toBeInTheDocument();
    expect(dialog.queryByRole('button', { name: 'Verwijderen' })).not.toBeInTheDocument();
    expect(dialog.getByLabelText('Profielfoto')).toHaveFocus();
    expect(mutations(requests)).toHaveLength(0);

    await user.click(dialog.getByRole('button', { name: 'Opslaan' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/contacts/2'));
    expect(mutations(requests).map((r) => `${r.method} ${r.url}`)).toEqual([
      'DELETE /api/user/2/profile-picture',
    ]);
  });

  it('says so and stays open when removing the photo fails', async () => {
    const { user, dialog, router } = await openProfile({
      user: annaWithPhoto,
      mutate: () => failure(500, 'INTERNAL_ERROR'),
    });
    await user.click(dialog.getByRole('button', { name: 'Verwijderen' }));
    await user.click(dialog.getByRole('button', { name: 'Opslaan' }));
    expect(await dialog.findByText('De profielfoto kon niet worden verwijderd.')).toHaveAttribute(
      'role',
      'alert',
    );
    expect(router.state.location.pathname).toBe('/contacts/2/edit-profile');
    // Still on the server, so shown again and removable again.
    expect(dialog.getByRole('img', { name: 'Huidige profielfoto' })).toBeVisible();
    await user.click(dialog.getByRole('button', { name: 'Verwijderen' }));
    expect(
      dialog.queryByText('De profielfoto kon niet worden verwijderd.'),
    ).not.toBeInTheDocument();
  });
});

describe('change password', () => {
  async function openPassword(mutate?: (request: RecordedRequest) => Response) {
    logInAs(ME);
    const api = fakeUsersApi({
      users: [me],
      actions: () => ['read', 'edit'],
      editFields: () => SELF_FIELDS,
      ...(mutate ? { mutate } : {}),
    });
    const app = renderApp(`/contacts/${ME}/change-password`);
    const dialog = within(await screen.findByRole('dialog', { name: 'Wachtwoord wijzigen' }));
    return {
      ...app,
      ...api,
      dialog,
      password: dialog.getByLabelText('Nieuw wachtwoord'),
      confirmation: dialog.getByLabelText('Herhaal nieuw wachtwoord'),
      submit: dialog.getByRole('button', { name: 'Wachtwoord wijzigen' }),
    };
  }

  it("refuses a confirmation that does not match: 'Wachtwoorden komt niet overeen'", async () => {
    const { user, password, confirmation, submit, requests } = await openPassword();
    await user.type(password, 'nieuw-geheim');
    await user.type(confirmation, 'nieuw-geheym');
    await user.click(submit);
    expect(await screen.findByText('Wachtwoorden komt niet overeen')).toHaveAttribute(
      'role',
      'alert',
    );
    expect(confirmation).toHaveAttribute('aria-invalid', 'true');
    expect(mutations(requests)).toHaveLength(0);
  });

  it("shows 'Wachtwoord wijzigen is mislukt. Probeer het opnieuw.' when the server refuses", async () => {
    const { user, password, confirmation, submit } = await openPassword(() =>
      failure(422, 'VALIDATION_ERROR', [
        { field: 'password', code: 'too_small', message: 'Too small: expected at least 8' },
      ]),
    );
    await user.type(password, 'kort');
    await user.type(confirmation, 'kort');
    await user.click(submit);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Wachtwoord wijzigen is mislukt. Probeer het opnieuw.',
    );
  });

  it('changes the password with PATCH {password}, logs in again with it and says so', async () => {
    const renewed = makeToken({ userId: ME, username: 'ik@example.nl', expiresInSeconds: 7200 });
    const { user, password, confirmation, submit, requests, dialog } = await openPassword((r) =>
      r.url === '/api/auth/jwt/login'
        ? jsonResponse(200, { access_token: renewed, token_type: 'bearer' })
        : jsonResponse(200, me),
    );
    await user.type(password, 'nieuw-geheim');
    await user.type(confirmation, 'nieuw-geheim');
    await user.click(submit);
    expect(await dialog.findByText('Je wachtwoord is gewijzigd.')).toBeVisible();
    const [patch, login] = mutations(requests);
    expect(patch?.url).toBe(`/api/user/${ME}`);
    expect(jsonBody(patch)).toEqual({ password: 'nieuw-geheim' });
    // The server ended the old token with the old password: the session continues on a new one.
    expect(login?.url).toBe('/api/auth/jwt/login');
    expect(new URLSearchParams(bodyText(login)).get('password')).toBe('nieuw-geheim');
    expect(getSession()?.token).toBe(renewed);
  });

  it('is only for your own password', async () => {
    logInAs(ME);
    fakeUsersApi({ users: [me, anna] });
    renderApp('/contacts/2/change-password');
    const dialog = within(await screen.findByRole('dialog', { name: 'Wachtwoord wijzigen' }));
    expect(dialog.getByText('Je kunt alleen je eigen wachtwoord wijzigen.')).toBeVisible();
    expect(dialog.queryByLabelText('Nieuw wachtwoord')).not.toBeInTheDocument();
  });
});

describe('delete user', () => {
  it('asks for confirmation, deletes, then goes to your own contact page', async () => {
    logInAs(ME);
    const { requests } = fakeUsersApi({
      users: [me, anna],
      actions: () => ['read', 'edit', 'delete'],
      mutate: () => new Response(null, { status: 204 }),
    });
    const { user, router } = renderApp('/contacts/2/delete-user');
    const dialog = within(await screen.findByRole('dialog', { name: 'Gebruiker verwijderen' }));
    expect(
      await dialog.findByText(/Weet je zeker dat je Anna de Vries wilt verwijderen\?/),
    ).toBeVisible();
    expect(dialog.getByRole('button', { name: 'Annuleren' })).toBeVisible();
    await user.click(dialog.getByRole('button', { name: 'Verwijderen' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/contacts/${ME}`));
    const [remove] = mutations(requests);
    expect(remove?.method).toBe('DELETE');
    expect(remove?.url).toBe('/api/user/2');
  });

  it('stays open with a message when deleting fails', async () => {
    logInAs(ME);
    fakeUsersApi({ users: [me, anna], mutate: () => failure(403, 'FORBIDDEN') });
    const { user } = renderApp('/contacts/2/delete-user');
    const dialog = within(await screen.findByRole('dialog', { name: 'Gebruiker verwijderen' }));
    await user.click(dialog.getByRole('button', { name: 'Verwijderen' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent(
      'Je mag deze gebruiker niet verwijderen.',
    );
  });
});
