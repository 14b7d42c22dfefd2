/**
 * Link suggestions on /transactions against the real API, axe on each state: an initiative owner
 * who linked a shop's lines before imports a statement with new lines from it; each new line
 * proposes the earlier link and says why. One is accepted on its row, then all sure ones at once,
 * which 'Ongedaan maken' takes back together; at 375 px a row's dialog offers the suggestion.
 * Nothing is linked without a click.
 *
 * The statement is made here, for a fresh IBAN, so no two tests (or runs) touch one account.
 */
import type { Activity } from '@helder/shared/activities';
import type { Initiative } from '@helder/shared/initiatives';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import {
  apiToken,
  expectNoA11yViolations,
  importStatement,
  initiativeOwner,
  loginAs,
  type Account,
} from './helpers';
import { freshIban, statementFiles, type Line } from './statements';

const SHOP = { counterparty: 'Bouwmarkt Hoekstra', counterpartyIban: 'NL44RABO0123456789' };
const CAFE = { counterparty: 'Koffiebranderij Oost', counterpartyIban: 'NL71INGB0009876543' };

const NOOR = { first_name: 'Noor', last_name: 'Jansen' };

interface World {
  owner: Account;
  initiative: Initiative;
  activity: Activity;
  /** Not linked yet: two lines of the shop, one of the café. */
  fresh: [Line, Line, Line];
}

const line = (party: typeof SHOP, day: number, amount: number, description: string): Line => ({
  date: `2026-03-${String(day).padStart(2, '0')}`,
  amount,
  ...party,
  description,
});

/**
 * An initiative owner with an activity whose statement has three earlier lines of the shop linked
 * to the activity, three of the café linked to the initiative, and three new lines.
 */
async function ownerWithHistory(request: APIRequestContext): Promise<World> {
  const { root, owner, initiative, id } = await initiativeOwner(request, NOOR, 'Buurtbarbecue');
  const activity = await root.activity(initiative.id, {
    name: `Opbouw ${id}`,
    description: 'Tenten en tafels.',
    purpose: 'Opbouwen',
    target_audience: 'Buren',
    budget: 300,
  });

  const earlierShop = [1, 2, 3].map((n) => line(SHOP, n, -20 - n, `Hout ${n} ${id}`));
  const earlierCafe = [4, 5, 6].map((n) => line(CAFE, n, -5 - n, `Koffie ${n} ${id}`));
  const fresh: [Line, Line, Line] = [
    line(SHOP, 10, -31.5, `Schroeven ${id}`),
    line(SHOP, 11, -42.25, `Planken ${id}`),
    line(CAFE, 12, -9.75, `Thee ${id}`),
  ];
  const token = await apiToken(request, owner.email, owner.password);
  const headers = { Authorization: `Bearer ${token}` };
  const file = statementFiles.camt053(freshIban(), id, [...earlierShop, ...earlierCafe, ...fresh]);
  await importStatement(request, owner, file, headers);

  // The earlier links, made as a person would, one line at a time.
  const list = await request.get(`/api/payments/user/${owner.id}?limit=100`, { headers });
  const { payments } = (await list.json()) as {
    payments: { id: number; short_user_description: string }[];
  };
  const idOf = (l: Line) => payments.find((p) => p.short_user_description === l.description)!.id;
  for (const l of [...earlierShop, ...earlierCafe]) {
    const linked = await request.patch(`/api/payment/${idOf(l)}/initiative`, {
      headers,
      data: { initiative_id: initiative.id },
    });
    expect(linked.status(), await linked.text()).toBe(200);
  }
  for (const l of earlierShop) {
    const linked = await request.patch(`/api/payment/${idOf(l)}/activity`, {
      headers,
      data: { initiative_id: initiative.id, activity_id: activity.id },
    });
    expect(linked.status(), await linked.text()).toBe(200);
  }
  return { owner, initiative, activity, fresh };
}

const overview = (page: Page) => page.getByRole('table', { name: 'Transactieoverzicht' });
const row = (page: Page, l: Line) =>
  overview(page).getByRole('row').filter({ hasText: l.description });
const status = (page: Page) =>
  page.getByRole('status').filter({ hasText: /gekoppeld|Ongedaan gemaakt/ });
const acceptAll = (page: Page) =>
  page.getByRole('button', { name: /^Alle zekere voorstellen overnemen/ });

