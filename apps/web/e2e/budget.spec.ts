/**
 * The first-load budget: what a visitor's browser transfers to show /funds, an initiative page
 * and /login with nothing cached. Over budget, the test fails with the list of what was loaded,
 * largest first, so the offender is plain.
 *
 * The budgets, with React (ADR 0022): /funds 125 KB of compressed JavaScript, an initiative page
 * 140 KB (ADR 0027), /login 130 KB, and at most 300 KB in all (bodies and headers) for each. React itself is
 * about 57 KB of that; the rest is kept there by design: route modules loaded per page, only the
 * catalogs of the page's language, and the form, validation and menu libraries (and the
 * payments table) left to the screens that use them.
 */
import { expect, test, type Page } from '@playwright/test';
import { firstLoad, KB, summarize, type Transfer } from './first-load';
import { Api, ROOT, uniqueId } from './helpers';

const TOTAL = 300 * KB;

function expectWithinBudget(path: string, transfers: Transfer[], scriptCeiling: number) {
  const { scripts, script, total, report } = summarize(path, transfers);
  console.log(report);
  // Soft: every page is measured and reported, not only the first one over.
  expect
    .soft(script, `JavaScript over ${scriptCeiling / KB} KB: ${report}`)
    .toBeLessThanOrEqual(scriptCeiling);
  expect.soft(total, `over ${TOTAL / KB} KB in all: ${report}`).toBeLessThanOrEqual(TOTAL);
  // The budget rests on compression: the build compresses every script over 1 KB (Brotli).
  for (const file of scripts.filter((t) => t.body > KB)) {
    expect.soft(file.encoding, file.url).toBe('br');
  }
}

/** The files a page's HTML names ahead of its scripts (`<link rel="modulepreload">`, preloads). */
const namedAhead = (html: string) =>
  [...html.matchAll(/<link rel="(?:modulepreload|preload)"[^>]*href="([^"]+)"/g)].map((m) => m[1]!);

/**
 * The page names its route's files beyond index.html's own (apps/web/src/app/preloads.ts), and
 * the browser loads each of them: none is named in vain.
 */
function expectRoutePreloaded(html: string, index: string, transfers: Transfer[]) {
  const ofRoute = namedAhead(html).filter((file) => !namedAhead(index).includes(file));
  expect(ofRoute.length).toBeGreaterThan(0);
  const loaded = transfers.map((t) => t.url);
  for (const file of ofRoute) expect(loaded, file).toContain(file);
}

test('/funds, an initiative page and /login load within the budget, their routes named ahead', async ({
  browser,
  request,
}) => {
  const root = await Api.login(request, ROOT);
  const id = uniqueId();
  const funder = await root.funder({ name: `Fonds ${id}`, url: 'https://fonds.example' });
  const regulation = await root.regulation(funder.id, { name: `Regeling ${id}`, description: 'x' });
  const grant = await root.grant(funder.id, regulation.id, {
    name: `Beschikking ${id}`,
    reference: `B-${id}`,
    budget: 1000,
  });
  const initiative = await root.initiative(
    { funderId: funder.id, regulationId: regulation.id, grantId: grant.id },
    {
      name: `Initiatief ${id}`,
      description: 'Een buurtinitiatief',
      purpose: 'Samen',
      target_audience: 'De buurt',
      budget: 500,
    },
  );

  const pages: [string, (page: Page) => Promise<void>, number][] = [
    [
      '/funds',
      (page) => expect(page.getByText(`Initiatief ${id}`).first()).toBeVisible(),
      125 * KB,
    ],
    [
      `/funds/${initiative.id}/transactieoverzicht`,
      (page) =>
        expect(page.getByRole('heading', { level: 1, name: `Initiatief ${id}` })).toBeVisible(),
      140 * KB,
    ],
    [
      '/login',
      (page) => expect(page.getByRole('dialog', { name: 'Inloggen' })).toBeVisible(),
      130 * KB,
    ],
  ];
  const index = await (await request.get('/index.html')).text();
  for (const [path, ready, scriptCeiling] of pages) {
    const context = await browser.newContext();
    const page = await context.newPage();
    const transfers = await firstLoad(page, path, ready);
    expectWithinBudget(path, transfers, scriptCeiling);
    expectRoutePreloaded(await (await request.get(path)).text(), index, transfers);
    await context.close();
  }
});
