import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { bodyText, jsonResponse, makeToken, mockFetch, renderApp } from '../../test/render';
import { getSession, TOKEN_STORAGE_KEY } from './session';

async function openLogin(from?: string) {
  const app = renderApp(from ? { pathname: '/login', state: { from } } : '/login');
  // The first render loads the overview's route module (and its catalogs) behind the modal.
  const dialog = await screen.findByRole('dialog', { name: 'Inloggen' }, { timeout: 5000 });
  const email = within(dialog).getByLabelText('E-mailadres');
  const password = within(dialog).getByLabelText('Wachtwoord');
  const submit = within(dialog).getByRole('button', { name: 'Login' });
  return { ...app, dialog, email, password, submit };
}

describe('login modal', () => {
  it('is a dialog over the initiatives overview with a link to account recovery', async () => {
    mockFetch(() => jsonResponse(200, { initiatives: [] }));
    const { dialog } = await openLogin();
    // The page behind the modal is hidden from assistive technology while the dialog is open.
    expect(
      screen.getByRole('heading', { level: 1, name: 'Initiatieven', hidden: true }),
    ).toBeInTheDocument();
    expect(await screen.findByText('Geen gegevens gevonden')).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'Wachtwoord vergeten?' })).toHaveAttribute(
      'href',
      '/account-recovery',
    );
  });

  it('asks for both when e-mail and password are empty', async () => {
    const { requests } = mockFetch(() => jsonResponse(500));
    const { user, submit, email } = await openLogin();
    await user.click(submit);
    expect(await screen.findByText('Gebruikersnaam en wachtwoord zijn verplicht.')).toHaveAttribute(
      'role',
      'alert',
    );
    expect(email).toHaveAttribute('aria-invalid', 'true');
    // Only the overview behind the modal has loaded; no login was attempted.
    expect(requests.map((request) => request.url)).not.toContain('/api/auth/jwt/login');
  });

  it('asks for the e-mail address when only the password is given', async () => {
    mockFetch(() => jsonResponse(500));
    const { user, submit, email, password } = await openLogin();
    await user.type(password, 'geheim123');
    await user.click(submit);
    const message = await screen.findByText('Vul je e-mailadres in.');
    expect(email).toHaveAccessibleDescription('Vul je e-mailadres in.');
    expect(message).toHaveAttribute('role', 'alert');
  });

  it('checks the e-mail pattern while typing, but only after the first submit', async () => {
    mockFetch(() => jsonResponse(500));
    const { user, submit, email, password } = await openLogin();
    await user.type(email, 'jan');
    expect(screen.queryByText('Vul een geldig e-mailadres in.')).not.toBeInTheDocument();

    await user.type(password, 'geheim123');
    await user.click(submit);
    expect(await screen.findByText('Vul een geldig e-mailadres in.')).toBeInTheDocument();

    await user.type(email, '@example');
    expect(screen.getByText('Vul een geldig e-mailadres in.')).toBeInTheDocument();
    await user.type(email, '.nl');
    await waitFor(() =>
      expect(screen.queryByText('Vul een geldig e-mailadres in.')).not.toBeInTheDocument(),
    );
    expect(email).not.toHaveAttribute('aria-invalid');
  });

  it('moves the focus to the first field with a problem, and keeps the others as the submit found them', async () => {
    const { requests } = mockFetch(() => jsonResponse(500));
    const { user, submit, email, password } = await openLogin();
    await user.type(email, 'jan@example.nl');
    await user.click(submit);
    expect(password).toHaveFocus();
    expect(password).toHaveAccessibleDescription('Gebruikersnaam en wachtwoord zijn verplicht.');
    // Both empty again: the e-mail field says both are needed.
    await user.clear(email);
    expect(email).toHaveAccessibleDescription('Gebruikersnaam en wachtwoord zijn verplicht.');
    expect(password).toHaveAttribute('aria-invalid', 'true');
    await user.click(submit);
    expect(email).toHaveFocus();
    expect(requests.map((request) => request.url)).not.toContain('/api/auth/jwt/login');
  });

  it('shows bad credentials on HTTP 400', async () => {
    mockFetch(() => jsonResponse(400, { detail: 'Bad credentials', code: 'BAD_CREDENTIALS' }));
    const { user, submit, email, password } = await openLogin();
    await user.type(email, 'jan@example.nl');
    await user.type(password, 'verkeerd');
    await user.click(submit);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Onjuist e-mailadres of wachtwoord.',
    );
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
  });

  it('shows the generic error on HTTP 500', async () => {
    mockFetch(() => jsonResponse(500, { detail: 'internal error', code: 'INTERNAL_ERROR' }));
    const { user, submit, email, password } = await openLogin();
    await user.type(email, 'jan@example.nl');
    await user.type(password, 'geheim123');
    await user.click(submit);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Er is iets misgegaan. Probeer het later opnieuw.',
    );
  });

  it('says so when there were too many attempts (429)', async () => {
    mockFetch(() => jsonResponse(429, { detail: 'Too many requests', code: 'RATE_LIMITED' }));
    const { user, submit, email, password } = await openLogin();
    await user.type(email, 'jan@example.nl');
    await user.type(password, 'geheim123');
    await user.click(submit);
    expect(await screen.findByRole('alert')).toHaveTextContent('Te veel pogingen.');
  });

  it("shows 'Inloggen...' while busy, then stores the session and goes to the `from` page", async () => {
    const token = makeToken({ userId: 12, username: 'jan@example.nl' });
    let answer: (response: Response) => void = () => undefined;
    const { requests } = mockFetch(() => new Promise<Response>((resolve) => (answer = resolve)));
    const { user, submit, email, password, router } = await openLogin('/permission-checker');
    await user.type(email, ' jan@example.nl ');
    await user.type(password, 'geheim123');
    await user.keyboard('{Enter}');

    expect(await screen.findByRole('button', { name: 'Inloggen...' })).toBeDisabled();
    expect(submit).toHaveAttribute('aria-busy', 'true');

    // The overview behind the modal loads too; the login is the last request.
    const request = requests.at(-1);
    expect(request?.url).toBe('/api/auth/jwt/login');
    expect(request?.method).toBe('POST');
    expect(request?.headers.get('Content-Type')).toBe('application/x-www-form-urlencoded');
    const form = new URLSearchParams(bodyText(request));
    expect(Object.fromEntries(form)).toEqual({
      username: 'jan@example.nl',
      password: 'geheim123',
      grant_type: 'password',
    });

    answer(jsonResponse(200, { access_token: token, token_type: 'bearer' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/permission-checker'));
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBe(token);
    expect(getSession()).toMatchObject({ userId: 12, username: 'jan@example.nl' });
    // Logged in: the side menu now offers the login-only sections and a logout button.
    expect(await screen.findByRole('link', { name: 'Transacties' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Uitloggen' })).toBeInTheDocument();
  });

  it('toggles the password visibility with an accessible button', async () => {
    const { user, dialog, password } = await openLogin();
    const toggle = within(dialog).getByRole('button', { name: 'Wachtwoord tonen' });
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    expect(password).toHaveAttribute('type', 'password');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
    expect(password).toHaveAttribute('type', 'text');
    // Shown, it is still not sent to a spelling checker.
    expect(password).toHaveAttribute('spellcheck', 'false');
  });

  it('goes to /funds when the dialog is closed', async () => {
    const { user, dialog, router } = await openLogin();
    await user.click(within(dialog).getByRole('button', { name: 'Sluiten' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/funds'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
