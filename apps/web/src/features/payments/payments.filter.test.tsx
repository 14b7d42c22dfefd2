import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { renderApp } from '../../test/render';
import { items, listQueries, loadPaymentRoutes, logIn, paymentsApi } from './test-fixtures';

beforeAll(loadPaymentRoutes);
beforeEach(logIn);

/** Pages of 20 (45 payments): enough for a second page. */
const paged = (query: URLSearchParams) => {
  const offset = Number(query.get('offset'));
  return items(1000 - offset, Math.max(0, Math.min(20, 45 - offset)));
};

// The payments, not the header or the totals in the table's foot.
const bodyRows = () =>
  Array.from(screen.getByRole('table', { name: 'Transacties' }).querySelectorAll('tbody tr'));

async function openFilter(url = '/funds/3/transactieoverzicht') {
  const fake = paymentsApi({ list: paged });
  const app = renderApp(url);
  await waitFor(() => expect(bodyRows()).toHaveLength(20));
  await app.user.click(screen.getByRole('link', { name: 'Filter' }));
  const dialog = await screen.findByRole('dialog', { name: 'Transacties filteren' });
  return { ...fake, ...app, dialog };
}

describe('filter modal', () => {
  it('sends only the filled values, amounts with a dot, and starts again at page 1', async () => {
    const { user, router, requests, dialog } = await openFilter();
    // A second page was loaded before filtering.
    await user.keyboard('{Escape}');
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/funds/3/transactieoverzicht'),
    );
    await user.click(screen.getByRole('button', { name: 'Load More' }));
    await waitFor(() => expect(bodyRows()).toHaveLength(40));
    await user.click(screen.getByRole('link', { name: 'Filter' }));
    const again = await screen.findByRole('dialog', { name: 'Transacties filteren' });
    expect(again).not.toBe(dialog);

    await user.type(within(again).getByLabelText('Begindatum'), '01-03-2026');
    await user.type(within(again).getByLabelText('Minimaal bedrag'), '12,50');
    await user.selectOptions(within(again).getByLabelText('Route'), 'Uitgaven');
    await user.click(within(again).getByRole('button', { name: 'Toepassen' }));

    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/funds/3/transactieoverzicht'),
    );
    expect(router.state.location.search).toBe(
      '?start_date=2026-03-01&min_amount=12.5&route=uitgaven',
    );
    await waitFor(() => expect(listQueries(requests)).toHaveLength(3));
    expect(listQueries(requests)[2]!.toString()).toBe(
      'start_date=2026-03-01&min_amount=12.5&route=uitgaven&offset=0&limit=20',
    );
    await waitFor(() => expect(bodyRows()).toHaveLength(20));
    expect(screen.getByRole('list', { name: 'Actief filter' })).toBeInTheDocument();
  });

  it('starts from the filter in the URL and keeps the list under it unchanged', async () => {
    const { dialog, requests } = await openFilter(
      '/funds/3/transactieoverzicht?end_date=2026-03-31&max_amount=1234.5&route=inkomen',
    );
    expect(within(dialog).getByLabelText('Einddatum')).toHaveValue('31-03-2026');
    expect(within(dialog).getByLabelText('Maximaal bedrag')).toHaveValue('1234,5');
    expect(within(dialog).getByLabelText('Route')).toHaveValue('inkomen');
    expect(within(dialog).getByLabelText('Begindatum')).toHaveValue('');
    expect(listQueries(requests)).toHaveLength(1);
  });

  it("'Wis filter' removes the whole filter", async () => {
    const { user, router, requests, dialog } = await openFilter(
      '/funds/3/transactieoverzicht?route=uitgaven',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Wis filter' }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/funds/3/transactieoverzicht'),
    );
    expect(router.state.location.search).toBe('');
    await waitFor(() => expect(listQueries(requests)).toHaveLength(2));
    expect(listQueries(requests)[1]!.toString()).toBe('offset=0&limit=20');
  });

  it('names wrong values and sends nothing', async () => {
    const { user, router, requests, dialog } = await openFilter();
    await user.type(within(dialog).getByLabelText('Begindatum'), '31-02-2026');
    await user.type(within(dialog).getByLabelText('Minimaal bedrag'), '50');
    await user.type(within(dialog).getByLabelText('Maximaal bedrag'), '10');
    await user.click(within(dialog).getByRole('button', { name: 'Toepassen' }));
    expect(await within(dialog).findByText('Vul een geldige datum in (dd-mm-jjjj).')).toBeVisible();
    expect(
      within(dialog).getByText('Het minimale bedrag mag niet hoger zijn dan het maximale bedrag.'),
    ).toBeVisible();
    expect(router.state.location.pathname).toBe('/funds/3/filter-payment');
    expect(listQueries(requests)).toHaveLength(1);
  });

  it('filters an activity through its own tab', async () => {
    const fake = paymentsApi({ list: () => items(5, 2) });
    const { user, router } = renderApp('/funds/3/activities/21/transactieoverzicht');
    await user.click(await screen.findByRole('link', { name: 'Filter' }));
    const dialog = await screen.findByRole('dialog', { name: 'Transacties filteren' });
    expect(router.state.location.pathname).toBe('/funds/3/activities/21/filter-payment');
    await user.type(within(dialog).getByLabelText('Maximaal bedrag'), '99.99');
    await user.click(within(dialog).getByRole('button', { name: 'Toepassen' }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/funds/3/activities/21/transactieoverzicht'),
    );
    await waitFor(() =>
      expect(
        fake.requests.some((request) =>
          request.url.endsWith(
            '/api/payments/initiative/3/activity/21?max_amount=99.99&offset=0&limit=20',
          ),
        ),
      ).toBe(true),
    );
  });
});
