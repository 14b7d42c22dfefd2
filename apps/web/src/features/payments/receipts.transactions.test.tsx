import type { InboxReceipt } from '@helder/shared/receipts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { actionsFor, jsonBody, requestsTo, type FakeHandler } from '../../test/fake-api';
import { jsonResponse, renderApp } from '../../test/render';
import { fakePaymentsApi, logIn, makePayment } from './overview-test-fixtures';
import { receipt } from './receipts-test-fixtures';

/** /transactions with one's own inbox holding one receipt that matched nothing. */
function open({
  actions = { 'Initiative:4': ['read', 'create_payment'] },
  linkable,
}: { actions?: Record<string, string[]>; linkable?: FakeHandler } = {}) {
  logIn();
  let inbox: InboxReceipt[] = [
    receipt(5, 'done', [], null, { initiativeId: null, shop: 'Bakkerij' }),
  ];
  const fake = fakePaymentsApi({
    // A payment of an initiative the caller may not add payments to: never offered.
    rows: [makePayment(1, { initiative_id: 9, initiative_name: 'Andermans feest' })],
    routes: {
      'GET /api/auth/entity-access/actions': actionsFor(actions),
      'GET /api/receipts/inbox': () => jsonResponse(200, { receipts: inbox }),
      'POST /api/receipts/inbox/:id/payment': () => {
        const moved = inbox[0]!;
        inbox = [];
        return jsonResponse(200, { payment_id: 99, attachment: moved.file });
      },
      ...(linkable ? { 'GET /api/auth/entity-access/linkable-initiatives': linkable } : {}),
    },
  });
  renderApp('/transactions');
  return fake;
}

async function startPayment() {
  fireEvent.click(await screen.findByRole('button', { name: 'Bonnen toevoegen' }));
  const dialog = await screen.findByRole('dialog', { name: 'Bonnen toevoegen' });
  fireEvent.click(await within(dialog).findByRole('button', { name: 'Betaling aanmaken' }));
  return dialog;
}

const posts = (fake: ReturnType<typeof open>) =>
  requestsTo(fake.requests, 'POST', '/api/receipts/inbox/5/payment');

describe("'Betaling aanmaken' on /transactions", () => {
  it('offers the initiatives the caller may link to, and moves the receipt to the new payment', async () => {
    const fake = open();
    const dialog = await startPayment();
    const initiative = await within(dialog).findByLabelText('Initiatief');
    const options = within(initiative).getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual([
      'Kies een initiatief',
      'Buurttuin Oost',
      'Repair Café',
    ]);
    // Filled from the reading; the shop was hard to read, so it says to check it.
    expect(within(dialog).getByLabelText('Bedrag')).toHaveValue('-12,50');
    expect(within(dialog).getByLabelText('Boekingsdatum')).toHaveValue('12-03-2026');
    expect(within(dialog).getByLabelText('Naam ontvanger')).toHaveValue('Bakkerij');
    expect(
      within(dialog).getByText('De bon was niet goed leesbaar. Controleer vooral: winkel.'),
    ).toBeVisible();

    // Nothing is sent without an initiative.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Toevoegen' }));
    expect(await within(dialog).findByText('Kies het initiatief van de betaling.')).toBeVisible();
    expect(initiative).toHaveFocus();
    expect(initiative).toHaveAttribute('aria-invalid', 'true');
    expect(posts(fake)).toHaveLength(0);

    fireEvent.change(initiative, { target: { value: '4' } });
    expect(within(dialog).queryByText('Kies het initiatief van de betaling.')).toBeNull();
    const activity = await within(dialog).findByLabelText('Activiteit');
    expect(within(activity).getByRole('option', { name: 'Geen activiteit' })).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Toevoegen' }));

    await waitFor(() => expect(posts(fake)).toHaveLength(1));
    expect(jsonBody(posts(fake)[0])).toEqual({
      initiative_id: 4,
      activity_id: null,
      transaction_amount: -12.5,
      booking_date: '2026-03-12T12:00:00+01:00',
      creditor_name: 'Bakkerij',
      short_user_description: 'Bakkerij',
    });
    // Back at the list: the receipt has left the inbox for its payment.
    const said = await within(dialog).findByText(
      'De betaling is aangemaakt en de bon is eraan gekoppeld.',
    );
    await waitFor(() => expect(said).toHaveFocus());
    expect(within(dialog).getByText('Er zijn nog geen bonnen toegevoegd.')).toBeVisible();
    expect(within(dialog).queryByRole('button', { name: 'Betaling aanmaken' })).toBeNull();
  });

  it('asks an activity owner for one of their activities', async () => {
    const fake = open({ actions: { 'Initiative:3': ['read', 'link_payment'] } });
    const dialog = await startPayment();
    fireEvent.change(await within(dialog).findByLabelText('Initiatief'), {
      target: { value: '3' },
    });
    const activity = await within(dialog).findByLabelText('Activiteit');
    await waitFor(() =>
      expect(activity).toHaveAccessibleDescription(
        'Bij dit initiatief mag je alleen betalingen aan je eigen activiteiten toevoegen.',
      ),
    );
    expect(within(activity).getByRole('option', { name: 'Kies een activiteit' })).toBeVisible();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Toevoegen' }));
    expect(await within(dialog).findByText('Kies een activiteit.')).toBeVisible();
    expect(activity).toHaveFocus();
    expect(posts(fake)).toHaveLength(0);

    fireEvent.change(activity, { target: { value: '31' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Toevoegen' }));
    await waitFor(() => expect(posts(fake)).toHaveLength(1));
    expect(jsonBody(posts(fake)[0])).toMatchObject({ initiative_id: 3, activity_id: 31 });
  });

  it.each([
    [
      'none',
      () => jsonResponse(200, { initiatives: [] }),
      'Er is geen initiatief waaraan je betalingen mag toevoegen.',
    ],
    [
      'a failure',
      () => jsonResponse(500, { detail: 'Boom', code: 'INTERNAL_ERROR' }),
      'Het ophalen van de initiatieven is mislukt.',
    ],
  ])('says so when there is %s to choose from, and goes back', async (_case, linkable, text) => {
    open({ linkable });
    const dialog = await startPayment();
    expect(await within(dialog).findByText(text)).toBeVisible();
    expect(within(dialog).queryByRole('button', { name: 'Toevoegen' })).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Terug naar de bonnen' }));
    const again = await within(dialog).findByRole('button', { name: 'Betaling aanmaken' });
    await waitFor(() => expect(again).toHaveFocus());
  });
});
