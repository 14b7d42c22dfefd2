import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { StatementPreview } from '@helder/shared/bank-accounts';
import { jsonResponse, renderApp } from '../../test/render';
import { fakeXhr } from '../../test/fake-xhr';
import { formatIban } from '../../lib/iban';
import { BANKS, callsTo, fakeBanksApi, logIn, makePreview } from './test-fixtures';

const UPLOAD = 'POST /api/user/:userId/statement-imports';
const CONFIRM = 'POST /api/user/:userId/statement-import/:importId/confirm';
const RESULT = {
  id: 31,
  new_count: 1,
  duplicate_count: 0,
  skipped_count: 0,
  bank_account_ids: [9],
};

/** A preview of one account number from before the IBAN, at a bank the file does not name. */
const nationalPreview = (overrides: Partial<StatementPreview> = {}) => {
  const base = makePreview();
  return makePreview({
    accounts: [
      { ...base.accounts[0]!, iban: '1291.99.348', institution_name: null, bank_required: true },
    ],
    ...overrides,
  });
};

async function openPreview() {
  const { user } = renderApp(`${BANKS}/add-bank`);
  const dialog = within(await screen.findByRole('dialog', { name: 'Bankrekening toevoegen' }));
  await user.click(dialog.getByRole('button', { name: 'Afschrift importeren' }));
  await user.upload(
    dialog.getByLabelText('Bestand'),
    new File([':20:X'], 'afschrift.sta', { type: 'text/plain' }),
  );
  await user.click(dialog.getByRole('button', { name: 'Uploaden' }));
  await dialog.findByRole('heading', { name: 'Controleer het afschrift' });
  return { user, dialog };
}

describe('an account number without an IBAN', () => {
  it('is shown as the bank writes it; an IBAN is grouped in fours', () => {
    expect(formatIban('1291.99.348')).toBe('1291.99.348');
    expect(formatIban('P1234567')).toBe('P1234567');
    expect(formatIban('0123456789')).toBe('0123456789');
    expect(formatIban('NL91ABNA0417164300')).toBe('NL91 ABNA 0417 1643 00');
  });

  it('asks for the bank before importing and sends the chosen one', async () => {
    logIn();
    fakeXhr();
    const { requests } = fakeBanksApi({
      routes: {
        [UPLOAD]: () => jsonResponse(200, nationalPreview()),
        [CONFIRM]: () => jsonResponse(200, RESULT),
      },
    });
    const { user, dialog } = await openPreview();
    expect(dialog.getByRole('region', { name: '1291.99.348' })).toBeVisible();
    const bank = dialog.getByRole('combobox', { name: 'Bank van het rekeningnummer' });

    await user.click(dialog.getByRole('button', { name: 'Importeren' }));
    expect(dialog.getByText('Kies eerst de bank van het rekeningnummer.')).toBeVisible();
    expect(bank).toHaveFocus();
    expect(bank).toHaveAttribute('aria-invalid', 'true');
    expect(callsTo(requests, 'POST', /\/confirm$/)).toHaveLength(0);

    await user.selectOptions(bank, 'Rabobank');
    await user.click(dialog.getByRole('button', { name: 'Importeren' }));
    expect(
      await dialog.findByText('1 transacties geïmporteerd, 0 waren al geïmporteerd'),
    ).toBeVisible();
    const [sent] = callsTo(requests, 'POST', /\/statement-import\/31\/confirm$/);
    expect(new URL(sent!.url, 'http://localhost').searchParams.get('bank')).toBe('RABONL2U');
  });

  it('names the bank it knows and asks nothing; zero amounts are listed as skipped', async () => {
    logIn();
    fakeXhr();
    const { requests } = fakeBanksApi({
      routes: {
        [UPLOAD]: () =>
          jsonResponse(
            200,
            makePreview({ skipped: [{ line: 6, reason: 'zero_amount', detail: '' }] }),
          ),
        [CONFIRM]: () => jsonResponse(200, RESULT),
      },
    });
    const { user, dialog } = await openPreview();
    const facts = within(dialog.getByRole('region', { name: 'NL91 ABNA 0417 1643 00' }));
    expect(facts.getByText('Bank').nextSibling).toHaveTextContent('ABN AMRO');
    expect(dialog.getByText('Regel 6: bedrag is nul')).toBeVisible();
    expect(dialog.queryByRole('combobox', { name: 'Bank van het rekeningnummer' })).toBeNull();
    await user.click(dialog.getByRole('button', { name: 'Importeren' }));
    await dialog.findByText('1 transacties geïmporteerd, 0 waren al geïmporteerd');
    const [sent] = callsTo(requests, 'POST', /\/confirm$/);
    expect(new URL(sent!.url, 'http://localhost').searchParams.has('bank')).toBe(false);
  });

  it('says so when the preview has expired', async () => {
    logIn();
    fakeXhr();
    fakeBanksApi({
      routes: {
        [UPLOAD]: () => jsonResponse(200, makePreview()),
        [CONFIRM]: () =>
          jsonResponse(422, {
            detail: 'Validation failed',
            code: 'VALIDATION_ERROR',
            errors: [{ field: 'file', code: 'statement_preview_expired', message: 'expired' }],
          }),
      },
    });
    const { user, dialog } = await openPreview();
    await user.click(dialog.getByRole('button', { name: 'Importeren' }));
    expect(
      await dialog.findByText(
        'Deze controle is verlopen: ze is ouder dan een dag. Upload het bestand opnieuw.',
      ),
    ).toBeVisible();
  });
});
