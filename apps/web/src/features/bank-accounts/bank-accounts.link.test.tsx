import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderApp } from '../../test/render';
import {
  BANKS,
  callsTo,
  fakeBanksApi,
  INSTITUTIONS,
  logIn,
  makeAccount,
  makeInstitution,
  ME,
} from './test-fixtures';

const INITIATE = 'GET /api/users/:userId/gocardless-initiate';
const BANK_PAGE = 'https://bank.example/consent/abc';
const initiated = () => jsonResponse(200, { url: BANK_PAGE });

/** The browser's window.open: the bank's window it gives (a stand-in), or null when blocked. */
function stubWindowOpen({ blocked = false } = {}) {
  const bankWindow = { closed: false, focus: vi.fn() };
  const open = vi.fn(() => (blocked ? null : bankWindow));
  vi.stubGlobal('open', open);
  return { open, bankWindow };
}

/** What the result page in the bank's window posts to its opener. */
function reportFromBankWindow(outcome: string, origin = window.location.origin) {
  act(() => {
    window.dispatchEvent(
      new MessageEvent('message', { origin, data: { type: 'helder:bank-link', outcome } }),
    );
  });
}

async function openAddBank(url = `${BANKS}/add-bank`) {
  const rendered = renderApp(url);
  const dialog = within(await screen.findByRole('dialog', { name: 'Bankrekening toevoegen' }));
  return { ...rendered, dialog };
}

/** Picks `bank` from step 1 by searching for it. */
async function pick({ user, dialog }: Awaited<ReturnType<typeof openAddBank>>, bank: string) {
  await user.type(await dialog.findByRole('searchbox', { name: 'Zoek je bank' }), bank);
  await user.click(dialog.getByRole('button', { name: bank }));
}

