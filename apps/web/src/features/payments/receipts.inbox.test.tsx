import { formatEuro } from '@helder/shared/money';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { jsonBody, requestsTo } from '../../test/fake-api';
import { jsonResponse, makeToken, renderApp } from '../../test/render';
import { TOKEN_STORAGE_KEY } from '../auth';
import { fakePaymentsApi, logIn, makePayment } from './overview-test-fixtures';
import { candidate, receipt } from './receipts-test-fixtures';
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
      'GET /api/auth/entity-access/initiative/:id/linkable-activities': () =>
        jsonResponse(200, { activities: [{ id: 30, name: 'Plantdag' }] }),
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

  it('records an expense from a receipt that found nothing, from its form', async () => {
    const fake = open();
    fireEvent.click(await screen.findByRole('button', { name: 'Bonnen toevoegen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Bonnen toevoegen' });
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Betaling aanmaken' }));
    const heading = within(dialog).getByRole('heading', { name: 'Betaling aanmaken uit bon 3' });
    await waitFor(() => expect(heading).toHaveFocus());
    // The initiative is the tab's: only an activity may be chosen.
    expect(within(dialog).queryByLabelText('Initiatief')).toBeNull();
    const activity = await within(dialog).findByLabelText('Activiteit');
    expect(await within(activity).findByRole('option', { name: 'Plantdag' })).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Bedrag')).toHaveValue('-12,50');
    expect(within(dialog).getByLabelText('Boekingsdatum')).toHaveValue('12-03-2026');
    fireEvent.change(activity, { target: { value: '30' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Toevoegen' }));
    await waitFor(() =>
      expect(requestsTo(fake.requests, 'POST', '/api/receipts/inbox/3/payment')).toHaveLength(1),
    );
    expect(jsonBody(requestsTo(fake.requests, 'POST', '/api/receipts/inbox/3/payment')[0])).toEqual(
      {
        initiative_id: 3,
        activity_id: 30,
        transaction_amount: -12.5,
        booking_date: '2026-03-12T12:00:00+01:00',
        // Sent empty, as the form shows them: the server fills only what is left out.
        creditor_name: '',
        short_user_description: '',
      },
    );
    expect(
      await within(dialog).findByText('De betaling is aangemaakt en de bon is eraan gekoppeld.'),
    ).toHaveFocus();
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
