import { formatEuro } from '@helder/shared/money';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { i18next } from '../../lib/i18n';
import { jsonResponse, renderApp } from '../../test/render';
import {
  items,
  listItem,
  listQueries,
  loadPaymentRoutes,
  logIn,
  paymentsApi,
} from './test-fixtures';

beforeAll(loadPaymentRoutes);
beforeEach(logIn);

const panel = () => screen.findByRole('region', { name: 'Transactieoverzicht' });
const bodyRows = (table: HTMLElement) =>
  within(within(table).getAllByRole('rowgroup')[1]!).getAllByRole('row');

/** Pages of 20 from the newest id down: `total` payments in all. */
const pagedList = (total: number) => (query: URLSearchParams) => {
  const offset = Number(query.get('offset'));
  return items(1000 - offset, Math.max(0, Math.min(20, total - offset)));
};

/** Makes the table's scroll box report a scroll position and scrolls it. */
function scrollTo(box: HTMLElement, { top, height = 1000, visible = 400 }: Record<string, number>) {
  Object.defineProperty(box, 'scrollHeight', { value: height, configurable: true });
  Object.defineProperty(box, 'clientHeight', { value: visible, configurable: true });
  Object.defineProperty(box, 'scrollTop', { value: top, configurable: true });
  fireEvent.scroll(box);
}

