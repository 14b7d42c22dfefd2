import type { ReceiptReading } from '@helder/shared/media';
import { formatEuro } from '@helder/shared/money';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { requestsTo } from '../../test/fake-api';
import { jsonResponse } from '../../test/render';
import { loadPaymentRoutes, logIn, payment, renderPaymentModal } from './test-fixtures';

beforeAll(loadPaymentRoutes);
beforeEach(logIn);

const done = (fields: Partial<NonNullable<ReceiptReading['fields']>> = {}): ReceiptReading => ({
  status: 'done',
  error: null,
  fields: {
    date: { value: '2026-11-12', confidence: 0.9, unsure: false },
    amount: { value: 36.64, confidence: 0.93, unsure: false },
    shop: { value: 'Albert Heijn', confidence: 0.6, unsure: true },
    vat: { value: 3.03, confidence: 0.9, unsure: false },
    vat_rates: [9],
    currency: 'EUR',
    ...fields,
  },
});

/** The edit modal of payment 55, whose newest receipt (8) reads as `answers` say, in turn. */
async function open(...answers: ReceiptReading[]) {
  let n = 0;
  const rendered = renderPaymentModal({
    detail: payment({ short_user_description: '' }),
    routes: {
      'GET /api/media/:id/reading': () =>
        jsonResponse(200, answers[Math.min(n++, answers.length - 1)]),
    },
  });
  const dialog = await screen.findByRole('dialog', { name: 'Transactie bewerken' });
  await within(dialog).findByLabelText('Bedrag');
  return { ...rendered, dialog };
}

describe('reading the receipt in the payment form', () => {
  it('says it is reading, then proposes the fields and fills them only when asked', async () => {
    const { dialog, user, requests } = await open(
      { status: 'queued', error: null, fields: null },
      done(),
    );
    expect(await within(dialog).findByText('Bon wordt gelezen…')).toBeVisible();
    const proposal = await within(dialog).findByRole(
      'region',
      { name: 'Gelezen van de bon' },
      { timeout: 5000 },
    );
    expect(requestsTo(requests, 'GET', '/api/media/8/reading').length).toBeGreaterThanOrEqual(2);
    const facts = within(proposal)
      .getAllByRole('term')
      .map((term) => [term.textContent, term.nextElementSibling?.textContent]);
    expect(facts).toEqual([
      ['Datum', '12-11-2026'],
      ['Bedrag', formatEuro(36.64)],
      ['Winkel', 'Albert Heijn (controleer)'],
      ['BTW', `${formatEuro(3.03)} (9%)`],
    ]);
    const field = (label: string) => within(dialog).getByLabelText(label);
    expect(field('Bedrag')).toHaveValue('-12,50');

    await user.click(within(proposal).getByRole('button', { name: 'Gegevens overnemen' }));
    expect(field('Bedrag')).toHaveValue('-36,64');
    expect(within(dialog).getByRole('radio', { name: 'Uitgaven' })).toBeChecked();
    expect(field('Boekingsdatum')).toHaveValue('12-11-2026');
    expect(field('Naam ontvanger')).toHaveValue('Albert Heijn');
    expect(field('Korte beschrijving')).toHaveValue('Albert Heijn');
    expect(field('Lange beschrijving')).toHaveValue(`BTW 9%: ${formatEuro(3.03)}`);
    expect(within(proposal).getByRole('status')).toHaveTextContent('Controleer ze en sla op.');
  });

  it('says a failed read failed and leaves the form as it was', async () => {
    const { dialog } = await open({ status: 'failed', error: 'encrypted', fields: null });
    expect(
      await within(dialog).findByText(
        'De bon is een beveiligde PDF en kon niet worden gelezen. Vul de gegevens zelf in.',
      ),
    ).toBeVisible();
    expect(within(dialog).queryByRole('button', { name: 'Gegevens overnemen' })).toBeNull();
    expect(within(dialog).getByLabelText('Bedrag')).toHaveValue('-12,50');
  });

  it('proposes no amount for a receipt in dollars', async () => {
    const { dialog, user } = await open(
      done({ amount: null, vat: null, vat_rates: [], currency: 'USD' }),
    );
    const proposal = await within(dialog).findByRole('region', { name: 'Gelezen van de bon' });
    expect(within(proposal).getByText('bon in USD: bedrag niet overgenomen')).toBeVisible();
    await user.click(within(proposal).getByRole('button', { name: 'Gegevens overnemen' }));
    expect(within(dialog).getByLabelText('Bedrag')).toHaveValue('-12,50');
    expect(within(dialog).getByLabelText('Boekingsdatum')).toHaveValue('12-11-2026');
  });

  it('shows nothing when the receipt has no reading', async () => {
    const { dialog } = await open();
    await waitFor(() => expect(within(dialog).getByLabelText('Bedrag')).toBeVisible());
    expect(within(dialog).queryByText('Bon wordt gelezen…')).toBeNull();
    expect(within(dialog).queryByRole('region', { name: 'Gelezen van de bon' })).toBeNull();
  });
});
