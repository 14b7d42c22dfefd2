import { formatEuro } from '@helder/shared/money';
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fakeApi, requestsTo, type FakeHandler } from '../../test/fake-api';
import { jsonResponse, renderApp } from '../../test/render';
import { ChartsPanel, type ChartSpec } from '.';

/** The matcher reads the text with plain spaces; formatEuro writes a no-break space. */
const euro = (euros: number) => formatEuro(euros).replace(/\s/g, ' ');

function render(charts: ChartSpec[], api: Record<string, FakeHandler> = {}) {
  const { requests } = fakeApi(api);
  const app = renderApp('/', {
    routes: [{ path: '/', element: <ChartsPanel charts={charts} /> }],
  });
  return { ...app, requests };
}

/** The table's rows as their cells' texts, head and foot included. */
const rowsOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .map((row) =>
      [...row.querySelectorAll('th, td')].map((cell) => cell.textContent?.replace(/\s/g, ' ')),
    );

const activities: ChartSpec = {
  type: 'activities',
  items: [
    { id: 1, label: 'Buurtfeest', budget: 1000, expenses: -250.5 },
    { id: 2, label: 'Verf', budget: 200, expenses: -310 },
  ],
};

describe('ChartsPanel', () => {
  it('loads nothing until opened, then shows budget against spent with the same numbers as a table', async () => {
    const spending = vi.fn(() => jsonResponse(200, { interval: 'month', periods: [] }));
    const { user, requests } = render([activities, { type: 'cumulative', initiativeId: 7 }], {
      'GET /api/initiative/:id/spending': spending,
    });
    const toggle = screen.getByRole('button', { name: 'Grafieken' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(requests).toHaveLength(0);

    await user.click(toggle);
    const chart = await screen.findByRole('figure', {
      name: 'Begroting en uitgaven per activiteit',
    });
    const picture = within(chart).getByRole('img');
    expect(picture).toHaveAccessibleName(
      `Begroting en uitgaven per activiteit Samen begroot ${formatEuro(1200)}, uitgegeven ${formatEuro(560.5)}.`,
    );
    expect(picture).toHaveTextContent(
      `Begroting ${euro(200)} · uitgegeven ${euro(310)} Boven begroting`,
    );

    const showTable = within(chart).getByRole('button', { name: 'Toon als tabel' });
    expect(within(chart).queryByRole('table')).not.toBeInTheDocument();
    await user.click(showTable);
    expect(showTable).toHaveTextContent('Verberg tabel');
    const table = within(chart).getByRole('table', {
      name: 'Begroting en uitgaven per activiteit',
    });
    expect(rowsOf(table)).toEqual([
      ['Activiteit', 'Begroting', 'Uitgegeven'],
      ['Buurtfeest', euro(1000), euro(250.5)],
      ['Verf', euro(200), euro(310)],
      ['Totaal', euro(1200), euro(560.5)],
    ]);

    expect(await screen.findByText('Er zijn nog geen uitgaven.')).toBeInTheDocument();
    const query = new URL(
      requestsTo(requests, 'GET', '/api/initiative/7/spending')[0]!.url,
      'http://x',
    );
    expect(query.searchParams.get('interval')).toBe('month');
  });

  it('draws the running total over the months and tables every month', async () => {
    const { user } = render([{ type: 'cumulative', initiativeId: 7 }], {
      'GET /api/initiative/:id/spending': () =>
        jsonResponse(200, {
          interval: 'month',
          periods: [
            { period: '2026-02-01', expenses: -35.5, cumulative_expenses: -35.5 },
            { period: '2026-04-01', expenses: -120, cumulative_expenses: -155.5 },
          ],
        }),
    });
    await user.click(screen.getByRole('button', { name: 'Grafieken' }));
    const chart = await screen.findByRole('figure', { name: 'Uitgaven door de tijd' });
    expect(within(chart).getByRole('img')).toHaveAccessibleName(
      `Uitgaven door de tijd Opgeteld ${formatEuro(155.5)} uitgegeven van feb 2026 tot en met apr 2026.`,
    );
    const line = chart.querySelector('polyline')!;
    expect(line.getAttribute('points')).toBe('0.00,100.00 50.00,78.31 100.00,5.00');
    await user.click(within(chart).getByRole('button', { name: 'Toon als tabel' }));
    expect(rowsOf(within(chart).getByRole('table', { name: 'Uitgaven door de tijd' }))).toEqual([
      ['Maand', 'Uitgegeven in de maand', 'Opgeteld tot en met de maand'],
      ['feb 2026', euro(35.5), euro(35.5)],
      ['apr 2026', euro(120), euro(155.5)],
    ]);
  });

  it('shows an error with a retry, and the grants of every regulation of a funder', async () => {
    let calls = 0;
    const regulation = (id: number, grants: unknown[]) => ({
      id,
      name: `Regeling ${id}`,
      description: 'x',
      funder: { id: 3, name: 'Fonds' },
      grants,
      grant_officers: [],
      policy_officers: [],
      review_enabled: false,
    });
    const grant = (id: number, budget: number, expenses: number) => ({
      id,
      name: `Beschikking ${id}`,
      reference: `B-${id}`,
      budget,
      income: 0,
      expenses,
      initiative_count: 1,
      first_initiative_id: null,
    });
    const { user } = render([{ type: 'grants', funderId: 3, regulationIds: [4, 5] }], {
      'GET /api/funder/:funderId/regulation/:regulationId': (_r, { params }) =>
        params[1] === '5' && ++calls === 1
          ? jsonResponse(500, { detail: 'internal error', code: 'INTERNAL_ERROR' })
          : jsonResponse(
              200,
              params[1] === '4'
                ? regulation(4, [grant(41, 5000, -1250)])
                : regulation(5, [grant(51, 800, 0), grant(52, 300, -400)]),
            ),
    });
    await user.click(screen.getByRole('button', { name: 'Grafieken' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'De gegevens van de grafiek konden niet worden geladen',
    );
    await user.click(screen.getByRole('button', { name: 'Opnieuw proberen' }));
    const chart = await screen.findByRole('figure', {
      name: 'Begroting en uitgaven per beschikking',
    });
    await user.click(within(chart).getByRole('button', { name: 'Toon als tabel' }));
    expect(rowsOf(within(chart).getByRole('table'))).toEqual([
      ['Beschikking', 'Regeling', 'Begroting', 'Uitgegeven'],
      ['Beschikking 41', 'Regeling 4', euro(5000), euro(1250)],
      ['Beschikking 51', 'Regeling 5', euro(800), euro(0)],
      ['Beschikking 52', 'Regeling 5', euro(300), euro(400)],
      ['Totaal', euro(6100), euro(1650)],
    ]);
  });

  it('says so when a regulation has no initiatives', async () => {
    const { user } = render([{ type: 'initiatives', funderId: 3, regulationId: 4 }], {
      'GET /api/funder/:funderId/regulation/:regulationId/spending': () =>
        jsonResponse(200, { initiatives: [] }),
    });
    await user.click(screen.getByRole('button', { name: 'Grafieken' }));
    expect(
      await screen.findByText('Deze regeling heeft nog geen initiatieven.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Toon als tabel' })).not.toBeInTheDocument();
  });
});
