/**
 * The public charts against the real API, axe at 1280 and 375 px: a visitor opens an initiative
 * page's 'Grafieken', sees budget against spent per activity and spending over time, and reads
 * both as tables, a hidden payment left out.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { Api, expectNoA11yViolations, ROOT, uniqueId } from './helpers';

/** The table's rows as their cells' texts, with plain spaces. */
const rowsOf = (table: Locator) =>
  table
    .getByRole('row')
    .evaluateAll((rows) =>
      rows.map((row) =>
        [...row.querySelectorAll('th, td')].map((cell) =>
          (cell.textContent ?? '').replace(/\s+/g, ' ').trim(),
        ),
      ),
    );

async function expectNoHorizontalOverflow(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, 'the page scrolls sideways').toBeLessThanOrEqual(0);
}

test('a visitor sees the charts of an initiative and their table alternative', async ({
  browser,
  request,
}) => {
  test.slow();
  const root = await Api.login(request, ROOT);
  const id = uniqueId();
  const funder = await root.funder({ name: `Fonds ${id}`, url: 'https://fonds.example' });
  const regulation = await root.regulation(funder.id, { name: `Regeling ${id}`, description: 'x' });
  const grant = await root.grant(funder.id, regulation.id, {
    name: `Beschikking ${id}`,
    reference: `GRF-${id}`,
    budget: 5000,
  });
  const initiative = await root.initiative(
    { funderId: funder.id, regulationId: regulation.id, grantId: grant.id },
    {
      name: `Speeltuin ${id.toUpperCase()}`,
      description: 'Een speeltuin voor de wijk.',
      purpose: 'Spelen',
      target_audience: 'Kinderen',
      budget: 3000,
    },
  );
  const activity = await root.activity(initiative.id, {
    name: `Schommels ${id}`,
    description: 'Twee schommels.',
    purpose: 'Spelen',
    target_audience: 'Kinderen',
    budget: 1000,
  });
  const pay = (amount: number, day: string, more: object = {}) =>
    root.payment({
      initiative_id: initiative.id,
      transaction_amount: amount,
      booking_date: `${day}T10:00:00+01:00`,
      creditor_name: 'Speelgoedhandel',
      short_user_description: 'Onderdelen',
      ...more,
    });
  await pay(-250, '2026-02-10', { activity_id: activity.id });
  await pay(-100, '2026-03-05');
  await pay(-999, '2026-03-20', { hidden: true });

  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await page.goto(`/funds/${initiative.id}/transactieoverzicht`);
  await expect(page.getByRole('heading', { level: 1, name: initiative.name })).toBeVisible();
  const toggle = page.getByRole('button', { name: 'Grafieken' });
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');

  const perActivity = page.getByRole('figure', { name: 'Begroting en uitgaven per activiteit' });
  await expect(perActivity.getByRole('img')).toBeVisible();
  await perActivity.getByRole('button', { name: 'Toon als tabel' }).click();
  const activityTable = perActivity.getByRole('table', {
    name: 'Begroting en uitgaven per activiteit',
  });
  await expect(activityTable).toBeVisible();
  expect(await rowsOf(activityTable)).toEqual([
    ['Activiteit', 'Begroting', 'Uitgegeven'],
    [`Schommels ${id}`, '€ 1.000,00', '€ 250,00'],
    ['Totaal', '€ 1.000,00', '€ 250,00'],
  ]);

  const overTime = page.getByRole('figure', { name: 'Uitgaven door de tijd' });
  await expect(overTime.getByRole('img')).toBeVisible();
  await overTime.getByRole('button', { name: 'Toon als tabel' }).click();
  // The hidden payment of 999 is not the visitor's to see.
  expect(await rowsOf(overTime.getByRole('table', { name: 'Uitgaven door de tijd' }))).toEqual([
    ['Maand', 'Uitgegeven in de maand', 'Opgeteld tot en met de maand'],
    ['feb 2026', '€ 250,00', '€ 250,00'],
    ['mrt 2026', '€ 100,00', '€ 350,00'],
  ]);

  await expectNoHorizontalOverflow(page);
  await expectNoA11yViolations(page);
  await page.setViewportSize({ width: 375, height: 800 });
  await expect(overTime.getByRole('table')).toBeVisible();
  await expectNoHorizontalOverflow(page);
  await expectNoA11yViolations(page);
  await context.close();
});
