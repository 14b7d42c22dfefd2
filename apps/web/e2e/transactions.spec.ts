/**
 * The Transactieoverzicht of /transactions against the real API, axe on each state: an
 * initiative owner's imported bank lines are linked with the keyboard (choosing saves nothing,
 * 'Koppelen' does, and 'Ongedaan maken' takes it back), 'Niet gekoppeld (n)' and the top bar's
 * search (text and amount, in the URL) narrow the list; at 375 px a row links in a dialog; and a
 * user with nothing to link is told what the page lists.
 *
 * Every statement is made here, for a fresh IBAN, so no two tests (or runs) touch one account.
 */
import type { Activity } from '@helder/shared/activities';
import type { Initiative } from '@helder/shared/initiatives';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import {
  Api,
  apiToken,
  expectNoA11yViolations,
  importStatement,
  initiativeOwner,
  loginAs,
  ROOT,
  type Account,
} from './helpers';
import { freshIban, statementFiles, threeLines, type Line } from './statements';

const NOOR = { first_name: 'Noor', last_name: 'Jansen' };

interface World {
  owner: Account;
  initiative: Initiative;
  activity: Activity;
  lines: [Line, Line, Line];
  id: string;
}

/** An initiative owner with an activity, and three bank lines imported for a fresh account. */
async function ownerWithLines(request: APIRequestContext): Promise<World> {
  const { root, owner, initiative, id } = await initiativeOwner(request, NOOR, 'Moestuin');
  const activity = await root.activity(initiative.id, {
    name: `Zaaidag ${id}`,
    description: 'Samen zaaien.',
    purpose: 'Zaaien',
    target_audience: 'Buren',
    budget: 300,
  });

  const lines = threeLines(id) as [Line, Line, Line];
  const token = await apiToken(request, owner.email, owner.password);
  const headers = { Authorization: `Bearer ${token}` };
  await importStatement(request, owner, statementFiles.camt053(freshIban(), id, lines), headers);
  return { owner, initiative, activity, lines, id };
}

const overview = (page: Page) => page.getByRole('table', { name: 'Transactieoverzicht' });
const row = (page: Page, line: Line) =>
  overview(page).getByRole('row').filter({ hasText: line.description });
const unlinkedToggle = (page: Page) => page.getByRole('button', { name: /^Niet gekoppeld/ });
const status = (page: Page) => page.getByRole('status').filter({ hasText: /betaling van/i });
const search = (page: Page) => page.getByRole('searchbox', { name: 'Zoek in transacties' });

