import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../test/render';
import { fakePaymentsApi, listRequests, logIn, makePayment } from './overview-test-fixtures';

const linked = { initiative_id: 3, initiative_name: 'Buurttuin Oost' };

describe('Transactieoverzicht: search, "Niet gekoppeld" and an empty list', () => {
  it('keeps the top bar search in the URL, and a URL with a search fills the box', async () => {
    logIn();
    const { requests } = fakePaymentsApi({
      list: (query) => (query.get('search') === '12,50' ? [] : [makePayment(1)]),
    });
    const { user, router } = renderApp('/transactions?search=huur');
    const box = await screen.findByRole('searchbox', { name: 'Zoek in transacties' });
    expect(box).toHaveValue('huur');
    await screen.findByText('Ontvanger 1');
    expect(listRequests(requests)[0]?.searchParams.get('search')).toBe('huur');

    await user.clear(box);
    await user.type(box, ' 12,50 ');
    await waitFor(() => expect(router.state.location.search).toBe('?search=12%2C50'));
    expect(await screen.findByText('Geen gegevens gevonden')).toBeInTheDocument();
    expect(listRequests(requests).at(-1)?.searchParams.get('search')).toBe('12,50');

    await user.clear(box);
    await waitFor(() => expect(router.state.location.search).toBe(''));
    await router.navigate('/transactions?search=gift');
    await waitFor(() => expect(box).toHaveValue('gift'));
  });

  it('shows only the unlinked lines with "Niet gekoppeld (n)", from the URL too', async () => {
    logIn();
    const { requests } = fakePaymentsApi({
      rows: [makePayment(1), makePayment(2, linked), makePayment(3)],
    });
    const { user, router } = renderApp('/transactions');
    const toggle = await screen.findByRole('button', { name: 'Niet gekoppeld (2)' });
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    expect(await screen.findByText('Ontvanger 2')).toBeInTheDocument();

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
    expect(router.state.location.search).toBe('?unlinked=1');
    await waitFor(() => expect(screen.queryByText('Ontvanger 2')).not.toBeInTheDocument());
    expect(screen.getByText('Ontvanger 1')).toBeInTheDocument();
    expect(screen.getByText('Ontvanger 3')).toBeInTheDocument();
    expect(listRequests(requests).at(-1)?.searchParams.get('unlinked')).toBe('true');

    await user.click(toggle);
    expect(router.state.location.search).toBe('');
    expect(await screen.findByText('Ontvanger 2')).toBeInTheDocument();
  });

  it('opens with "Niet gekoppeld" on from ?unlinked=1', async () => {
    logIn();
    const { requests } = fakePaymentsApi({ rows: [makePayment(1), makePayment(2, linked)] });
    renderApp('/transactions?unlinked=1');
    expect(await screen.findByRole('button', { name: 'Niet gekoppeld (1)' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await screen.findByText('Ontvanger 1');
    expect(screen.queryByText('Ontvanger 2')).not.toBeInTheDocument();
    expect(listRequests(requests)[0]?.searchParams.get('unlinked')).toBe('true');
  });

  it('says what the page lists, and where to go, when nothing is there to link', async () => {
    logIn();
    fakePaymentsApi();
    renderApp('/transactions');
    const table = await screen.findByRole('table', { name: 'Transactieoverzicht' });
    await within(table).findByText('Geen gegevens gevonden');
    expect(
      screen.getByText(/banktransacties van rekeningen die je bezit of die met je gedeeld zijn/),
    ).toBeInTheDocument();
    expect(
      screen.getByRole('link', { name: 'Bankrekening toevoegen of afschrift importeren' }),
    ).toHaveAttribute('href', '/transactions/bankconnections');
    expect(screen.getByRole('link', { name: 'Naar de initiatieven' })).toHaveAttribute(
      'href',
      '/funds',
    );
  });

  it('only says "Geen gegevens gevonden" when a filter found nothing', async () => {
    logIn();
    fakePaymentsApi({ list: () => [] });
    renderApp('/transactions?search=xyz');
    await screen.findByText('Geen gegevens gevonden');
    expect(screen.queryByRole('link', { name: 'Naar de initiatieven' })).not.toBeInTheDocument();
  });
});