test('accepts one suggestion, then all sure ones, and undoes them (1280 px)', async ({
  page,
  request,
}) => {
  test.slow();
  const { owner, initiative, activity, fresh } = await ownerWithHistory(request);
  const [screws, planks, tea] = fresh;
  await page.setViewportSize({ width: 1280, height: 900 });
  await loginAs(page, owner.email, owner.password);
  await page.goto('/transactions?unlinked=1');

  await expect(
    row(page, screws).getByText(`Eerder 3× gekoppeld aan ${initiative.name}`),
  ).toBeVisible();
  await expect(
    row(page, tea).getByText(`Eerder 3× gekoppeld aan ${initiative.name}`),
  ).toBeVisible();
  await expect(acceptAll(page)).toHaveText('Alle zekere voorstellen overnemen (3)');
  // Shown, not linked: every line still waits.
  await expect(page.getByRole('button', { name: 'Niet gekoppeld (3)' })).toBeVisible();
  await expectNoA11yViolations(page);

  const accept = row(page, screws).getByRole('button', {
    name: /^Voorstel overnemen: betaling van/,
  });
  await expect(accept).toHaveAccessibleName(new RegExp(`${initiative.name} · ${activity.name}$`));
  await accept.focus();
  await page.keyboard.press('Enter');
  await expect(status(page)).toContainText(
    `gekoppeld aan ${initiative.name}, activiteit ${activity.name}.`,
  );
  await expect(page.getByRole('button', { name: 'Niet gekoppeld (2)' })).toBeVisible();
  await expect(acceptAll(page)).toHaveText('Alle zekere voorstellen overnemen (2)');

  await acceptAll(page).click();
  await expect(status(page)).toContainText('2 betalingen gekoppeld.');
  await expect(page.getByRole('button', { name: 'Niet gekoppeld (0)' })).toBeVisible();
  await expect(acceptAll(page)).toHaveCount(0);
  await expect(row(page, planks).getByRole('combobox', { name: /^Activiteit voor/ })).toHaveValue(
    String(activity.id),
  );
  await expect(row(page, tea).getByRole('combobox', { name: /^Initiatief voor/ })).toHaveValue(
    String(initiative.id),
  );
  await expectNoA11yViolations(page);

  await status(page).getByRole('button', { name: 'Ongedaan maken' }).click();
  await expect(status(page)).toContainText(
    'Ongedaan gemaakt: 2 betalingen zijn weer gekoppeld zoals voorheen.',
  );
  await expect(page.getByRole('button', { name: 'Niet gekoppeld (2)' })).toBeVisible();
  await expect(acceptAll(page)).toHaveText('Alle zekere voorstellen overnemen (2)');
  await page.reload();
  await expect(row(page, planks).getByRole('combobox', { name: /^Initiatief voor/ })).toHaveValue(
    '',
  );
  // The one accepted on its row stays linked, and so leaves the unlinked lines.
  await expect(row(page, screws)).toHaveCount(0);
  await expect(row(page, tea)).toHaveCount(1);
});

test("a row's dialog offers its suggestion (375 px)", async ({ page, request }) => {
  test.slow();
  const { owner, initiative, fresh } = await ownerWithHistory(request);
  const [, , tea] = fresh;
  await page.setViewportSize({ width: 375, height: 800 });
  await loginAs(page, owner.email, owner.password);
  await page.goto('/transactions?unlinked=1');
  await expect(acceptAll(page)).toBeVisible();
  await expectNoA11yViolations(page);

  await row(page, tea)
    .getByRole('button', { name: /^Koppelen: betaling van/ })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Transactie koppelen' });
  await expect(dialog.getByText(`Eerder 3× gekoppeld aan ${initiative.name}`)).toBeVisible();
  await expectNoA11yViolations(page);
  await dialog.getByRole('button', { name: /^Voorstel overnemen: betaling van/ }).click();
  await expect(dialog).toBeHidden();
  await expect(status(page)).toContainText(`gekoppeld aan ${initiative.name}.`);
  // The row's 'Koppeling' cell shows the link (its dropdown's option, hidden here, has it too).
  await expect(row(page, tea).locator('span').filter({ hasText: initiative.name })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Niet gekoppeld (2)' })).toBeVisible();
  await expectNoA11yViolations(page);
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width, 'horizontal overflow at 375 px').toBeLessThanOrEqual(375);
});
