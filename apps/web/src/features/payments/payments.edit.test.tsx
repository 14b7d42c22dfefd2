import { formatEuro } from '@helder/shared/money';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonBody, requestsTo, type FakeHandler } from '../../test/fake-api';
import { jsonResponse } from '../../test/render';
import { TOKEN_STORAGE_KEY } from '../auth';
import {
  listItem,
  loadPaymentRoutes,
  logIn,
  payment,
  renderPaymentModal,
  type PaymentModalOptions,
} from './test-fixtures';

beforeAll(loadPaymentRoutes);
beforeEach(logIn);

const USER_FIELDS = ['short_user_description', 'long_user_description', 'hidden'];

/** Payment 55's modal, with the order of the writes it sends. */
function open(options: PaymentModalOptions = {}) {
  const order: string[] = [];
  const logged =
    (answer: () => Response): FakeHandler =>
    (request) => {
      order.push(`${request.method} ${new URL(request.url, 'http://localhost').pathname}`);
      return answer();
    };
  const detail = options.detail ?? payment();
  const rendered = renderPaymentModal({
    ...options,
    detail,
    routes: {
      'DELETE /api/payment/:id/attachment/:attachmentId': logged(
        () => new Response(null, { status: 204 }),
      ),
      'POST /api/payment/:id/attachments': logged(() => jsonResponse(200, { attachments: [] })),
      'PATCH /api/payment/:id': logged(() => jsonResponse(200, detail)),
      'DELETE /api/payment/:id': logged(() => new Response(null, { status: 204 })),
      ...options.routes,
    },
  });
  return { ...rendered, order };
}

/** The modal once the payment and the caller's permissions have loaded. */
async function loaded(name: string) {
  const dialog = await screen.findByRole('dialog', { name });
  await waitFor(() => expect(within(dialog).queryByText('Transactie laden...')).toBeNull());
  return dialog;
}

