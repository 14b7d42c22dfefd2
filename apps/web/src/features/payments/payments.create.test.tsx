import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonBody, requestsTo, type FakeHandler } from '../../test/fake-api';
import { jsonResponse, renderApp } from '../../test/render';
import { listQueries, loadPaymentRoutes, logIn, payment, paymentsApi } from './test-fixtures';

beforeAll(loadPaymentRoutes);
beforeEach(logIn);

afterEach(() => {
  Reflect.deleteProperty(URL, 'createObjectURL');
  Reflect.deleteProperty(URL, 'revokeObjectURL');
});

const created = payment({ id: 77, attachments: [], n_attachments: 0 });

async function openAdd({
  url = '/funds/3/add-payment',
  post = () => jsonResponse(200, created),
  upload = () => jsonResponse(200, { attachments: [] }),
}: { url?: string; post?: FakeHandler; upload?: FakeHandler } = {}) {
  const fake = paymentsApi({
    actions: { 'Initiative:3': ['read', 'create_payment'], 'Payment:77': ['read', 'edit'] },
    detail: created,
    routes: { 'POST /api/payment': post, 'POST /api/payment/:id/attachments': upload },
  });
  const app = renderApp(url);
  const dialog = await screen.findByRole('dialog', { name: 'Transactie toevoegen' });
  const field = (label: string) => within(dialog).getByLabelText(label);
  return { ...fake, ...app, dialog, field };
}

const file = (name: string, type: string, size = 10) =>
  new File([new Uint8Array(size)], name, { type });