/** Counts the link calls, to see that choosing alone saves nothing. */
function linkCalls(page: Page): { count: number } {
  const calls = { count: 0 };
  page.on('request', (request) => {
    if (request.method() === 'PATCH' && /\/api\/payment\/\d+\//.test(request.url())) calls.count++;
  });
  return calls;
}

/** Whether a select's chosen text fits beside its arrow (Chromium draws it in about 1.5 rem). */
function placeholderFits(select: HTMLSelectElement): boolean {
  const style = getComputedStyle(select);
  const context = document.createElement('canvas').getContext('2d')!;
  context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
  const text = context.measureText(select.selectedOptions[0]?.text ?? '').width;
  const arrow = 1.5 * parseFloat(getComputedStyle(document.documentElement).fontSize);
  const room =
    select.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - arrow;
  return text <= room;
}

test('links a line with the keyboard, undoes it, and narrows the list (1280 px)', async ({
  page,
  request,
}) => {
  test.slow();
  const { owner, initiative, activity, lines, id } = await ownerWithLines(request);
  const [income, paint, coffee] = lines;
  await page.setViewportSize({ width: 1280, height: 900 });
  await loginAs(page, owner.email, owner.password);
  const calls = linkCalls(page);

  // Where a statement import leads: the lines that wait to be linked.
  await page.goto('/transactions?unlinked=1');
  await expect(unlinkedToggle(page)).toHaveText('Niet gekoppeld (3)');
  await expect(unlinkedToggle(page)).toHaveAttribute('aria-pressed', 'true');
  for (const line of lines) await expect(row(page, line)).toHaveCount(1);
  await expectNoA11yViolations(page);
  // Each select shows its whole placeholder, and the table still fits its box: no amount hidden.
  for (const name of [/^Initiatief voor/, /^Activiteit voor/]) {
    const select = row(page, paint).getByRole('combobox', { name });
    expect(await select.evaluate(placeholderFits), `${String(name)} shows its words`).toBe(true);
  }
  const fitsBox = (table: HTMLElement) => table.scrollWidth <= table.parentElement!.clientWidth + 1;
  expect(await overview(page).evaluate(fitsBox), 'the table fits its box').toBe(true);

  // The arrow keys browse the options; nothing is saved until 'Koppelen'.
  const initiativeSelect = row(page, paint).getByRole('combobox', { name: /^Initiatief voor/ });
  const activitySelect = row(page, paint).getByRole('combobox', { name: /^Activiteit voor/ });
  await expect(initiativeSelect.getByRole('option', { name: initiative.name })).toBeAttached();
  await initiativeSelect.focus();
  await page.keyboard.press('ArrowDown');
  await expect(initiativeSelect).toHaveValue(String(initiative.id));
  await expect(activitySelect).toBeEnabled();
  await expect(activitySelect.getByRole('option', { name: activity.name })).toBeAttached();
  await page.keyboard.press('Tab');
  await expect(activitySelect).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(activitySelect).toHaveValue(String(activity.id));
  expect(calls.count).toBe(0);
  await expect(unlinkedToggle(page)).toHaveText('Niet gekoppeld (3)');

  await page.keyboard.press('Tab');
  const save = row(page, paint).getByRole('button', { name: /^Koppelen: betaling van/ });
  await expect(save).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(status(page)).toContainText(
    `gekoppeld aan ${initiative.name}, activiteit ${activity.name}.`,
  );
  await expect(activitySelect).toBeFocused();
  await expect(initiativeSelect).toBeDisabled();
  await expect(unlinkedToggle(page)).toHaveText('Niet gekoppeld (2)');
  // The linked line stays in view, so it can be undone.
  await expect(row(page, paint)).toHaveCount(1);
  await expectNoA11yViolations(page);

  const undo = status(page).getByRole('button', { name: 'Ongedaan maken' });
  await undo.focus();
  await page.keyboard.press('Enter');
  await expect(status(page)).toContainText('Ongedaan gemaakt');
  await expect(initiativeSelect).toHaveValue('');
  await expect(initiativeSelect).toBeFocused();
  await expect(unlinkedToggle(page)).toHaveText('Niet gekoppeld (3)');
  await page.reload();
  await expect(row(page, paint).getByRole('combobox', { name: /^Initiatief voor/ })).toHaveValue(
    '',
  );

  // The search: words of the description, then an amount, kept in the URL.
  await search(page).fill(`koffie ${id}`);
  await expect(page).toHaveURL(new RegExp(`search=koffie\\+${id}`));
  await expect(row(page, coffee)).toHaveCount(1);
  await expect(row(page, paint)).toHaveCount(0);
  await search(page).fill('45,50');
  await expect(page).toHaveURL(/search=45%2C50/);
  await expect(row(page, paint)).toHaveCount(1);
  await expect(row(page, coffee)).toHaveCount(0);
  await expect(row(page, income)).toHaveCount(0);
  await expect(page).toHaveURL(/unlinked=1/);
  await expectNoA11yViolations(page);

  await search(page).fill('');
  await unlinkedToggle(page).click();
  await expect(unlinkedToggle(page)).toHaveAttribute('aria-pressed', 'false');
  await expect(page).toHaveURL(/\/transactions$/);
  for (const line of lines) await expect(row(page, line)).toHaveCount(1);
});

test('links a line in the dialog of a row and undoes it (375 px)', async ({ page, request }) => {
  test.slow();
  const { owner, initiative, activity, lines } = await ownerWithLines(request);
  const [, paint] = lines;
  await page.setViewportSize({ width: 375, height: 800 });
  await loginAs(page, owner.email, owner.password);
  await page.goto('/transactions?unlinked=1');
  await expect(unlinkedToggle(page)).toHaveText('Niet gekoppeld (3)');
  const open = row(page, paint).getByRole('button', { name: /^Koppelen: betaling van/ });
  await expect(open).toBeVisible();
  await expect(row(page, paint).getByText('Niet gekoppeld')).toBeVisible();
  await expectNoA11yViolations(page);

  await open.click();
  const dialog = page.getByRole('dialog', { name: 'Transactie koppelen' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('combobox', { name: 'Initiatief' }).selectOption({
    label: initiative.name,
  });
  const activitySelect = dialog.getByRole('combobox', { name: 'Activiteit' });
  await expect(activitySelect.getByRole('option', { name: activity.name })).toBeAttached();
  await activitySelect.selectOption({ label: activity.name });
  await expectNoA11yViolations(page);
  await dialog.getByRole('button', { name: 'Koppelen' }).click();

  await expect(dialog).toBeHidden();
  await expect(open).toBeFocused();
  await expect(status(page)).toContainText(`gekoppeld aan ${initiative.name}`);
  await expect(row(page, paint).getByText(`${initiative.name} · ${activity.name}`)).toBeVisible();
  await expect(unlinkedToggle(page)).toHaveText('Niet gekoppeld (2)');
  await expectNoA11yViolations(page);

  await status(page).getByRole('button', { name: 'Ongedaan maken' }).click();
  await expect(status(page)).toContainText('Ongedaan gemaakt');
  await expect(open).toBeFocused();
  await expect(row(page, paint).getByText('Niet gekoppeld')).toBeVisible();
  await expect(unlinkedToggle(page)).toHaveText('Niet gekoppeld (3)');

  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width, 'horizontal overflow at 375 px').toBeLessThanOrEqual(375);
});

test('tells a financial user with nothing to link what the page lists', async ({
  page,
  request,
}) => {
  const root = await Api.login(request, ROOT);
  const financial = await root.account({ role: 'financial', first_name: 'Ravi' });
  await loginAs(page, financial.email, financial.password);
  await page.goto('/transactions');
  await expect(overview(page).getByText('Geen gegevens gevonden')).toBeVisible();
  await expect(
    page.getByText(/banktransacties van rekeningen die je bezit of die met je gedeeld zijn/),
  ).toBeVisible();
  await expect(unlinkedToggle(page)).toHaveText('Niet gekoppeld (0)');
  await expectNoA11yViolations(page);
  await page.getByRole('link', { name: 'Bankrekening toevoegen of afschrift importeren' }).click();
  await expect(page).toHaveURL(/\/transactions\/bankconnections$/);
});