describe('payment details with edit', () => {
  it('removes marked attachments, uploads new ones, then patches only the changed fields', async () => {
    const { user, router, requests, order } = open();
    const dialog = await loaded('Transactie bewerken');
    const field = (label: string) => within(dialog).getByLabelText(label);
    expect(field('Bedrag')).toHaveValue('-12,50');
    expect(within(dialog).getByRole('radio', { name: 'Uitgaven' })).toBeChecked();
    expect(field('Boekingsdatum')).toHaveValue('14-03-2026');
    expect(field('Korte beschrijving')).toHaveValue('Betaling 55');

    const current = within(dialog).getByRole('list', { name: 'Huidige bonnen' });
    expect(within(current).getByRole('link', { name: 'Bon 1 openen' })).toHaveAttribute(
      'href',
      'https://files.example/a7.jpg?sig=1',
    );
    expect(within(current).getByRole('link', { name: 'Bon 2 openen (PDF)' })).toHaveTextContent(
      'PDF',
    );
    const mark = within(current).getByRole('button', { name: 'Bon 1 verwijderen' });
    await user.click(mark);
    expect(mark).toHaveAttribute('aria-pressed', 'true');
    expect(within(current).getByText('Wordt verwijderd')).toBeInTheDocument();

    fireEvent.change(field('Bestanden kiezen'), {
      target: { files: [new File(['%PDF'], 'nieuw.pdf', { type: 'application/pdf' })] },
    });
    await user.clear(field('Korte beschrijving'));
    await user.type(field('Korte beschrijving'), 'Brood en kaas');
    await user.clear(field('Bedrag'));
    await user.type(field('Bedrag'), '-13');
    await user.click(within(dialog).getByRole('button', { name: 'Opslaan' }));

    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/funds/3/transactieoverzicht'),
    );
    expect(router.state.location.search).toBe('?route=uitgaven');
    expect(order).toEqual([
      'DELETE /api/payment/55/attachment/7',
      'POST /api/payment/55/attachments',
      'PATCH /api/payment/55',
    ]);
    const upload = requestsTo(requests, 'POST', '/api/payment/55/attachments')[0]!.body as FormData;
    expect(upload.getAll('files').map((entry) => (entry as File).name)).toEqual(['nieuw.pdf']);
    expect(jsonBody(requestsTo(requests, 'PATCH', '/api/payment/55')[0])).toEqual({
      transaction_amount: -13,
      short_user_description: 'Brood en kaas',
    });
  });

  it('confirms the save with a message and the saved row highlighted in the list', async () => {
    const { user } = open({ list: () => [listItem(56), listItem(55), listItem(54)] });
    const dialog = await loaded('Transactie bewerken');
    await user.clear(within(dialog).getByLabelText('Korte beschrijving'));
    await user.type(within(dialog).getByLabelText('Korte beschrijving'), 'Brood');
    await user.click(within(dialog).getByRole('button', { name: 'Opslaan' }));

    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent('De transactie is opgeslagen.'),
    );
    const table = await screen.findByRole('table', { name: 'Transacties' });
    const row = within(table).getByText('Betaling 55').closest('tr')!;
    expect(row.className).toMatch(/savedRow/);
    expect(within(table).getByText('Betaling 54').closest('tr')!.className).not.toMatch(/savedRow/);
  });

  it('sends nothing when nothing changed', async () => {
    const { user, router, order } = open();
    const dialog = await loaded('Transactie bewerken');
    await user.click(within(dialog).getByRole('button', { name: 'Opslaan' }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/funds/3/transactieoverzicht'),
    );
    expect(order).toEqual([]);
  });

  it('keeps the form open when the attachments fail, without patching', async () => {
    const { user, router, order } = open({
      routes: {
        'DELETE /api/payment/:id/attachment/:attachmentId': () =>
          jsonResponse(403, { detail: 'No', code: 'FORBIDDEN' }),
      },
    });
    const dialog = await loaded('Transactie bewerken');
    await user.click(within(dialog).getByRole('button', { name: 'Bon 2 verwijderen' }));
    await user.type(within(dialog).getByLabelText('Lange beschrijving'), 'Meer uitleg');
    await user.click(within(dialog).getByRole('button', { name: 'Opslaan' }));
    expect(
      await within(dialog).findByText('Het opslaan van de bonnen is mislukt. Probeer het opnieuw.'),
    ).toBeVisible();
    expect(order).toEqual([]);
    expect(router.state.location.pathname).toBe('/funds/3/55/details');
  });

  it("shows a bank payment's bank fields read-only and sends only its descriptions", async () => {
    const bank = payment({
      type: 'bank',
      transaction_id: 'tx-1',
      transaction_amount: 250,
      route: 'inkomen',
    });
    const { user, requests } = open({ detail: bank, editFields: USER_FIELDS });
    const dialog = await loaded('Transactie bewerken');
    expect(within(dialog).queryByLabelText('Bedrag')).toBeNull();
    expect(within(dialog).queryByLabelText('Boekingsdatum')).toBeNull();
    const facts = within(dialog)
      .getAllByRole('term')
      .map((term) => [term.textContent, term.nextElementSibling?.textContent]);
    expect(facts).toEqual([
      ['Bedrag', formatEuro(250)],
      ['Route', 'Inkomen'],
      ['Boekingsdatum', '14-03-2026'],
      ['Ontvanger', 'Ontvanger 55 · NL91 ABNA 0417 1643 00'],
      ['Verzender', 'Stichting Buurttuin · NL20 INGB 0001 2345 67'],
    ]);
    await user.click(within(dialog).getByLabelText('Verborgen'));
    await user.click(within(dialog).getByRole('button', { name: 'Opslaan' }));
    await waitFor(() => expect(requestsTo(requests, 'PATCH', '/api/payment/55')).toHaveLength(1));
    expect(jsonBody(requestsTo(requests, 'PATCH', '/api/payment/55')[0])).toEqual({ hidden: true });
  });

  it("lets an editor shield a bank payment's counterparty from the public", async () => {
    const bank = payment({ type: 'bank', creditor_name: 'J. Jansen' });
    const { user, requests } = open({
      detail: bank,
      editFields: [...USER_FIELDS, 'hide_counterparty'],
    });
    const dialog = await loaded('Transactie bewerken');
    const shield = within(dialog).getByRole('checkbox', {
      name: 'Naam tegenpartij afschermen voor publiek',
    });
    expect(shield).not.toBeChecked();
    await user.click(shield);
    await user.click(within(dialog).getByRole('button', { name: 'Opslaan' }));
    await waitFor(() => expect(requestsTo(requests, 'PATCH', '/api/payment/55')).toHaveLength(1));
    expect(jsonBody(requestsTo(requests, 'PATCH', '/api/payment/55')[0])).toEqual({
      hide_counterparty: true,
    });
  });
});

