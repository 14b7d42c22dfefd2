import type { InboxReceipt, MatchCandidate } from '@helder/shared/receipts';
import { formatEuro } from '@helder/shared/money';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { jsonBody, requestsTo } from '../../test/fake-api';
import { jsonResponse, makeToken, renderApp } from '../../test/render';
import { TOKEN_STORAGE_KEY } from '../auth';
import { fakePaymentsApi, logIn, makePayment } from './overview-test-fixtures';
import { listQueries, paymentsApi } from './test-fixtures';

beforeAll(async () => {
  await Promise.all([
    import('../../app/routes/initiatives'),
    import('../../app/routes/initiatives.modals'),
  ]);
});

beforeEach(() => {
  localStorage.setItem(TOKEN_STORAGE_KEY, makeToken());
});

const candidate = (id: number, best: boolean, counterparty: string): MatchCandidate => ({
  payment: {
    id,
    booking_date: '2026-03-14T10:00:00Z',
    transaction_amount: -12.5,
    counterparty,
    short_user_description: '',
    initiative_id: 3,
    initiative_name: 'Buurttuin Oost',
    activity_id: null,
    activity_name: null,
  },
  days: 2,
  has_receipt: false,
  name_match: false,
  best,
});

const receipt = (
  id: number,
  status: 'queued' | 'done',
  candidates: MatchCandidate[],
  proposed: number | null,
): InboxReceipt => ({
  id,
  initiative_id: 3,
  created_at: '2026-03-20T10:00:00Z',
  file: {
    id,
    attachment_url: `https://files.test/r${id}.pdf`,
    attachment_thumbnail_url_128: null,
    attachment_thumbnail_url_256: null,
    attachment_thumbnail_url_512: null,
  },
  reading:
    status === 'queued'
      ? { status, error: null, fields: null }
      : {
          status,
          error: null,
          fields: {
            date: { value: '2026-03-12', confidence: 0.9, unsure: false },
            amount: { value: 12.5, confidence: 0.9, unsure: false },
            shop: null,
            vat: null,
            vat_rates: [],
            currency: 'EUR',
          },
        },
  proposed_payment_id: proposed,
  candidates,
});

const INBOX = [
  receipt(1, 'done', [candidate(71, true, 'Bakkerij de Graaf'), candidate(72, false, 'Hema')], 71),
  receipt(2, 'done', [candidate(81, true, 'Action'), candidate(82, true, 'Blokker')], null),
  receipt(3, 'done', [], null),
  receipt(4, 'queued', [], null),
];

function open(actions: string[] = ['read', 'create_payment']) {
  const fake = paymentsApi({
    actions: { 'Initiative:3': actions },
    routes: {
      'GET /api/receipts/inbox': () => jsonResponse(200, { receipts: INBOX }),
      'POST /api/receipts/inbox/matches': (request) => {
        const { matches } = jsonBody(request) as { matches: Array<{ payment_id: number }> };
        return jsonResponse(200, {
          matched: matches.map((m) => ({ payment_id: m.payment_id, attachment: INBOX[0]!.file })),
        });
      },
      'POST /api/receipts/inbox/:id/payment': () =>
        jsonResponse(200, { payment_id: 99, attachment: INBOX[2]!.file }),
    },
  });
  renderApp('/funds/3/transactieoverzicht');
  return fake;
}

const text = (day: string, name: string) => `${day} · ${name} · ${formatEuro(-12.5)}`;

