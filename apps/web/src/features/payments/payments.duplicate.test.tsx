import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, expect, it } from 'vitest';
import { makeToken, renderApp } from '../../test/render';
import { TOKEN_STORAGE_KEY } from '../auth';
import { payment, paymentsApi } from './test-fixtures';

beforeAll(async () => {
  await Promise.all([
    import('../../app/routes/initiatives'),
    import('../../app/routes/initiatives.modals'),
  ]);
});

beforeEach(() => {
  localStorage.setItem(TOKEN_STORAGE_KEY, makeToken());
});

it("names the line a payment may double in its details: 'Mogelijk dubbel'", async () => {
  paymentsApi({
    actions: { 'Payment:55': ['read'] },
    detail: payment({
      short_user_description: 'BROOD EN BANKET',
      possible_duplicate_of: {
        payment_id: 12,
        booking_date: '2026-03-15',
        amount: -12.5,
        counterparty: 'Bakker Jansen',
        description: 'Brood',
      },
    }),
  });
  renderApp('/funds/3/55/details');
  const dialog = await screen.findByRole('dialog');
  await waitFor(() => expect(within(dialog).queryByText('Transactie laden...')).toBeNull());
  const badge = within(dialog).getByText('Mogelijk dubbel');
  expect(badge.closest('dd')).toHaveTextContent(/^BROOD EN BANKET/);
  expect(badge).toHaveTextContent(
    'Lijkt op een andere transactie van deze rekening: 15-03-2026 · Bakker Jansen',
  );
});