describe('payment details without edit', () => {
  it('are read-only, with the attachments and no delete button', async () => {
    const { requests } = open({ actions: ['read'] });
    const dialog = await loaded('Transactie');
    expect(within(dialog).queryByRole('textbox')).toBeNull();
    expect(within(dialog).queryByRole('button', { name: 'Opslaan' })).toBeNull();
    const value = (term: string) =>
      within(dialog).getByText(term, { selector: 'dt' }).nextElementSibling?.textContent;
    expect(value('Bedrag')).toBe(formatEuro(-12.5));
    expect(value('Boekingsdatum')).toBe('14-03-2026');
    expect(value('Korte beschrijving')).toBe('Betaling 55');
    expect(value('Lange beschrijving')).toBe('Geen gegevens bekend');
    expect(value('Naam tegenpartij afgeschermd voor publiek')).toBe('Nee');
    expect(value('Type')).toBe('Handmatig');
    expect(within(dialog).getByRole('link', { name: 'Bon 2 openen (PDF)' })).toHaveAttribute(
      'href',
      'https://files.example/a8.pdf?sig=1',
    );
    expect(within(dialog).queryByRole('link', { name: 'Verwijderen' })).toBeNull();
    // Without edit there is nothing to ask edit-fields about.
    expect(requests.some((request) => request.url.includes('edit-fields'))).toBe(false);
  });

  it('show an anonymous visitor what the payment is, not how it is kept nor what is empty', async () => {
    localStorage.removeItem(TOKEN_STORAGE_KEY);
    open({ actions: ['read'] });
    const dialog = await loaded('Transactie');
    const terms = within(dialog)
      .getAllByRole('term')
      .map((term) => term.textContent);
    expect(terms).toEqual([
      'Bedrag',
      'Boekingsdatum',
      'Ontvanger',
      'Verzender',
      'Korte beschrijving',
      'Initiatief',
    ]);
    expect(within(dialog).queryByText('Geen gegevens bekend')).toBeNull();
  });

  it('offers delete with the delete permission; confirming deletes and returns', async () => {
    const { user, router, order } = open({ actions: ['read', 'delete'] });
    const dialog = await loaded('Transactie');
    await user.click(within(dialog).getByRole('link', { name: 'Verwijderen' }));
    expect(router.state.location.pathname).toBe('/funds/3/55/delete-payment');
    const confirm = await loaded('Transactie verwijderen');
    expect(confirm).toHaveTextContent('Weet je zeker dat je de transactie wil verwijderen?');
    await user.click(within(confirm).getByRole('button', { name: 'Verwijderen' }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/funds/3/transactieoverzicht'),
    );
    expect(order).toEqual(['DELETE /api/payment/55']);
  });

  it('logs an invalid booking date and does not open the edit form', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    open({ detail: payment({ booking_date: '14-03-2026' }) });
    const dialog = await loaded('Transactie');
    expect(
      await within(dialog).findByText(
        'De boekingsdatum van deze transactie is ongeldig; bewerken is niet mogelijk.',
      ),
    ).toBeVisible();
    expect(within(dialog).queryByRole('textbox')).toBeNull();
    expect(consoleError).toHaveBeenCalledWith(expect.stringContaining('invalid booking_date'));
  });

  it('says so when the payment is not there', async () => {
    open({
      routes: {
        'GET /api/payment/:id': () => jsonResponse(404, { detail: 'x', code: 'NOT_FOUND' }),
      },
    });
    const dialog = await loaded('Transactie');
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Deze transactie bestaat niet of is niet zichtbaar voor jou.',
    );
  });

  it('opens under an activity and returns to its tab', async () => {
    const { user, router } = open({ url: '/funds/3/activities/21/55/details', actions: ['read'] });
    const dialog = await loaded('Transactie');
    // The modal's own close button comes first; the one under the details last.
    await user.click(within(dialog).getAllByRole('button', { name: 'Sluiten' }).at(-1)!);
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/funds/3/activities/21/transactieoverzicht'),
    );
  });
});
