import { formatEuro } from '@helder/shared/money';
import { act, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { SEARCH_DEBOUNCE_MS } from '../../lib/useDebouncedValue';
import { actionsFor, fakeApi, requestsTo } from '../../test/fake-api';
import { jsonResponse, makeToken, renderApp } from '../../test/render';
import { TOKEN_STORAGE_KEY } from '../auth';
import { budgetFigures, nameSlug, previewText } from './figures';
import { initiative, listItem, picture } from '../../test/spending-unit-fixtures';

// The route modules load lazily; load them once up front so no test waits for the first import.
beforeAll(async () => {
  await Promise.all([
    import('../../app/routes/initiatives.list'),
    import('../../app/routes/initiatives'),
    import('../../app/routes/login'),
  ]);
});

const page = (from: number, count: number) =>
  Array.from({ length: count }, (_, i) => listItem(from + count - i));

function api(list: (query: URLSearchParams) => unknown[] = () => [listItem(1)]) {
  return fakeApi({
    'GET /api/initiatives': (_request, { query }) =>
      jsonResponse(200, { initiatives: list(query) }),
    'GET /api/auth/entity-access/actions': actionsFor({}),
  });
}

describe('budget figures', () => {
  it('splits the bar between spent (-expenses) and available (max(budget + expenses, 0))', () => {
    expect(budgetFigures({ budget: 1000, income: 500, expenses: -250 })).toEqual({
      allocated: 1000,
      received: 500,
      spent: 250,
      available: 750,
      overspent: 0,
      spentShare: 0.25,
    });
  });

  it('is 50/50 when nothing is spent and nothing is available', () => {
    expect(budgetFigures({ budget: 0, income: 0, expenses: 0 }).spentShare).toBe(0.5);
  });

  it('never shows a negative available budget (overspent)', () => {
    const figures = budgetFigures({ budget: 100, income: 0, expenses: -150.5 });
    expect(figures.available).toBe(0);
    expect(figures.overspent).toBe(50.5);
    expect(figures.spent).toBe(150.5);
    expect(figures.spentShare).toBe(1);
  });

  it('rounds to cents', () => {
    expect(budgetFigures({ budget: 6500, income: 0, expenses: -2987.85 }).available).toBe(3512.15);
  });
});

describe('text helpers', () => {
  it('cuts a description at 250 characters', () => {
    const long = 'a'.repeat(300);
    expect(previewText(long)).toEqual({ text: `${'a'.repeat(250)}…`, truncated: true });
    expect(previewText('kort')).toEqual({ text: 'kort', truncated: false });
    expect(previewText('b'.repeat(250)).truncated).toBe(false);
  });

  it('makes a URL segment of a name that never reads as a tab or a modal', () => {
    expect(nameSlug('Buurttuin Oost')).toBe('buurttuin-oost');
    expect(nameSlug('Café  Ça-va! 2026')).toBe('cafe-ca-va-2026');
    expect(nameSlug('Media')).toBe('transactieoverzicht');
    expect(nameSlug('Delete fund')).toBe('transactieoverzicht');
    expect(nameSlug('!!!')).toBe('transactieoverzicht');
  });
});

describe('initiatives overview', () => {
  it('shows cards with owner, hidden label and an accessible budget bar', async () => {
    api(() => [
      listItem(2, { name: 'Buurttuin Oost', hidden: true }),
      listItem(1, { name: 'Leeg', budget: 0, income: 0, expenses: 0 }),
    ]);
    renderApp('/funds');
    const list = await screen.findByRole('list', { name: 'Lijst met initiatieven' });
    const cards = within(list).getAllByRole('article');
    expect(cards).toHaveLength(2);

    const first = cards[0]!;
    expect(within(first).getByRole('link', { name: 'Buurttuin Oost' })).toHaveAttribute(
      'href',
      '/funds/2/buurttuin-oost',
    );
    expect(within(first).getByText('Stichting Buurt')).toBeInTheDocument();
    expect(within(first).getByText('Verborgen')).toBeInTheDocument();
    const bar = within(first).getByRole('img', {
      name: `Besteed ${formatEuro(250)}, beschikbaar ${formatEuro(750)}`,
    });
    expect(bar.firstElementChild).toHaveStyle({ width: '25.00%' });

    // Nothing spent, nothing available: half and half.
    const empty = within(cards[1]!).getByRole('img', {
      name: `Besteed ${formatEuro(0)}, beschikbaar ${formatEuro(0)}`,
    });
    expect(empty.firstElementChild).toHaveStyle({ width: '50.00%' });
    expect(within(cards[1]!).queryByText('Verborgen')).toBeNull();
  });

  it('shows the budget beside spent and available, and how far an overspent one is over', async () => {
    api(() => [
      listItem(2, { name: 'Binnen budget' }),
      listItem(1, { name: 'Overschreden', budget: 500, income: 0, expenses: -812.5 }),
    ]);
    renderApp('/funds');
    const list = await screen.findByRole('list', { name: 'Lijst met initiatieven' });
    const [inside, over] = within(list).getAllByRole('article');
    const legend = (card: HTMLElement) =>
      within(card)
        .getAllByRole('term')
        .map((term) => `${term.textContent} ${term.nextElementSibling?.textContent}`);
    expect(legend(inside!)).toEqual([
      `Toegekend ${formatEuro(1000)}`,
      `Besteed ${formatEuro(250)}`,
      `Beschikbaar ${formatEuro(750)}`,
    ]);
    expect(within(inside!).queryByText(/Budget overschreden/)).toBeNull();
    expect(legend(over!)).toContain(`Beschikbaar ${formatEuro(0)}`);
    // The matcher reads the element's no-break spaces as spaces.
    expect(over).toHaveTextContent(`Budget overschreden met € 312,50`);
  });

  it('gives a card without a picture a cover of its own name, and shows a picture when there is one', async () => {
    api(() => [
      listItem(3, { name: 'Buurttuin Oost' }),
      listItem(2, { name: 'Speeltuin De Zonnebloem' }),
      listItem(1, { name: 'Met foto', profile_picture: picture('foto') }),
    ]);
    renderApp('/funds');
    const list = await screen.findByRole('list', { name: 'Lijst met initiatieven' });
    const cards = within(list).getAllByRole('article');
    const cover = (card: HTMLElement) => card.querySelector('svg[data-cover]');
    expect(cover(cards[0]!)).toHaveTextContent('BO');
    expect(cover(cards[1]!)).toHaveTextContent('SZ');
    expect(cover(cards[0]!)!.getAttribute('data-cover')).not.toBe(
      cover(cards[1]!)!.getAttribute('data-cover'),
    );
    expect(cover(cards[2]!)).toBeNull();
    expect(cards[2]!.querySelector('img')).toHaveAttribute(
      'src',
      picture('foto').attachment_thumbnail_url_256,
    );
  });

  it("offers 'Mijn Initiatieven' only when logged in", async () => {
    api();
    renderApp('/funds');
    expect(await screen.findByRole('button', { name: 'Alle Initiatieven' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(screen.queryByRole('button', { name: 'Mijn Initiatieven' })).toBeNull();
  });

  it("loads 'Mijn Initiatieven' from offset 0 with only_mine=true", async () => {
    localStorage.setItem(TOKEN_STORAGE_KEY, makeToken());
    const { requests } = api((query) =>
      query.get('only_mine') === 'true' ? [listItem(7, { name: 'Van mij' })] : page(1, 20),
    );
    const { user, router } = renderApp('/funds');
    await screen.findByRole('link', { name: 'Initiatief 20' });

    // A second page first, so that the filter visibly starts over.
    await user.click(screen.getByRole('button', { name: 'Meer initiatieven laden' }));
    await waitFor(() =>
      expect(requestsTo(requests, 'GET', '/api/initiatives').at(-1)?.url).toContain('offset=20'),
    );

    await user.click(screen.getByRole('button', { name: 'Mijn Initiatieven' }));
    expect(await screen.findByRole('link', { name: 'Van mij' })).toBeInTheDocument();
    expect(requestsTo(requests, 'GET', '/api/initiatives').at(-1)?.url).toBe(
      '/api/initiatives?offset=0&limit=20&only_mine=true',
    );
    expect(screen.getByRole('button', { name: 'Mijn Initiatieven' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(router.state.location.search).toBe('?filter=mine');
    // A page of fewer than 20 is the last one.
    expect(screen.queryByRole('button', { name: 'Meer initiatieven laden' })).toBeNull();
  });

  it('searches by name after 300 ms of quiet', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
    const { requests } = api((query) =>
      query.get('name') === 'tuin' ? [listItem(4, { name: 'Buurttuin' })] : [listItem(1)],
    );
    const { user } = renderApp('/funds', { fakeTimers: true });
    await screen.findByRole('link', { name: 'Initiatief 1' });
    await user.type(screen.getByRole('searchbox', { name: 'Zoek initiatieven op naam' }), ' tuin');
    await act(() => vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS));
    expect(await screen.findByRole('link', { name: 'Buurttuin' })).toBeInTheDocument();
    const urls = requestsTo(requests, 'GET', '/api/initiatives').map((request) => request.url);
    // Debounced: no request per keystroke, the search trimmed.
    expect(urls).toEqual([
      '/api/initiatives?offset=0&limit=20',
      '/api/initiatives?offset=0&limit=20&name=tuin',
    ]);
  });

  it("says 'Geen gegevens gevonden' without initiatives, and shows a failure", async () => {
    api(() => []);
    renderApp('/funds');
    expect(await screen.findByText('Geen gegevens gevonden')).toBeInTheDocument();
  });

  it('shows the error of a failed load', async () => {
    fakeApi({
      'GET /api/initiatives': () => jsonResponse(500, { detail: 'kapot', code: 'INTERNAL_ERROR' }),
    });
    renderApp('/');
    expect(await screen.findByRole('alert')).toHaveTextContent('Error: kapot');
  });

  it('opens the initiative with its name in the navigation state', async () => {
    // One held answer, whenever the request comes (it may come after the status shows).
    let answer: (response: Response) => void = () => undefined;
    const held = new Promise<Response>((resolve) => (answer = resolve));
    fakeApi({
      'GET /api/initiatives': () =>
        jsonResponse(200, { initiatives: [listItem(3, { name: 'Buurttuin Oost' })] }),
      'GET /api/initiative/:id': () => held,
      'GET /api/auth/entity-access/actions': actionsFor({}),
    });
    const { user, router } = renderApp('/funds');
    await user.click(await screen.findByRole('link', { name: 'Buurttuin Oost' }));
    expect(router.state.location.pathname).toBe('/funds/3/buurttuin-oost');
    // The name shows while the initiative loads.
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Buurttuin Oost' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Initiatief laden...');
    answer(jsonResponse(200, initiative()));
    // The name segment shows the first tab.
    expect(await screen.findByRole('link', { name: 'Transactieoverzicht' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });
});