describe('Transactieoverzicht of an initiative', () => {
  it('shows the columns and the rows: dd-mm-yyyy, counts, negative amounts red', async () => {
    paymentsApi({
      list: () => [
        listItem(2, { booking_date: '2026-03-14T23:30:00Z', transaction_amount: -12.5 }, 3),
        listItem(1, { transaction_amount: 250, route: 'inkomen', short_user_description: '' }),
      ],
    });
    renderApp('/funds/3/transactieoverzicht');
    const table = await within(await panel()).findByRole('table', { name: 'Transacties' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['DATUM', 'BESCHRIJVING', 'ONTVANGER', 'VERZENDER', 'MEDIA', 'BEDRAG']);
    const rows = await waitFor(() => {
      const found = bodyRows(table);
      expect(found).toHaveLength(2);
      return found;
    });
    const cells = (row: HTMLElement) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent);
    expect(cells(rows[0]!)).toEqual([
      '15-03-2026',
      'Betaling 2',
      'Ontvanger 2',
      'Stichting Buurttuin',
      '3',
      formatEuro(-12.5),
    ]);
    const amountCell = (row: HTMLElement) => within(row).getAllByRole('cell').at(-1)!;
    expect(amountCell(rows[0]!).className).toMatch(/negative/);
    expect(amountCell(rows[1]!).className).not.toMatch(/negative/);
    expect(amountCell(rows[1]!).textContent).toBe(formatEuro(250));
  });

  it("shows a name the public may not read in the reader's language", async () => {
    paymentsApi({
      list: () => [
        // As the API answers the public: the shielded counterparty is its placeholder.
        listItem(2, { creditor_name: 'afgeschermd', hide_counterparty: true }),
        listItem(1, {
          route: 'inkomen',
          transaction_amount: 5,
          creditor_name: 'afgeschermd',
          debtor_name: 'afgeschermd',
          hide_counterparty: true,
        }),
      ],
    });
    await i18next.changeLanguage('en');
    renderApp('/funds/3/transactieoverzicht');
    const table = await screen.findByRole('table', { name: 'Transactions' });
    const names = await waitFor(() => {
      const found = bodyRows(table).map((row) =>
        within(row)
          .getAllByRole('cell')
          .slice(2, 4)
          .map((cell) => cell.textContent),
      );
      expect(found).toHaveLength(2);
      return found;
    });
    // Only the counterparty's side: the receiver of an expense, the sender of income.
    expect(names).toEqual([
      ['shielded', 'Stichting Buurttuin'],
      ['afgeschermd', 'shielded'],
    ]);
  });

  it('marks an expense without a receipt, not income nor an expense with one', async () => {
    paymentsApi({
      list: () => [
        listItem(3, { transaction_amount: -20 }),
        listItem(2, { transaction_amount: -12.5 }, 1),
        listItem(1, { transaction_amount: 250 }),
      ],
    });
    renderApp('/funds/3/transactieoverzicht');
    const table = await within(await panel()).findByRole('table', { name: 'Transacties' });
    await waitFor(() => expect(bodyRows(table)).toHaveLength(3));
    const marked = bodyRows(table).map((row) => within(row).queryByText('Geen bon') !== null);
    expect(marked).toEqual([true, false, false]);
  });

  it("says 'Geen transacties gevonden' when there are none", async () => {
    paymentsApi();
    renderApp('/funds/3/transactieoverzicht');
    expect(await within(await panel()).findByText('Geen transacties gevonden')).toBeVisible();
  });

  it('says so when the list cannot be loaded', async () => {
    paymentsApi({
      routes: {
        'GET /api/payments/initiative/:id': () =>
          jsonResponse(500, { detail: 'boom', code: 'INTERNAL_ERROR' }),
      },
    });
    renderApp('/funds/3/transactieoverzicht');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Het ophalen van de transacties is mislukt.',
    );
    expect(screen.queryByText('Geen transacties gevonden')).toBeNull();
  });

  it("loads 20 at a time on 'Load More' until a page holds fewer than 20", async () => {
    const { requests } = paymentsApi({ list: pagedList(45), totalCount: 45 });
    const { user } = renderApp('/funds/3/transactieoverzicht');
    const table = await screen.findByRole('table', { name: 'Transacties' });
    await waitFor(() => expect(bodyRows(table)).toHaveLength(20));
    await user.click(screen.getByRole('button', { name: 'Load More' }));
    await waitFor(() => expect(bodyRows(table)).toHaveLength(40));
    await user.click(screen.getByRole('button', { name: 'Load More' }));
    await waitFor(() => expect(bodyRows(table)).toHaveLength(45));
    expect(screen.queryByRole('button', { name: 'Load More' })).toBeNull();
    expect(listQueries(requests).map((query) => [query.get('offset'), query.get('limit')])).toEqual(
      [
        ['0', '20'],
        ['20', '20'],
        ['40', '20'],
      ],
    );
    expect(screen.getByText('45 van 45 transacties')).toBeInTheDocument();
  });

  it('loads the next page when scrolled within 20 px of the bottom, not before', async () => {
    const { requests } = paymentsApi({ list: pagedList(25) });
    renderApp('/funds/3/transactieoverzicht');
    const table = await screen.findByRole('table', { name: 'Transacties' });
    await waitFor(() => expect(bodyRows(table)).toHaveLength(20));
    const box = table.parentElement!;
    scrollTo(box, { top: 579 }); // 21 px from the bottom
    expect(listQueries(requests)).toHaveLength(1);
    scrollTo(box, { top: 580 }); // 20 px
    await waitFor(() => expect(bodyRows(table)).toHaveLength(25));
    expect(listQueries(requests).map((query) => query.get('offset'))).toEqual(['0', '20']);
    // A short page was the last one: scrolling asks nothing more.
    scrollTo(box, { top: 600, height: 1020 });
    expect(listQueries(requests)).toHaveLength(2);
  });

  it("offers 'Transactie toevoegen' only with create_payment on the initiative", async () => {
    paymentsApi({ actions: { 'Initiative:3': ['read', 'create_payment'] } });
    renderApp('/funds/3/transactieoverzicht');
    const actions = await screen.findByRole('group', { name: 'Acties voor de transacties' });
    expect(
      await within(actions).findByRole('link', { name: 'Transactie toevoegen' }),
    ).toHaveAttribute('href', '/funds/3/add-payment');
    expect(within(actions).getByRole('link', { name: 'Filter' })).toHaveAttribute(
      'href',
      '/funds/3/filter-payment',
    );
  });

  it('hides the add button without create_payment', async () => {
    const { requests } = paymentsApi({ actions: { 'Initiative:3': ['read', 'edit'] } });
    renderApp('/funds/3/transactieoverzicht');
    const actions = await screen.findByRole('group', { name: 'Acties voor de transacties' });
    await waitFor(() =>
      expect(
        requests.some((request) => request.url.includes('entity_class=Initiative&entity_id=3')),
      ).toBe(true),
    );
    await screen.findByRole('link', { name: 'Beheer initiatief' });
    expect(within(actions).queryByRole('link', { name: 'Transactie toevoegen' })).toBeNull();
  });

  it('opens a row by click and by Enter, keeping the filter', async () => {
    paymentsApi({ list: () => [listItem(55), listItem(54)] });
    const { user, router } = renderApp('/funds/3/transactieoverzicht?route=uitgaven');
    const table = await screen.findByRole('table', { name: 'Transacties' });
    const rows = await waitFor(() => {
      const found = bodyRows(table);
      expect(found).toHaveLength(2);
      return found;
    });
    // Said on screen, not only to a screen reader: a phone has no hover to show it.
    const hint = screen.getByText('Kies een rij (of druk er op Enter) om de transactie te openen.');
    expect(hint).not.toHaveClass('visually-hidden');
    expect(table).toHaveAccessibleDescription(hint.textContent);
    await user.click(within(rows[1]!).getByText('Betaling 54'));
    expect(router.state.location.pathname).toBe('/funds/3/54/details');
    expect(router.state.location.search).toBe('?route=uitgaven');
    await screen.findByRole('dialog', { name: 'Transactie' });
    await user.keyboard('{Escape}');
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/funds/3/transactieoverzicht'),
    );
    expect(router.state.location.search).toBe('?route=uitgaven');

    const first = bodyRows(await screen.findByRole('table', { name: 'Transacties' }))[0]!;
    first.focus();
    await user.keyboard('{Enter}');
    expect(router.state.location.pathname).toBe('/funds/3/55/details');
  });
});

