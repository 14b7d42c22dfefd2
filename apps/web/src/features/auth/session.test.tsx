import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../test/fake-api';
import { jsonResponse, makeToken, renderApp } from '../../test/render';
import {
  decodeToken,
  getSession,
  loadSession,
  login,
  logout,
  SESSION_CHECK_INTERVAL_MS,
  TOKEN_STORAGE_KEY,
} from './session';

describe('session', () => {
  it('decodes the claims of the JWT (base64url JSON)', () => {
    const token = makeToken({ userId: 42, username: 'émile@example.nl', expiresInSeconds: 60 });
    expect(decodeToken(token)).toMatchObject({ userId: 42, username: 'émile@example.nl' });
    expect(decodeToken('not-a-jwt')).toBeNull();
    expect(decodeToken('a.b.c')).toBeNull();
  });

  it('removes an expired token on load and keeps a valid one', () => {
    localStorage.setItem(TOKEN_STORAGE_KEY, makeToken({ expiresInSeconds: -5 }));
    expect(loadSession()).toBeNull();
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();

    const valid = makeToken({ userId: 3 });
    localStorage.setItem(TOKEN_STORAGE_KEY, valid);
    expect(loadSession()).toMatchObject({ userId: 3, token: valid });
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBe(valid);
  });

  it('removes an unreadable token on load', () => {
    localStorage.setItem(TOKEN_STORAGE_KEY, 'garbage');
    expect(loadSession()).toBeNull();
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
  });

  it('logs in and out', () => {
    const token = makeToken({ userId: 5 });
    expect(login(token)).toMatchObject({ userId: 5 });
    expect(getSession()?.token).toBe(token);
    expect(login(makeToken({ expiresInSeconds: -1 }))).toBeNull();
    expect(getSession()?.token).toBe(token);
    logout();
    expect(getSession()).toBeNull();
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
  });

  it('checks the expiry every 60 s and then goes to /login', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    localStorage.setItem(TOKEN_STORAGE_KEY, makeToken({ expiresInSeconds: 90 }));
    const { router } = renderApp('/funds');
    expect(await screen.findByRole('button', { name: 'Uitloggen' })).toBeInTheDocument();
    // The watcher starts in an effect; advance the clock only once its interval exists.
    await waitFor(() => expect(vi.getTimerCount()).toBeGreaterThan(0));

    act(() => {
      vi.advanceTimersByTime(SESSION_CHECK_INTERVAL_MS);
    });
    expect(router.state.location.pathname).toBe('/funds');
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).not.toBeNull();

    act(() => {
      vi.advanceTimersByTime(SESSION_CHECK_INTERVAL_MS);
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'), { timeout: 5_000 });
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
    // The login modal's route module loads on first use, which is slow on a busy machine.
    expect(
      await screen.findByRole('dialog', { name: 'Inloggen' }, { timeout: 5_000 }),
    ).toBeInTheDocument();
  });

  it('logging out from the side menu returns to /', async () => {
    localStorage.setItem(TOKEN_STORAGE_KEY, makeToken());
    const { router, user } = renderApp('/sponsors');
    await user.click(await screen.findByRole('button', { name: 'Uitloggen' }));
    await waitFor(() => expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull());
    expect(router.state.location.pathname).toBe('/');
    expect(screen.queryByRole('link', { name: 'Sponsors' })).not.toBeInTheDocument();
  });

  it('logging out on / itself ends the session as well', async () => {
    localStorage.setItem(TOKEN_STORAGE_KEY, makeToken());
    const { user } = renderApp('/');
    await user.click(await screen.findByRole('button', { name: 'Uitloggen' }));
    expect(await screen.findByRole('link', { name: 'Inloggen' })).toBeInTheDocument();
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
  });
});

describe('login-only routes', () => {
  it('redirect to /login without a stored token', async () => {
    const { router } = renderApp('/contacts');
    expect(await screen.findByRole('dialog', { name: 'Inloggen' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.state).toMatchObject({ from: { pathname: '/contacts' } });
  });

  it('render with a stored token', async () => {
    localStorage.setItem(TOKEN_STORAGE_KEY, makeToken());
    fakeApi({
      'GET /api/payments/user/:userId': () =>
        jsonResponse(200, { payments: [], totalCount: 0, unlinkedCount: 0 }),
      'GET /api/auth/entity-access/linkable-initiatives': () =>
        jsonResponse(200, { initiatives: [] }),
    });
    renderApp('/transactions');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Transacties' }),
    ).toBeInTheDocument();
    expect(await screen.findByText('Geen gegevens gevonden')).toBeInTheDocument();
  });
});