describe('add payment', () => {
  it('opens as an expense with a minus, takes the route from the sign, creates, then uploads the attachments', async () => {
    // jsdom makes no object URLs, and Node's, which other test files in this worker may leave
    // in reach, refuse jsdom's File: the preview gets one of its own.
    Object.defineProperty(URL, 'createObjectURL', { value: () => 'blob:x', configurable: true });
    Object.defineProperty(URL, 'revokeObjectURL', { value: () => undefined, configurable: true });
    const { user, router, requests, dialog, field } = await openAdd();
    expect(field('Bedrag')).toHaveFocus();
    const income = within(dialog).getByRole('radio', { name: 'Inkomen' });
    const expense = within(dialog).getByRole('radio', { name: 'Uitgaven' });
    // Most payments an owner records are expenses: the form starts on one.
    expect(field('Bedrag')).toHaveValue('-');
    expect(expense).toBeChecked();
    // Without the minus the amount is income, as the typed sign says.
    await user.clear(field('Bedrag'));
    await user.type(field('Bedrag'), '12,50');
    expect(income).toBeChecked();
    await user.clear(field('Bedrag'));
    await user.type(field('Bedrag'), '-12,50');
    expect(expense).toBeChecked();
    // The receipt comes right after amount and date, before the counterparties.
    const order = ['Boekingsdatum', 'Bestanden kiezen', 'Naam ontvanger'].map(field);
    expect(order[0]!.compareDocumentPosition(order[1]!)).toBe(Node.DOCUMENT_POSITION_FOLLOWING);
    expect(order[1]!.compareDocumentPosition(order[2]!)).toBe(Node.DOCUMENT_POSITION_FOLLOWING);
    await user.type(field('Boekingsdatum'), '14-03-2026');
    await user.type(field('Naam ontvanger'), ' Bakker de Vries ');
    await user.type(field('Korte beschrijving'), 'Brood');
    expect(within(dialog).getByText('5 / 128')).toBeInTheDocument();
    const input = field('Bestanden kiezen');
    fireEvent.change(input, {
      target: { files: [file('bon.pdf', 'application/pdf'), file('foto.png', 'image/png')] },
    });
    expect(within(dialog).getByRole('list', { name: 'Nieuwe bonnen' })).toHaveTextContent(
      /bon\.pdf.*foto\.png/,
    );
    await user.click(within(dialog).getByRole('button', { name: 'Toevoegen' }));

    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/funds/3/transactieoverzicht'),
    );
    expect(jsonBody(requestsTo(requests, 'POST', '/api/payment')[0])).toEqual({
      transaction_amount: -12.5,
      route: 'uitgaven',
      booking_date: '2026-03-14T12:00:00+01:00',
      creditor_name: 'Bakker de Vries',
      short_user_description: 'Brood',
      hidden: false,
      type: 'handmatig',
      initiative_id: 3,
      activity_id: null,
    });
    const uploads = requestsTo(requests, 'POST', '/api/payment/77/attachments');
    expect(uploads).toHaveLength(1);
    const form = uploads[0]!.body as FormData;
    expect(form.getAll('files').map((entry) => (entry as File).name)).toEqual([
      'bon.pdf',
      'foto.png',
    ]);
    // The list is asked again after the change.
    await waitFor(() => expect(listQueries(requests).length).toBeGreaterThanOrEqual(2));
  });

  it('lets the route be changed after typing; the amount is sent signed by the route', async () => {
    const { user, requests, dialog, field } = await openAdd({
      url: '/funds/3/activities/21/add-payment',
    });
    await user.type(field('Bedrag'), '40');
    expect(field('Bedrag')).toHaveValue('-40');
    await user.click(within(dialog).getByRole('radio', { name: 'Inkomen' }));
    await user.type(field('Boekingsdatum'), '1-7-2026');
    await user.click(within(dialog).getByRole('button', { name: 'Toevoegen' }));
    await waitFor(() => expect(requestsTo(requests, 'POST', '/api/payment')).toHaveLength(1));
    expect(jsonBody(requestsTo(requests, 'POST', '/api/payment')[0])).toMatchObject({
      transaction_amount: 40,
      route: 'inkomen',
      booking_date: '2026-07-01T12:00:00+02:00',
      initiative_id: 3,
      activity_id: 21,
    });
    expect(requestsTo(requests, 'POST', '/api/payment/77/attachments')).toHaveLength(0);
  });

  it('checks the amount, the date and the short description before sending', async () => {
    const { user, requests, dialog, field } = await openAdd();
    await user.type(field('Bedrag'), '12,345');
    await user.type(field('Korte beschrijving'), 'x'.repeat(129));
    expect(within(dialog).getByText('129 / 128')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Toevoegen' }));
    expect(
      await within(dialog).findByText('Ongeldige invoer. Vul een correct bedrag in'),
    ).toBeVisible();
    expect(within(dialog).getByText('Vul een boekingsdatum in.')).toBeVisible();
    expect(
      within(dialog).getByText('Korte beschrijving mag niet meer dan 128 tekens bevatten.'),
    ).toBeVisible();
    expect(field('Bedrag')).toHaveAttribute('aria-invalid', 'true');
    expect(requestsTo(requests, 'POST', '/api/payment')).toHaveLength(0);
  });

  it('shows a 422 of the server as the invalid-amount message at the amount', async () => {
    const { user, dialog, field } = await openAdd({
      post: () => jsonResponse(422, { detail: 'Validation error', code: 'VALIDATION_ERROR' }),
    });
    await user.type(field('Bedrag'), '5');
    await user.type(field('Boekingsdatum'), '14-03-2026');
    await user.click(within(dialog).getByRole('button', { name: 'Toevoegen' }));
    const message = await within(dialog).findByText('Ongeldige invoer. Vul een correct bedrag in');
    expect(field('Bedrag')).toHaveAccessibleDescription(
      expect.stringContaining(message.textContent ?? '-'),
    );
    expect(field('Bedrag')).toHaveFocus();
  });

  it('refuses other file types, and leaves out a file before uploading', async () => {
    Object.defineProperty(URL, 'createObjectURL', {
      value: vi.fn(() => 'blob:foto'),
      configurable: true,
    });
    const revoke = vi.fn();
    Object.defineProperty(URL, 'revokeObjectURL', { value: revoke, configurable: true });
    const { user, requests, dialog, field } = await openAdd();
    fireEvent.change(field('Bestanden kiezen'), {
      target: {
        files: [
          file('notes.txt', 'text/plain'),
          file('foto.jpg', 'image/jpeg'),
          file('scan.pdf', 'application/pdf', 10 * 1024 * 1024 + 1),
          file('bon.pdf', 'application/pdf'),
        ],
      },
    });
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      'notes.txt is geen PDF, JPG of PNG.scan.pdf is groter dan 10 MB.',
    );
    const list = within(dialog).getByRole('list', { name: 'Nieuwe bonnen' });
    expect(list.querySelector('img')).toHaveAttribute('src', 'blob:foto');
    await user.click(within(list).getByRole('button', { name: 'foto.jpg niet toevoegen' }));
    expect(revoke).toHaveBeenCalledWith('blob:foto');
    expect(list).not.toHaveTextContent('foto.jpg');

    await user.type(field('Bedrag'), '5');
    await user.type(field('Boekingsdatum'), '14-03-2026');
    await user.click(within(dialog).getByRole('button', { name: 'Toevoegen' }));
    await waitFor(() =>
      expect(requestsTo(requests, 'POST', '/api/payment/77/attachments')).toHaveLength(1),
    );
    const form = requestsTo(requests, 'POST', '/api/payment/77/attachments')[0]!.body as FormData;
    expect(form.getAll('files').map((entry) => (entry as File).name)).toEqual(['bon.pdf']);
  });

  it('keeps the new payment when the upload fails and offers it again on its details', async () => {
    const { user, router, dialog, field } = await openAdd({
      upload: () => jsonResponse(413, { detail: 'Too large', code: 'PAYLOAD_TOO_LARGE' }),
    });
    await user.type(field('Bedrag'), '5');
    await user.type(field('Boekingsdatum'), '14-03-2026');
    fireEvent.change(field('Bestanden kiezen'), {
      target: { files: [file('bon.pdf', 'application/pdf')] },
    });
    await user.click(within(dialog).getByRole('button', { name: 'Toevoegen' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/funds/3/77/details'));
    const edit = await screen.findByRole('dialog', { name: 'Transactie bewerken' });
    expect(
      await within(edit).findByText(
        'De transactie is opgeslagen, maar de bonnen konden niet worden geüpload. Voeg ze hieronder opnieuw toe.',
      ),
    ).toBeVisible();
  });
});

describe('the booking date calendar', () => {
  it('opens on the typed day, weeks start on Monday, arrow keys move and Enter picks', async () => {
    const { user, dialog, field } = await openAdd();
    await user.type(field('Boekingsdatum'), '14-03-2026');
    await user.click(
      within(dialog).getByRole('button', { name: 'Kies boekingsdatum in de kalender' }),
    );
    const grid = await within(dialog).findByRole('grid', { name: 'maart 2026' });
    expect(
      within(grid)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['ma', 'di', 'wo', 'do', 'vr', 'za', 'zo']);
    const selected = within(grid).getByRole('button', { name: 'zaterdag 14 maart 2026' });
    expect(selected).toHaveFocus();
    expect(selected.closest('td')).toHaveAttribute('aria-selected', 'true');

    await user.keyboard('{ArrowRight}{ArrowDown}');
    expect(within(grid).getByRole('button', { name: 'zondag 22 maart 2026' })).toHaveFocus();
    await user.keyboard('{PageDown}');
    expect(within(dialog).getByRole('grid', { name: 'april 2026' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'woensdag 22 april 2026' })).toHaveFocus();
    await user.keyboard('{Home}{Enter}');
    expect(field('Boekingsdatum')).toHaveValue('20-04-2026');
    expect(within(dialog).queryByRole('grid')).toBeNull();
  });

  it('closes with Escape without closing the modal', async () => {
    const { user, dialog, field } = await openAdd();
    const open = within(dialog).getByRole('button', { name: 'Kies boekingsdatum in de kalender' });
    await user.click(open);
    await within(dialog).findByRole('grid');
    await user.keyboard('{Escape}');
    expect(within(dialog).queryByRole('grid')).toBeNull();
    expect(screen.getByRole('dialog', { name: 'Transactie toevoegen' })).toBeInTheDocument();
    expect(field('Boekingsdatum')).toHaveValue('');
  });
});
