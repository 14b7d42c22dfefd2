import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { i18next } from '../../lib/i18n';
import { jsonResponse, renderApp } from '../../test/render';
import { SYNC_REFETCH_MS } from './api';
import { BANKS, callsTo, fakeBanksApi, logIn, makeAccount, ME } from './test-fixtures';

const NOW = new Date('2027-02-17T12:00:00Z');
const hoursFromNow = (hours: number) => new Date(NOW.getTime() + hours * 3_600_000).toISOString();
const SYNC = 'POST /api/user/:userId/bank-account/:bankAccountId/sync';

/** An account linked through a bank, as the provider's sandbox makes it. */
const linked = (id: number, overrides: Parameters<typeof makeAccount>[1] = {}) =>
  makeAccount(id, {
    provider: 'sandbox',
    institution_id: 'SANDBOX',
    institution_name: 'Sandbox',
    expiration_date: '2027-03-12T10:00:00Z',
    last_synced_at: hoursFromNow(-2),
    next_sync_at: hoursFromNow(4),
    ...overrides,
  });

const card = async (name: string) => within(await screen.findByRole('article', { name }));

describe('a linked account on the Banks tab', () => {
  it('shows its expiry with the days left, its last and next sync, and the sandbox logo', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
    logIn();
    fakeBanksApi({ owned: [linked(4)] });
    renderApp(BANKS);
    const sandbox = await card('Sandbox');
    expect(sandbox.getByText(/^Vervalt op 12 mrt\.? 2027 \(nog 23 dagen\)$/)).toBeVisible();
    expect(sandbox.getByText('Laatst gesynchroniseerd 2 uur geleden')).toBeVisible();
    expect(sandbox.getByText('Volgende synchronisatie over 4 uur')).toBeVisible();
    expect(sandbox.getByRole('button', { name: 'Nu synchroniseren' })).toBeEnabled();
    expect(sandbox.getByRole('link', { name: 'Vernieuw nu' })).toBeVisible();
    const article = await screen.findByRole('article', { name: 'Sandbox' });
    expect(article.querySelector('[data-logo="sandbox"]')).not.toBeNull();
    expect(article.querySelector('img')).toBeNull();
  });

  it('says it in the reader’s language', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
    await i18next.changeLanguage('en');
    logIn();
    fakeBanksApi({
      owned: [linked(4, { last_synced_at: hoursFromNow(-50), next_sync_at: hoursFromNow(0.5) })],
    });
    renderApp(BANKS);
    const sandbox = await card('Sandbox');
    expect(sandbox.getByText('Expires on 12 Mar 2027 (23 days left)')).toBeVisible();
    expect(sandbox.getByText('Last synced on 15 Feb 2027')).toBeVisible();
    expect(sandbox.getByText('Next sync in 30 minutes')).toBeVisible();
    expect(sandbox.getByRole('button', { name: 'Sync now' })).toBeVisible();
  });

  it('says why it does not sync now, per problem', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
    logIn();
    fakeBanksApi({
      owned: [
        linked(4, { institution_name: 'ING', sync_problem: 'reauth_required' }),
        linked(5, {
          institution_name: 'Rabobank',
          sync_problem: 'rate_limited',
          next_sync_at: hoursFromNow(3),
        }),
        linked(6, {
          institution_name: 'bunq',
          sync_problem: 'unavailable',
          next_sync_at: hoursFromNow(48),
        }),
      ],
      used: [linked(8, { institution_name: 'Triodos', sync_problem: 'reauth_required' })],
    });
    renderApp(BANKS);

    const ing = await card('ING');
    expect(
      ing.getByText(
        'De bank vraagt opnieuw om je toestemming. Koppel de rekening opnieuw met ‘Vernieuw nu’.',
      ),
    ).toBeVisible();
    // Without a consent there is nothing to sync; 'Vernieuw nu' is the way.
    expect(ing.queryByRole('button', { name: 'Nu synchroniseren' })).not.toBeInTheDocument();
    expect(ing.getByRole('link', { name: 'Vernieuw nu' })).toBeVisible();

    const rabo = await card('Rabobank');
    expect(
      rabo.getByText('De bank staat de volgende synchronisatie over 3 uur toe.'),
    ).toBeVisible();
    expect(rabo.queryByText(/^Volgende synchronisatie/)).not.toBeInTheDocument();

    const bunq = await card('bunq');
    expect(
      bunq.getByText(/^De bank was niet bereikbaar; we proberen het op 19 feb\.? 2027 opnieuw\.$/),
    ).toBeVisible();

    const triodos = await card('Triodos');
    expect(
      triodos.getByText('De bank vraagt opnieuw om toestemming van de eigenaar van deze rekening.'),
    ).toBeVisible();
    expect(triodos.queryByRole('button')).not.toBeInTheDocument();
  });
});

describe("'Nu synchroniseren'", () => {
  it('fetches now, and reads the accounts again a few seconds later', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
    logIn();
    const { requests } = fakeBanksApi({
      owned: [linked(4)],
      routes: { [SYNC]: () => jsonResponse(200, { status: 'queued', next_sync_at: null }) },
    });
    const { user } = renderApp(BANKS, { fakeTimers: true });
    const sandbox = await card('Sandbox');
    await user.click(sandbox.getByRole('button', { name: 'Nu synchroniseren' }));
    expect(await sandbox.findByRole('status')).toHaveTextContent(
      'Je transacties worden opgehaald; over een paar seconden staan ze in het overzicht.',
    );
    expect(callsTo(requests, 'POST', /\/sync$/)[0]?.url).toBe(
      `/api/user/${ME}/bank-account/4/sync`,
    );
    const reads = callsTo(requests, 'GET', /bank-accounts$/).length;
    await act(() => vi.advanceTimersByTimeAsync(SYNC_REFETCH_MS));
    await waitFor(() => expect(callsTo(requests, 'GET', /bank-accounts$/)).toHaveLength(reads + 1));
  });

  it('says when the bank allows the next sync, as news rather than an error', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
    logIn();
    fakeBanksApi({
      owned: [linked(4)],
      routes: {
        [SYNC]: () => jsonResponse(200, { status: 'waiting', next_sync_at: hoursFromNow(5) }),
      },
    });
    const { user } = renderApp(BANKS);
    const sandbox = await card('Sandbox');
    await user.click(sandbox.getByRole('button', { name: 'Nu synchroniseren' }));
    expect(await sandbox.findByRole('status')).toHaveTextContent(
      'De bank staat de volgende synchronisatie over 5 uur toe.',
    );
    expect(sandbox.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says when the sync failed', async () => {
    logIn();
    fakeBanksApi({
      owned: [linked(4)],
      routes: { [SYNC]: () => jsonResponse(500, { detail: 'Kapot', code: 'INTERNAL_ERROR' }) },
    });
    const { user } = renderApp(BANKS);
    const sandbox = await card('Sandbox');
    await user.click(sandbox.getByRole('button', { name: 'Nu synchroniseren' }));
    expect(await sandbox.findByRole('alert')).toHaveTextContent('Synchroniseren is mislukt: Kapot');
  });
});