describe('Bank koppelen: step 1', () => {
  it('lists the banks with their logos, filters them by name and is used by keyboard', async () => {
    logIn();
    fakeBanksApi({
      institutions: [
        makeInstitution('ABNAMRO', { name: 'ABN AMRO' }),
        makeInstitution('RABO', { name: 'Rabobank' }),
        makeInstitution('SOGE', { name: 'Société Générale' }),
        makeInstitution('SANDBOX', { name: 'Sandbox', logo: null }),
      ],
    });
    const { user, dialog } = await openAddBank();
    const search = await dialog.findByRole('searchbox', { name: 'Zoek je bank' });
    expect(search).toHaveFocus();
    const banks = await dialog.findByRole('list', { name: 'Banken' });
    expect(within(banks).getAllByRole('button')).toHaveLength(4);
    const abn = within(banks).getByRole('button', { name: 'ABN AMRO' });
    expect(abn.querySelector('img')).toHaveAttribute('src', 'https://cdn.example/abnamro.png');
    // The demo bank has no logo of its own: it shows the fixed sandbox logo.
    const sandbox = within(banks).getByRole('button', { name: 'Sandbox' });
    expect(sandbox.querySelector('[data-logo="sandbox"]')).not.toBeNull();

    await user.type(search, 'societe');
    expect(
      within(banks)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Société Générale']);
    expect(dialog.getByText('1 bank gevonden')).toBeInTheDocument();
    await user.clear(search);
    await user.type(search, 'xyz');
    expect(dialog.getByText('Geen bank gevonden voor ‘xyz’.')).toBeVisible();
    await user.clear(search);
    expect(dialog.getByText('4 banken gevonden')).toBeInTheDocument();

    // From the search box into the list, along it with the arrow keys, and pick with Enter.
    await user.keyboard('{ArrowDown}');
    expect(dialog.getByRole('button', { name: 'ABN AMRO' })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(dialog.getByRole('button', { name: 'Rabobank' })).toHaveFocus();
    await user.keyboard('{End}');
    expect(dialog.getByRole('button', { name: 'Sandbox' })).toHaveFocus();
    await user.keyboard('{ArrowUp}{Enter}');
    expect(
      await dialog.findByRole('heading', { name: 'Toestemming voor Société Générale' }),
    ).toHaveFocus();
  });

  it('says when the banks could not be loaded, and loads them again', async () => {
    logIn();
    let fail = true;
    fakeBanksApi({
      routes: {
        [INSTITUTIONS]: () =>
          fail
            ? jsonResponse(502, { detail: 'Provider down', code: 'INTERNAL_ERROR' })
            : jsonResponse(200, { institutions: [makeInstitution('ING')] }),
      },
    });
    const { user, dialog } = await openAddBank();
    expect(await dialog.findByRole('alert')).toHaveTextContent(
      'De banken konden niet worden geladen.',
    );
    fail = false;
    await user.click(dialog.getByRole('button', { name: 'Opnieuw proberen' }));
    expect(await dialog.findByRole('button', { name: 'ING' })).toBeVisible();
  });

  it('offers importing a statement file instead, and the way back', async () => {
    logIn();
    fakeBanksApi();
    const { user, dialog } = await openAddBank();
    await user.click(await dialog.findByRole('button', { name: 'Afschrift importeren' }));
    expect(dialog.getByLabelText('Bestand')).toHaveFocus();
    await user.click(dialog.getByRole('button', { name: 'Kies je bank' }));
    expect(await dialog.findByRole('searchbox', { name: 'Zoek je bank' })).toHaveFocus();
  });
});

describe('Bank koppelen: consent and the bank window', () => {
  it('asks the days the bank allows, opens its page and shows what the bank window reports', async () => {
    logIn();
    const { requests } = fakeBanksApi({
      institutions: [
        makeInstitution('RABO', { name: 'Rabobank', max_access_days: 60, max_history_days: 30 }),
      ],
      routes: { [INITIATE]: initiated },
    });
    const { open } = stubWindowOpen();
    const opened = await openAddBank();
    const { user, dialog, router } = opened;
    await pick(opened, 'Rabobank');

    expect(
      dialog.getByText('60 dagen toegang tot je rekeninggegevens en transacties'),
    ).toBeVisible();
    expect(dialog.getByText('je transacties van de afgelopen 30 dagen')).toBeVisible();
    await user.click(dialog.getByRole('button', { name: 'Accepteer en ga door' }));

    expect(await dialog.findByRole('heading', { name: 'Wachten op je bank' })).toBeVisible();
    expect(open).toHaveBeenCalledWith(BANK_PAGE, expect.any(String), expect.any(String));
    const [call] = callsTo(requests, 'GET', /gocardless-initiate$/);
    const sent = new URL(call!.url, 'http://localhost');
    expect(sent.pathname).toBe(`/api/users/${ME}/gocardless-initiate`);
    expect(Object.fromEntries(sent.searchParams)).toEqual({
      institution_id: 'RABO',
      n_days_access: '60',
      n_days_history: '30',
    });

    // Only our own origin is heard.
    reportFromBankWindow('success', 'https://evil.example');
    reportFromBankWindow('cancelled');
    expect(await dialog.findByRole('heading', { name: 'Koppelen gestopt' })).toBeVisible();
    expect(dialog.getByText('Je bent bij de bank gestopt. Er is niets gekoppeld.')).toBeVisible();
    expect(router.state.location.search).toBe('?step=3&message=cancelled');
  });

  it('asks 90 days of access and history of a bank that allows more', async () => {
    logIn();
    const { requests } = fakeBanksApi({ routes: { [INITIATE]: initiated } });
    stubWindowOpen();
    const opened = await openAddBank();
    const { user, dialog } = opened;
    await pick(opened, 'ING');
    expect(
      dialog.getByText('90 dagen toegang tot je rekeninggegevens en transacties'),
    ).toBeVisible();
    expect(dialog.getByText('je transacties van de afgelopen 90 dagen')).toBeVisible();
    await user.click(dialog.getByRole('button', { name: 'Accepteer en ga door' }));
    await dialog.findByRole('heading', { name: 'Wachten op je bank' });
    const [call] = callsTo(requests, 'GET', /gocardless-initiate$/);
    const query = new URL(call!.url, 'http://localhost').searchParams;
    expect([query.get('n_days_access'), query.get('n_days_history')]).toEqual(['90', '90']);
  });

  it.each([
    ['no new link came: unknown', false, 'Onbekende foutmelding'],
    ['a new linked account appeared: success', true, 'Koppelen voltooid!'],
  ])('a window closed without a word reads the accounts again: %s', async (_, linked, title) => {
    logIn();
    const owned = [makeAccount(4, { institution_name: 'ABN AMRO' })];
    const { requests } = fakeBanksApi({ owned, routes: { [INITIATE]: initiated } });
    const { bankWindow } = stubWindowOpen();
    const opened = await openAddBank();
    const { user, dialog } = opened;
    await pick(opened, 'ING');
    await user.click(dialog.getByRole('button', { name: 'Accepteer en ga door' }));
    await dialog.findByRole('heading', { name: 'Wachten op je bank' });
    const reads = callsTo(requests, 'GET', /bank-accounts$/).length;

    if (linked) owned.push(makeAccount(9, { provider: 'gocardless', institution_id: 'ING' }));
    bankWindow.closed = true;
    expect(await dialog.findByRole('heading', { name: title })).toBeVisible();
    expect(callsTo(requests, 'GET', /bank-accounts$/).length).toBeGreaterThan(reads);
  });

  it('goes to the bank in this tab when the browser blocks the window', async () => {
    logIn();
    fakeBanksApi({ routes: { [INITIATE]: initiated } });
    const { open } = stubWindowOpen({ blocked: true });
    const assign = vi.fn();
    const opened = await openAddBank();
    const { user, dialog } = opened;
    await pick(opened, 'ING');
    vi.stubGlobal('location', { ...window.location, assign });
    await user.click(dialog.getByRole('button', { name: 'Accepteer en ga door' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith(BANK_PAGE));
    expect(open).toHaveBeenCalledTimes(1);
    expect(dialog.getByRole('status')).toHaveTextContent('Je wordt doorgestuurd naar je bank...');
  });

  it('says when linking could not be started, and opens nothing', async () => {
    logIn();
    fakeBanksApi({
      routes: {
        [INITIATE]: () => jsonResponse(502, { detail: 'Provider down', code: 'INTERNAL_ERROR' }),
      },
    });
    const { open } = stubWindowOpen();
    const opened = await openAddBank();
    const { user, dialog } = opened;
    await pick(opened, 'ING');
    await user.click(dialog.getByRole('button', { name: 'Accepteer en ga door' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent(
      'Het koppelen kon niet worden gestart: Provider down',
    );
    expect(open).not.toHaveBeenCalled();
    // Back to the list for another bank.
    await user.click(dialog.getByRole('button', { name: 'Andere bank kiezen' }));
    expect(await dialog.findByRole('searchbox', { name: 'Zoek je bank' })).toHaveFocus();
  });
});

describe("'Vernieuw nu'", () => {
  it("starts at the consent for the account's bank and says the consent is renewed", async () => {
    logIn();
    const { requests } = fakeBanksApi({
      owned: [
        makeAccount(4, {
          institution_name: 'Rabobank',
          provider: 'gocardless',
          institution_id: 'RABO',
          expiration_date: '2030-03-01T00:00:00Z',
        }),
      ],
      institutions: [makeInstitution('RABO', { name: 'Rabobank' })],
      routes: { [INITIATE]: initiated },
    });
    stubWindowOpen();
    const { user, router } = renderApp(BANKS);
    const card = within(await screen.findByRole('article', { name: 'Rabobank' }));
    await user.click(card.getByRole('link', { name: 'Vernieuw nu' }));

    const dialog = within(await screen.findByRole('dialog', { name: 'Bankkoppeling vernieuwen' }));
    expect(
      await dialog.findByRole('heading', { name: 'Toestemming voor Rabobank vernieuwen' }),
    ).toBeVisible();
    expect(dialog.queryByRole('searchbox')).not.toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Accepteer en ga door' }));
    await dialog.findByRole('heading', { name: 'Wachten op je bank' });
    const [call] = callsTo(requests, 'GET', /gocardless-initiate$/);
    expect(new URL(call!.url, 'http://localhost').searchParams.get('institution_id')).toBe('RABO');

    reportFromBankWindow('success');
    expect(await dialog.findByRole('heading', { name: 'Koppelen voltooid!' })).toBeVisible();
    expect(dialog.getByText('Je toestemming is vernieuwd.')).toBeVisible();
    expect(router.state.location.search).toBe('?id=4&step=3&message=success');
  });

  it('is not offered for an account without its bank, nor for shared accounts', async () => {
    logIn();
    fakeBanksApi({
      owned: [makeAccount(4, { institution_name: 'ING', provider: 'gocardless' })],
      used: [
        makeAccount(5, {
          institution_name: 'Rabobank',
          provider: 'gocardless',
          institution_id: 'RABO',
        }),
      ],
    });
    renderApp(BANKS);
    const ing = within(await screen.findByRole('article', { name: 'ING' }));
    expect(ing.getByRole('link', { name: 'Verwijderen' })).toBeVisible();
    expect(ing.queryByRole('link', { name: 'Vernieuw nu' })).not.toBeInTheDocument();
    const rabo = within(await screen.findByRole('article', { name: 'Rabobank' }));
    expect(rabo.queryByRole('link', { name: 'Vernieuw nu' })).not.toBeInTheDocument();
  });
});
