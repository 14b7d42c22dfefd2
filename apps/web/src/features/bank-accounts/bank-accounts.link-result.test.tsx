import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../test/render';
import { BANKS, fakeBanksApi, logIn } from './test-fixtures';

const result = (query: string) => `${BANKS}/add-bank?${query}`;

async function showResult(query: string) {
  const rendered = renderApp(result(query));
  const dialog = within(await screen.findByRole('dialog', { name: 'Bankrekening toevoegen' }));
  return { ...rendered, dialog };
}

describe('Bank koppelen: step 3', () => {
  it.each([
    ['success', 'Koppelen voltooid!', 'We hebben met succes verbinding gemaakt met jouw bank.'],
    ['third-party-error', 'Fout bij Externe Dienst', 'Er is geen bankrekening toegevoegd.'],
    ['jwt-token-expired', 'Aanmelding Verlopen', 'Er is geen bankrekening toegevoegd.'],
    ['jwt-validation-error', 'Fout bij Aanmelding', 'Er is geen bankrekening toegevoegd.'],
    ['user-404', 'Gebruiker Niet Gevonden', 'Er is geen bankrekening toegevoegd.'],
    ['requisition-404', 'Aanvraag Niet Gevonden', 'Er is geen bankrekening toegevoegd.'],
    ['cancelled', 'Koppelen gestopt', 'Er is niets gekoppeld.'],
    ['account-taken', 'Rekening al gekoppeld', 'Vraag die persoon om de rekening met je te delen.'],
    ['something-else', 'Onbekende foutmelding', 'Er is geen bankrekening toegevoegd.'],
  ])('?message=%s shows "%s"', async (message, title, text) => {
    logIn();
    fakeBanksApi();
    const { dialog } = await showResult(`step=3&message=${message}`);
    expect(dialog.getByRole('heading', { name: title })).toBeVisible();
    expect(dialog.getByText(new RegExp(text.replace(/[.!?()]/g, '\\$&')))).toBeVisible();
  });

  it("says the spec's success texts, with nothing to try again", async () => {
    logIn();
    fakeBanksApi();
    const { dialog } = await showResult('step=3&message=success');
    expect(dialog.getByText('We hebben 100% van jouw transacties gecategoriseerd.')).toBeVisible();
    expect(dialog.queryByRole('button', { name: 'Opnieuw proberen' })).not.toBeInTheDocument();
  });

  it('does not know how it ended without a message', async () => {
    logIn();
    fakeBanksApi();
    const { dialog } = await showResult('step=3');
    expect(dialog.getByRole('heading', { name: 'Onbekende foutmelding' })).toBeVisible();
    expect(
      dialog.getByText('Er is geen bankrekening toegevoegd. Probeer het opnieuw.'),
    ).toBeVisible();
  });

  it("'Terug naar het overzicht' goes to the transactions, where the new lines are", async () => {
    logIn();
    fakeBanksApi();
    const { user, dialog, router } = await showResult('step=3&message=success');
    await user.click(dialog.getByRole('button', { name: 'Terug naar het overzicht' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/transactions'));
    // With 'Niet gekoppeld' on: the new lines are what waits.
    expect(router.state.location.search).toBe('?unlinked=1');
  });

  it("'Opnieuw proberen' after a failure starts again at choosing the bank", async () => {
    logIn();
    fakeBanksApi();
    const { user, dialog, router } = await showResult('step=3&message=requisition-404');
    await user.click(dialog.getByRole('button', { name: 'Opnieuw proberen' }));
    expect(await dialog.findByRole('searchbox', { name: 'Zoek je bank' })).toBeVisible();
    expect(router.state.location.search).toBe('');
  });
});

describe('the result page in the bank window', () => {
  it('hands its outcome to the page of our origin that opened it, and closes', async () => {
    logIn();
    fakeBanksApi();
    const postMessage = vi.fn();
    const close = vi.fn();
    vi.stubGlobal('opener', { postMessage, location: { origin: window.location.origin } });
    vi.stubGlobal('close', close);
    await showResult('step=3&message=third-party-error');
    await waitFor(() => expect(close).toHaveBeenCalledTimes(1));
    expect(postMessage).toHaveBeenCalledExactlyOnceWith(
      { type: 'helder:bank-link', outcome: 'third-party-error' },
      window.location.origin,
    );
  });

  it('hands nothing to an opener of another origin, and shows the result itself', async () => {
    logIn();
    fakeBanksApi();
    const postMessage = vi.fn();
    const close = vi.fn();
    const foreign = {
      postMessage,
      get location(): never {
        throw new DOMException('Blocked a frame with origin', 'SecurityError');
      },
    };
    vi.stubGlobal('opener', foreign);
    vi.stubGlobal('close', close);
    const { dialog } = await showResult('step=3&message=user-404');
    expect(dialog.getByRole('heading', { name: 'Gebruiker Niet Gevonden' })).toBeVisible();
    expect(postMessage).not.toHaveBeenCalled();
    expect(close).not.toHaveBeenCalled();
  });
});
