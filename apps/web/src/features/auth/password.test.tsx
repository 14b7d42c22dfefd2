import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { bodyText, jsonResponse, mockFetch, renderApp } from '../../test/render';

async function openReset(token?: string, fakeTimers = false) {
  const app = renderApp(
    token === undefined ? '/reset-password' : `/reset-password?token=${token}`,
    { fakeTimers },
  );
  await screen.findByRole('heading', { level: 1, name: 'Wachtwoord instellen' });
  return app;
}

async function fillPasswords(
  user: ReturnType<typeof renderApp>['user'],
  password: string,
  confirmation: string,
) {
  await user.type(screen.getByLabelText('Nieuw wachtwoord'), password);
  await user.type(screen.getByLabelText('Herhaal wachtwoord'), confirmation);
  await user.click(screen.getByRole('button', { name: 'Wachtwoord instellen' }));
}

describe('/reset-password', () => {
  it('without a token says something went wrong and links to a new request', async () => {
    await openReset();
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Er is iets mis gegaan. Vraag een nieuwe link aan',
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Invalid or missing token');
    expect(screen.getByRole('link', { name: 'Nieuwe link aanvragen' })).toHaveAttribute(
      'href',
      '/account-recovery',
    );
    expect(screen.queryByLabelText('Nieuw wachtwoord')).not.toBeInTheDocument();
  });

  it('refuses passwords that do not match', async () => {
    const { fetchMock } = mockFetch(() => jsonResponse(200, {}));
    const { user } = await openReset('abc');
    await fillPasswords(user, 'lang-genoeg', 'lang-genoeG');
    expect(await screen.findByText('Wachtwoorden komen niet overeen.')).toHaveAttribute(
      'role',
      'alert',
    );
    expect(screen.getByLabelText('Herhaal wachtwoord')).toHaveAttribute('aria-invalid', 'true');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("shows the server's length rule (422) translated", async () => {
    mockFetch(() =>
      jsonResponse(422, {
        detail: 'Validation failed',
        code: 'VALIDATION_ERROR',
        errors: [{ field: 'password', code: 'too_small', message: 'Too small' }],
      }),
    );
    const { user } = await openReset('abc');
    await fillPasswords(user, 'kort', 'kort');
    expect(
      await screen.findByText('Het wachtwoord moet minimaal 8 tekens bevatten.'),
    ).toBeInTheDocument();
  });

  it('treats a refused token (400) as a broken link', async () => {
    mockFetch(() => jsonResponse(400, { detail: 'Invalid or expired token', code: 'BAD_TOKEN' }));
    const { user } = await openReset('used');
    await fillPasswords(user, 'lang-genoeg', 'lang-genoeg');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Er is iets mis gegaan. Vraag een nieuwe link aan',
    );
  });

  it('shows the unknown-error message on other failures', async () => {
    mockFetch(() => jsonResponse(500, { detail: 'internal error', code: 'INTERNAL_ERROR' }));
    const { user } = await openReset('abc');
    await fillPasswords(user, 'lang-genoeg', 'lang-genoeg');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Er is een onbekende fout opgetreden bij het aanpassen van het wachtwoord.',
    );
  });

  it('sets the password, confirms it and goes to /login after 5 s', async () => {
    // Fake setTimeout that still follows the real clock, so that waiting in the test works.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
    const { requests } = mockFetch(() => jsonResponse(200, {}));
    const { user, router } = await openReset('tok%2Ben', true);
    await fillPasswords(user, 'lang-genoeg', 'lang-genoeg');
    expect(await screen.findByText('Wachtwoord succesvol aangemaakt.')).toBeInTheDocument();
    expect(requests[0]?.url).toBe('/api/auth/reset-password');
    expect(JSON.parse(bodyText(requests[0]))).toEqual({
      token: 'tok+en',
      password: 'lang-genoeg',
    });

    act(() => {
      vi.advanceTimersByTime(4_500);
    });
    expect(router.state.location.pathname).toBe('/reset-password');
    act(() => {
      vi.advanceTimersByTime(500);
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });
});

describe('/account-recovery and /request-new-password', () => {
  it("sends a link ('Verstuur Link') and says where it went", async () => {
    const { requests } = mockFetch(() => new Response(null, { status: 202 }));
    const { user } = renderApp('/account-recovery');
    await user.type(await screen.findByLabelText('E-mailadres'), 'jan@example.nl');
    await user.click(screen.getByRole('button', { name: 'Verstuur Link' }));
    expect(await screen.findByText('Er is een link naar je e-mailadres gestuurd.')).toBeVisible();
    expect(screen.getByText('Volg de link om je wachtwoord in te stellen.')).toBeVisible();
    expect(requests[0]?.url).toBe('/api/auth/forgot-password');
    expect(JSON.parse(bodyText(requests[0]))).toEqual({ email: 'jan@example.nl' });
  });

  it("asks for an e-mail address ('Verstuur link') and reports unknown errors", async () => {
    mockFetch(() => jsonResponse(500, { detail: 'internal error', code: 'INTERNAL_ERROR' }));
    const { user } = renderApp('/request-new-password');
    const submit = await screen.findByRole('button', { name: 'Verstuur link' });
    await user.click(submit);
    expect(await screen.findByText('Vul je e-mailadres in.')).toBeInTheDocument();
    await user.type(screen.getByLabelText('E-mailadres'), 'jan@example.nl');
    await user.click(submit);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Er is een onbekende fout opgetreden bij het aanvragen van de wachtwoordreset.',
    );
  });
});
