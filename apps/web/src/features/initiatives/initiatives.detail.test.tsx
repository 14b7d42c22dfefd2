import type { Initiative } from '@helder/shared/initiatives';
import { formatEuro } from '@helder/shared/money';
import { act, screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { actionsFor, fakeApi } from '../../test/fake-api';
import { jsonResponse, makeToken, renderApp } from '../../test/render';
import { TOKEN_STORAGE_KEY } from '../auth';
import { initiative, picture } from '../../test/spending-unit-fixtures';

beforeAll(async () => {
  await Promise.all([
    import('../../app/routes/initiatives'),
    import('../../app/routes/activities'),
  ]);
});

const NONE = { income: 0, expenses: 0 };

function api({
  data = initiative(),
  actions = ['read'],
}: { data?: Initiative; actions?: string[] } = {}) {
  return fakeApi({
    'GET /api/initiative/:id': () => jsonResponse(200, data),
    'GET /api/auth/entity-access/actions': actionsFor({ 'Initiative:*': actions }),
    'GET /api/auth/entity-access/edit-fields': () => jsonResponse(200, { fields: [] }),
    'GET /api/initiative/:id/media': () => jsonResponse(200, { attachments: [] }),
    'GET /api/payments/initiative/:id': () =>
      jsonResponse(200, { payments: [], totalCount: 0, totals: NONE, shielded: NONE }),
  });
}

const heading = () => screen.findByRole('heading', { level: 1, name: 'Buurttuin Oost' });

describe('initiative detail: header', () => {
  it("cuts the description at 250 characters with 'Lees meer' / 'Lees minder'", async () => {
    const description = `${'Lange tekst. '.repeat(25)}Het einde.`;
    api({ data: initiative({ description }) });
    const { user } = renderApp('/funds/3/details');
    await heading();
    const more = screen.getByRole('button', { name: 'Lees meer' });
    expect(more).toHaveAttribute('aria-expanded', 'false');
    const text = document.getElementById(more.getAttribute('aria-controls') ?? '');
    expect(text?.textContent).toHaveLength(251);
    expect(text?.textContent?.endsWith('…')).toBe(true);

    await user.click(more);
    expect(text).toHaveTextContent(description);
    const less = screen.getByRole('button', { name: 'Lees minder' });
    expect(less).toHaveAttribute('aria-expanded', 'true');
    await user.click(less);
    expect(text?.textContent).toHaveLength(251);
  });

  it('shows a short description whole, without the button', async () => {
    api();
    renderApp('/funds/3/details');
    await heading();
    expect(screen.queryByRole('button', { name: 'Lees meer' })).toBeNull();
  });

  it("shows the budget cards; 'Waarvan ontvangen' describes the info button", async () => {
    api();
    const { user } = renderApp('/funds/3/transactieoverzicht');
    await heading();
    const figures = screen
      .getAllByRole('term')
      .map((term) => [term.firstChild?.textContent, term.nextElementSibling?.textContent]);
    expect(figures).toEqual([
      ['Toegekend budget', formatEuro(6500)],
      ['Ontvangen', formatEuro(5250)],
      ['Besteed', formatEuro(2987.85)],
      ['Beschikbaar budget', formatEuro(3512.15)],
    ]);
    expect(screen.queryByText(/Budget overschreden/)).toBeNull();
    const info = screen.getByRole('button', { name: 'Waarvan ontvangen' });
    expect(info).toHaveAccessibleDescription(`Waarvan ontvangen: ${formatEuro(5250)}`);
    await user.click(info);
    expect(info).toHaveAttribute('aria-expanded', 'true');
    await user.keyboard('{Escape}');
    expect(info).toHaveAttribute('aria-expanded', 'false');
  });

  it('says how far an overspent initiative is over its budget, beside its 0 available', async () => {
    api({ data: initiative({ budget: 1000, income: 1000, expenses: -1250.4 }) });
    renderApp('/funds/3/transactieoverzicht');
    await heading();
    const available = screen.getByText('Beschikbaar budget').parentElement!;
    // The matcher reads the element's no-break spaces as spaces.
    expect(available).toHaveTextContent('Beschikbaar budget€ 0,00Budget overschreden met € 250,40');
    expect(screen.getByRole('img', { name: /^Besteed/ })).toHaveAttribute('data-over', 'true');
  });

  it('shows the picture (a thumbnail) with a text alternative', async () => {
    api({ data: initiative({ profile_picture: picture('tuin') }) });
    renderApp('/funds/3/details');
    const image = await screen.findByRole('img', { name: 'Afbeelding van Buurttuin Oost' });
    expect(image).toHaveAttribute('src', 'https://files.example/tuin-256.webp?sig=1');
  });

  it("offers 'Beheer initiatief' and delete only with the permissions", async () => {
    api({ actions: ['read', 'edit', 'delete'] });
    renderApp('/funds/3/details');
    const group = await screen.findByRole('group', { name: 'Acties voor dit initiatief' });
    expect(within(group).getByRole('link', { name: 'Beheer initiatief' })).toHaveAttribute(
      'href',
      '/funds/3/edit-fund',
    );
    expect(within(group).getByRole('link', { name: 'Verwijder initiatief' })).toHaveAttribute(
      'href',
      '/funds/3/delete-fund',
    );
  });

  it('shows a reader only the download, and a breadcrumb', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
    const fake = api();
    renderApp('/funds/3/details', { fakeTimers: true });
    await heading();
    await waitForIdle(fake.fetchMock);
    const actions = screen.getByRole('group', { name: 'Acties voor dit initiatief' });
    expect(
      within(actions)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Verantwoording downloaden']);
    expect(within(actions).queryByRole('link')).toBeNull();
    const crumbs = screen.getByRole('navigation', { name: 'Kruimelpad' });
    expect(within(crumbs).getByRole('link', { name: 'Initiatieven' })).toHaveAttribute(
      'href',
      '/funds',
    );
    expect(within(crumbs).getByText('Buurttuin Oost')).toHaveAttribute('aria-current', 'page');
  });

  it('says so when the initiative is unknown or hidden (404)', async () => {
    fakeApi({
      'GET /api/initiative/:id': () =>
        jsonResponse(404, { detail: 'Initiative not found', code: 'NOT_FOUND' }),
      'GET /api/auth/entity-access/actions': actionsFor({}),
    });
    renderApp('/funds/3/details');
    expect(
      await screen.findByText('Dit initiatief bestaat niet of is niet zichtbaar voor jou.'),
    ).toBeInTheDocument();
  });
});

/** Waits until every started request has been answered and its result has been rendered. */
async function waitForIdle(fetchMock: { mock: { results: { value: unknown }[] } }) {
  await Promise.all(fetchMock.mock.results.map((result) => result.value));
  // Query results reach the components on a zero-delay timer.
  await act(() => vi.advanceTimersByTimeAsync(0));
}

describe('initiative detail: tabs', () => {
  it('are links; the current one is marked', async () => {
    api();
    renderApp('/funds/3/sponsoren');
    await heading();
    const tabs = screen.getByRole('navigation', { name: 'Onderdelen van het initiatief' });
    const links = within(tabs).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Transactieoverzicht', '/funds/3/transactieoverzicht'],
      ['Activiteiten', '/funds/3/activiteiten'],
      ['Details', '/funds/3/details'],
      ['Sponsoren', '/funds/3/sponsoren'],
      ['Media', '/funds/3/media'],
      ['Gebruikers', '/funds/3/gebruikers'],
    ]);
    expect(within(tabs).getByRole('link', { name: 'Sponsoren' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(screen.getByRole('region', { name: 'Sponsoren' })).toBeInTheDocument();
  });

  it('Details: an anonymous visitor sees the fields that are filled in, nothing else', async () => {
    api({ data: initiative({ location: null, purpose: ' ' }) });
    renderApp('/funds/3/details');
    const panel = await screen.findByRole('region', { name: 'Details' });
    expect(
      within(panel)
        .getAllByRole('term')
        .map((term) => term.textContent),
    ).toEqual(['Naam', 'Beschrijving', 'Doelgroep', 'Kamer van Koophandel']);
    expect(within(panel).queryByText('Geen gegevens bekend')).toBeNull();
  });

  it('Details: the six fields for a logged-in reader, unknown ones said so', async () => {
    localStorage.setItem(TOKEN_STORAGE_KEY, makeToken());
    api({ data: initiative({ location: null }) });
    renderApp('/funds/3/details');
    const panel = await screen.findByRole('region', { name: 'Details' });
    const pairs = within(panel)
      .getAllByRole('term')
      .map((term) => [term.textContent, term.nextElementSibling?.textContent]);
    expect(pairs).toEqual([
      ['Naam', 'Buurttuin Oost'],
      ['Beschrijving', 'Een moestuin voor de hele buurt.'],
      ['Doel', 'Samen tuinieren'],
      ['Doelgroep', 'Buurtbewoners'],
      ['Kamer van Koophandel', '12345678'],
      ['Locatie-inflatie', 'Geen gegevens bekend'],
    ]);
  });

  it("Sponsoren: the grant's funder, regulation, reference and budget; 'Verantwoord' 'Nee'", async () => {
    api();
    renderApp('/funds/3/sponsoren');
    const panel = await screen.findByRole('region', { name: 'Sponsoren' });
    const pairs = within(panel)
      .getAllByRole('term')
      .map((term) => [term.textContent, term.nextElementSibling?.textContent]);
    expect(pairs).toEqual([
      ['Sponsor', 'Gemeente Amsterdam'],
      ['Regeling', 'Buurtbudget'],
      ['Subsidieregeling', 'Buurtbudget Oost 2026'],
      ['Beschikkingsnummer', 'AMS-2026-0142'],
      ['Budget', formatEuro(48500)],
      ['Verantwoord', 'Nee'],
      ['Verantwoord', 'Nee'],
    ]);
  });

  it('Sponsoren: a notice when the sponsors are hidden from the caller', async () => {
    const { grant: _grant, ...rest } = initiative({ sponsors_hidden: true });
    api({ data: rest });
    renderApp('/funds/3/sponsoren');
    const panel = await screen.findByRole('region', { name: 'Sponsoren' });
    expect(panel).toHaveTextContent('De sponsoren van dit initiatief zijn verborgen.');
    expect(within(panel).queryByRole('term')).toBeNull();
  });

  it("Transactieoverzicht: the initiative's payments table, empty here", async () => {
    const { requests } = api();
    renderApp('/funds/3/transactieoverzicht');
    const panel = await screen.findByRole('region', { name: 'Transactieoverzicht' });
    expect(
      within(panel)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['DATUM', 'BESCHRIJVING', 'ONTVANGER', 'VERZENDER', 'MEDIA', 'BEDRAG']);
    expect(await within(panel).findByText('Geen transacties gevonden')).toBeInTheDocument();
    expect(
      requests.some((request) =>
        request.url.startsWith('/api/payments/initiative/3?offset=0&limit=20'),
      ),
    ).toBe(true);
  });

  it('Activiteiten: cards linking to the activities screen, hidden ones labelled', async () => {
    api({ actions: ['read', 'create_activity'] });
    renderApp('/funds/3/activiteiten');
    const panel = await screen.findByRole('region', { name: 'Activiteiten' });
    const list = within(panel).getByRole('list', { name: 'Activiteiten van dit initiatief' });
    const cards = within(list).getAllByRole('article');
    expect(within(cards[0]!).getByRole('link', { name: 'Plantdag' })).toHaveAttribute(
      'href',
      '/funds/3/activities/21',
    );
    expect(
      within(cards[0]!)
        .getAllByRole('definition')
        .map((cell) => cell.textContent),
    ).toEqual([formatEuro(1200), formatEuro(423.95), formatEuro(776.05)]);
    expect(within(cards[1]!).getByText('Verborgen')).toBeInTheDocument();
    expect(
      await within(panel).findByRole('link', { name: 'Activiteit toevoegen' }),
    ).toHaveAttribute('href', '/funds/3/add-activity');
  });

  it("Activiteiten: 'Geen activiteiten gevonden'", async () => {
    api({ data: initiative({ activities: [] }) });
    renderApp('/funds/3/activiteiten');
    const panel = await screen.findByRole('region', { name: 'Activiteiten' });
    expect(within(panel).getByText('Geen activiteiten gevonden')).toBeInTheDocument();
    expect(within(panel).queryByRole('link', { name: 'Activiteit toevoegen' })).toBeNull();
  });

  it("Gebruikers: 'Geen initiatiefnemers gevonden' and no add button for visitors", async () => {
    api({ actions: ['read', 'set_owners'] });
    renderApp('/funds/3/gebruikers');
    const panel = await screen.findByRole('region', { name: 'Gebruikers' });
    expect(within(panel).getByText('Geen initiatiefnemers gevonden')).toBeInTheDocument();
    expect(within(panel).queryByRole('link', { name: 'Initiatiefnemer toevoegen' })).toBeNull();
  });

  it('Gebruikers: the owners with picture, name and e-mail; the add button with set_owners', async () => {
    localStorage.setItem(TOKEN_STORAGE_KEY, makeToken());
    api({
      actions: ['read', 'set_owners'],
      data: initiative({
        initiative_owners: [
          {
            id: 8,
            email: 'emma@example.nl',
            first_name: 'Emma',
            last_name: 'Bos',
            profile_picture: picture('emma'),
          },
        ],
      }),
    });
    renderApp('/funds/3/gebruikers');
    const panel = await screen.findByRole('region', { name: 'Gebruikers' });
    const owners = within(panel).getByRole('list', { name: 'Initiatiefnemers' });
    expect(within(owners).getByText('Emma Bos')).toBeInTheDocument();
    expect(within(owners).getByRole('link', { name: 'emma@example.nl' })).toHaveAttribute(
      'href',
      'mailto:emma@example.nl',
    );
    expect(
      await within(panel).findByRole('link', { name: 'Initiatiefnemer toevoegen' }),
    ).toHaveAttribute('href', '/funds/3/gebruikers/link-owners');
  });
});