describe('Bonnen toevoegen', () => {
  it('lists each receipt with its proposal, its tie, no match, or its reading', async () => {
    open();
    fireEvent.click(await screen.findByRole('button', { name: 'Bonnen toevoegen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Bonnen toevoegen' });
    const list = await within(dialog).findByRole('list', { name: 'Toegevoegde bonnen' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(4);

    const proposal = within(items[0]!).getByRole('checkbox', {
      name: `Koppelen aan ${text('14-03-2026', 'Bakkerij de Graaf')}`,
    });
    expect(proposal).toBeChecked();
    // A tie is the person's to decide: nothing chosen for them.
    const tie = within(items[1]!).getByRole('group', {
      name: 'Meerdere uitgaven passen bij deze bon. Kies er een:',
    });
    expect(within(tie).getByRole('radio', { name: 'Nu niet koppelen' })).toBeChecked();
    expect(
      within(tie).getByRole('radio', { name: text('14-03-2026', 'Action') }),
    ).not.toBeChecked();
    expect(within(items[2]!).getByText('Geen match gevonden')).toBeVisible();
    expect(within(items[2]!).getByRole('button', { name: 'Betaling aanmaken' })).toBeVisible();
    expect(within(items[3]!).getByText('Bon wordt gelezen…')).toBeVisible();
  });

  it('confirms every checked match in one call and says how many went', async () => {
    const fake = open();
    fireEvent.click(await screen.findByRole('button', { name: 'Bonnen toevoegen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Bonnen toevoegen' });
    fireEvent.click(
      await within(dialog).findByRole('radio', { name: text('14-03-2026', 'Blokker') }),
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Bevestigen' }));
    const said = await within(dialog).findByText('2 bonnen zijn gekoppeld aan hun uitgave.');
    expect(said).toBeVisible();
    // The button turns off: the focus goes to what was done, inside the dialog.
    await waitFor(() => expect(said).toHaveFocus());
    const posts = requestsTo(fake.requests, 'POST', '/api/receipts/inbox/matches');
    expect(posts).toHaveLength(1);
    expect(jsonBody(posts[0])).toEqual({
      matches: [
        { receipt_id: 1, payment_id: 71 },
        { receipt_id: 2, payment_id: 82 },
      ],
    });
  });

  it('leaves an unchecked proposal out, and turns Bevestigen off with nothing chosen', async () => {
    open();
    fireEvent.click(await screen.findByRole('button', { name: 'Bonnen toevoegen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Bonnen toevoegen' });
    fireEvent.click(await within(dialog).findByRole('checkbox'));
    expect(within(dialog).getByRole('button', { name: 'Bevestigen' })).toBeDisabled();
  });

  it('records an expense from a receipt that found nothing', async () => {
    const fake = open();
    fireEvent.click(await screen.findByRole('button', { name: 'Bonnen toevoegen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Bonnen toevoegen' });
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Betaling aanmaken' }));
    await waitFor(() =>
      expect(requestsTo(fake.requests, 'POST', '/api/receipts/inbox/3/payment')).toHaveLength(1),
    );
  });

  it('is not offered to who may not edit payments here', async () => {
    open(['read']);
    expect(await screen.findByRole('button', { name: 'Zonder bon' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Bonnen toevoegen' })).toBeNull();
  });

  it("'Zonder bon' lists only the expenses without a receipt", async () => {
    const fake = open();
    const toggle = await screen.findByRole('button', { name: 'Zonder bon' });
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    fireEvent.click(toggle);
    await waitFor(() => expect(listQueries(fake.requests).at(-1)?.get('receipt')).toBe('missing'));
    expect(await screen.findByRole('button', { name: 'Zonder bon' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  });
});

describe("'Zonder bon' with the filter modal", () => {
  it('is kept when another filter is applied', async () => {
    const fake = paymentsApi();
    const { user, router } = renderApp('/funds/3/transactieoverzicht?receipt=missing');
    await user.click(await screen.findByRole('link', { name: 'Filter' }));
    const dialog = await screen.findByRole('dialog', { name: 'Transacties filteren' });
    await user.selectOptions(within(dialog).getByLabelText('Route'), 'Uitgaven');
    await user.click(within(dialog).getByRole('button', { name: 'Toepassen' }));
    await waitFor(() => expect(router.state.location.search).toContain('route=uitgaven'));
    expect(router.state.location.search).toContain('receipt=missing');
    await waitFor(() => expect(listQueries(fake.requests).at(-1)?.get('route')).toBe('uitgaven'));
    expect(listQueries(fake.requests).at(-1)?.get('receipt')).toBe('missing');
  });
});

describe('Bonnen toevoegen on /transactions', () => {
  it("opens the caller's own inbox, not an initiative's", async () => {
    logIn();
    const { requests } = fakePaymentsApi({ rows: [makePayment(1)] });
    renderApp('/transactions');
    fireEvent.click(await screen.findByRole('button', { name: 'Bonnen toevoegen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Bonnen toevoegen' });
    // The fake knows no inbox: the modal says it could not load it.
    expect(await within(dialog).findByText('Het ophalen van de bonnen is mislukt.')).toBeVisible();
    const [get] = requestsTo(requests, 'GET', '/api/receipts/inbox');
    expect(new URL(get!.url, 'http://localhost').searchParams.has('initiative_id')).toBe(false);
  });
});