describe('Transactieoverzicht of an activity', () => {
  it("asks the activity's payments and offers add with create_payment on the activity", async () => {
    const { requests } = paymentsApi({
      list: () => [listItem(9)],
      actions: { 'Activity:21': ['read', 'create_payment'] },
    });
    renderApp('/funds/3/activities/21/transactieoverzicht');
    expect(await screen.findByRole('link', { name: 'Transactie toevoegen' })).toHaveAttribute(
      'href',
      '/funds/3/activities/21/add-payment',
    );
    expect(await screen.findByText('Betaling 9')).toBeInTheDocument();
    expect(
      requests.some((request) =>
        request.url.startsWith('/api/payments/initiative/3/activity/21?offset=0&limit=20'),
      ),
    ).toBe(true);
  });
});

describe('the active filter', () => {
  it('is sent, shown as chips, and each chip or "Wis filter" removes it', async () => {
    const { requests } = paymentsApi({ list: () => [listItem(1)] });
    const { user, router } = renderApp(
      '/funds/3/transactieoverzicht?start_date=2026-03-01&min_amount=12.5&route=uitgaven',
    );
    const chips = await screen.findByRole('list', { name: 'Actief filter' });
    expect(
      within(chips)
        .getAllByRole('button')
        .map((chip) => chip.textContent),
    ).toEqual(['Vanaf 01-03-2026', `Minimaal ${formatEuro(12.5)}`, 'Route: Uitgaven']);
    await waitFor(() => expect(listQueries(requests)).toHaveLength(1));
    expect(listQueries(requests)[0]!.toString()).toBe(
      'start_date=2026-03-01&min_amount=12.5&route=uitgaven&offset=0&limit=20',
    );

    await user.click(
      within(chips).getByRole('button', { name: 'Filter Route: Uitgaven verwijderen' }),
    );
    expect(router.state.location.search).toBe('?start_date=2026-03-01&min_amount=12.5');
    await waitFor(() => expect(listQueries(requests)).toHaveLength(2));
    expect(listQueries(requests)[1]!.get('route')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Wis filter' }));
    expect(router.state.location.search).toBe('');
    expect(screen.queryByRole('list', { name: 'Actief filter' })).toBeNull();
    await waitFor(() => expect(listQueries(requests)).toHaveLength(3));
    expect(listQueries(requests)[2]!.toString()).toBe('offset=0&limit=20');
  });
});
