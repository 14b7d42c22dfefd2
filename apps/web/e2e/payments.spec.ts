/**
 * Payments against the real API, axe on every screen: an initiative owner records an
 * expense with a receipt, sees it in the table and the totals, edits and filters it; a visitor
 * reads it without the account numbers; the owner links a payment to an activity on
 * /transactions and unlinks it; the same pages at 375 px.
 */
import type { Activity } from '@helder/shared/activities';
import type { Initiative } from '@helder/shared/initiatives';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import {
  Api,
  expectAmountVisible,
  expectNoA11yViolations,
  expectOneRow,
  loginAs,
  logout,
  RECEIPT_PNG,
  ROOT,
  type Account,
} from './helpers';

interface Ledger {
  owner: Account;
  initiative: Initiative;
  activity: Activity;
  root: Api;
}

/** A grant with one initiative owned by a fresh account, and one activity in it. */
async function ledger(request: APIRequestContext): Promise<Ledger> {
  const root = await Api.login(request, ROOT);
  const owner = await root.account({ first_name: 'Noor', last_name: 'Jansen' });
  const { initiative } = await root.ownedInitiative([owner], 'Speeltuin');
  const activity = await root.activity(initiative.id, {
    name: 'Schilderdag',
    description: 'Samen de hekken verven.',
    purpose: 'Opknappen',
    target_audience: 'Buren',
    budget: 400,
  });
  return { owner, initiative, activity, root };
}

const table = (page: Page) => page.getByRole('table', { name: 'Transacties' });
/** The 'Besteed' card of the detail header. */
const spent = (page: Page) => page.locator('dl > div', { hasText: 'Besteed' });

test('an initiative owner records an expense with a receipt, edits it and filters the list', async ({
  page,
  request,
}) => {
  test.slow();
  const { owner, initiative } = await ledger(request);
  await loginAs(page, owner.email, owner.password);
  await page.goto(`/funds/${initiative.id}/transactieoverzicht`);
  await expect(page.getByText('Geen transacties gevonden')).toBeVisible();
  await expectNoA11yViolations(page);

  await page.getByRole('link', { name: 'Transactie toevoegen' }).click();
  const add = page.getByRole('dialog', { name: 'Transactie toevoegen' });
  await add.getByLabel('Bedrag', { exact: true }).fill('-12,50');
  await expect(add.getByRole('radio', { name: 'Uitgaven' })).toBeChecked();
  await add.getByLabel('Boekingsdatum', { exact: true }).fill('14-03-2026');
  await add.getByLabel('Naam ontvanger').fill('Bouwmarkt Noord');
  await add.getByLabel('Rekeningnummer ontvanger').fill('NL91ABNA0417164300');
  await add.getByLabel('Korte beschrijving').fill('Verf en kwasten');
  await add.locator('input[type="file"]').setInputFiles({
    name: 'kassabon.png',
    mimeType: 'image/png',
    buffer: RECEIPT_PNG,
  });
  await expectNoA11yViolations(page);
  await add.getByRole('button', { name: 'Toevoegen', exact: true }).click();
  await expect(add).toBeHidden();

  const row = table(page).getByRole('row').filter({ hasText: 'Verf en kwasten' });
  await expect(row.getByRole('cell', { name: '14-03-2026' })).toBeVisible();
  await expect(row.getByRole('cell', { name: /€\s-12,50/ })).toBeVisible();
  await expect(row.getByRole('cell', { name: '1', exact: true })).toBeVisible();
  await expectAmountVisible(row.getByRole('cell', { name: /€\s-12,50/ }));
  // The activities screen: the side list leaves the table less room, and the tabs one row.
  await page.goto(`/funds/${initiative.id}/activities`);
  await expectAmountVisible(row.getByRole('cell', { name: /€\s-12,50/ }));
  await expectOneRow(page.getByRole('navigation', { name: /Onderdelen/ }).getByRole('link'));
  // At 1280 px all six fit that row: none is half hidden behind its edge.
  const tabRow = page.getByRole('navigation', { name: /Onderdelen/ }).getByRole('list');
  expect(await tabRow.evaluate((row) => row.scrollWidth - row.clientWidth)).toBeLessThanOrEqual(0);
  await page.goto(`/funds/${initiative.id}/transactieoverzicht`);
  await expect(spent(page)).toContainText(/€\s12,50/);
  await expectNoA11yViolations(page);

  // Edit: the row opens the form (the owner may edit); only the description changes.
  await row.click();
  const edit = page.getByRole('dialog', { name: 'Transactie bewerken' });
  await expect(edit.getByLabel('Korte beschrijving')).toHaveValue('Verf en kwasten');
  await expectNoA11yViolations(page);
  await edit.getByLabel('Korte beschrijving').fill('Verf, kwasten en tape');
  await edit.getByRole('button', { name: 'Opslaan' }).click();
  await expect(edit).toBeHidden();
  await expect(table(page).getByText('Verf, kwasten en tape')).toBeVisible();

  // Filter: a minimum of 10 keeps it, a minimum of 20 leaves nothing; the filter is clearable.
  const filter = async (min: string) => {
    await page.getByRole('link', { name: 'Filter', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Transacties filteren' });
    await dialog.getByLabel('Minimaal bedrag').fill(min);
    await dialog.getByRole('button', { name: 'Toepassen' }).click();
    await expect(dialog).toBeHidden();
  };
  await filter('10');
  await expect(table(page).getByText('Verf, kwasten en tape')).toBeVisible();
  await filter('20');
  await expect(page.getByText('Geen transacties gevonden')).toBeVisible();
  await expectNoA11yViolations(page);
  await page
    .getByRole('button', { name: /Filter .*verwijderen/ })
    .first()
    .click();
  await expect(table(page).getByText('Verf, kwasten en tape')).toBeVisible();

  // A visitor sees the payment and its receipt, but not the account number.
  await logout(page);
  await page.goto(`/funds/${initiative.id}/transactieoverzicht`);
  const seen = table(page).getByRole('row').filter({ hasText: 'Verf, kwasten en tape' });
  await seen.click();
  const details = page.getByRole('dialog', { name: 'Transactie' });
  await expect(details.getByText('Bouwmarkt Noord')).toBeVisible();
  await expect(details.getByText(/NL91\s?ABNA/)).toHaveCount(0);
  await expect(details.getByRole('link', { name: 'Bon 1 openen' })).toBeVisible();
  await expectNoA11yViolations(page);
});

test('a user links a payment to an activity on /transactions and unlinks it', async ({
  page,
  request,
}) => {
  test.slow();
  const { owner, initiative, activity, root } = await ledger(request);
  await root.payment({
    transaction_amount: -30,
    booking_date: '2026-04-02T10:00:00+02:00',
    route: 'uitgaven',
    creditor_name: 'Drukkerij Oost',
    short_user_description: 'Flyers',
    initiative_id: initiative.id,
    activity_id: null,
  });
  await loginAs(page, owner.email, owner.password);
  await page.goto('/transactions');
  const overview = page.getByRole('table', { name: 'Transactieoverzicht' });
  const row = overview.getByRole('row').filter({ hasText: 'Flyers' });
  const initiativeSelect = row.getByRole('combobox', { name: /^Initiatief voor betaling/ });
  const activitySelect = row.getByRole('combobox', { name: /^Activiteit voor betaling/ });
  await expect(initiativeSelect).toHaveValue(String(initiative.id));
  await expect(activitySelect).toBeEnabled();
  await expectAmountVisible(row.getByRole('cell', { name: /^€\s-30,00$/ }));
  await expectNoA11yViolations(page);

  // Choosing saves nothing; 'Koppelen' does.
  const save = row.getByRole('button', { name: /^Koppelen: betaling van/ });
  await activitySelect.selectOption({ label: activity.name });
  await save.click();
  await expect(initiativeSelect).toBeDisabled();
  await expect(activitySelect).toHaveValue(String(activity.id));
  const linked = await root.get(`/initiative/${initiative.id}/activity/${activity.id}`);
  expect(linked).toMatchObject({ expenses: -30 });

  await activitySelect.selectOption({ label: 'Verbreek verbinding' });
  await save.click();
  await expect(initiativeSelect).toBeEnabled();
  await expect(activitySelect).toHaveValue('');
  const unlinked = await root.get(`/initiative/${initiative.id}/activity/${activity.id}`);
  expect(unlinked).toMatchObject({ expenses: 0 });
  await expectNoA11yViolations(page);
});

test('the payment pages at 375 px', async ({ page, request }) => {
  test.slow();
  const { owner, initiative, root } = await ledger(request);
  await root.payment({
    transaction_amount: 250,
    booking_date: '2026-02-01T10:00:00+01:00',
    route: 'inkomen',
    // Long words that a table would have to make room for.
    debtor_name: 'Stichting Kunstenaarsbenodigdhedengroothandel Amsterdam-Noord',
    short_user_description: 'Eerste voorschot voor de buurtspeeltuinherinrichtingswerkzaamheden',
    initiative_id: initiative.id,
    activity_id: null,
  });
  await page.setViewportSize({ width: 375, height: 800 });
  await loginAs(page, owner.email, owner.password);
  for (const path of [`/funds/${initiative.id}/transactieoverzicht`, '/transactions']) {
    await page.goto(path);
    // The payment's own row, not the totals under the table that name the same amount.
    const body = page.locator('tbody');
    await expectAmountVisible(body.getByRole('cell', { name: /^€\s250,00$/ }));
    const tabs = page.getByRole('navigation', { name: /Onderdelen/ }).getByRole('link');
    await expectOneRow(tabs);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow, path).toBeLessThanOrEqual(0);
    await expectNoA11yViolations(page);
  }

  // More rows than the table's box holds: its sums stay in view at the box's foot.
  for (const day of ['02', '03', '04', '05']) {
    await root.payment({
      transaction_amount: -10,
      booking_date: `2026-01-${day}T10:00:00+01:00`,
      route: 'uitgaven',
      creditor_name: 'Bouwmarkt Noord',
      short_user_description: `Verf ${day}`,
      initiative_id: initiative.id,
      activity_id: null,
    });
  }
  await page.goto(`/funds/${initiative.id}/transactieoverzicht`);
  // The box is a region only while it scrolls; brought into view, its own rows stay put.
  const box = page.getByRole('region', { name: 'Transacties' });
  await box.evaluate((element) => element.scrollIntoView({ block: 'end' }));
  await expect(
    table(page).getByRole('row').filter({ hasText: 'Totaal (5 transacties)' }),
  ).toBeInViewport({ ratio: 1 });

  // A long form keeps its actions in view, and starts in its first field.
  await page.getByRole('link', { name: 'Transactie toevoegen' }).click();
  const add = page.getByRole('dialog', { name: 'Transactie toevoegen' });
  const amount = add.getByLabel('Bedrag', { exact: true });
  await expect(amount).toBeFocused();
  await expect(add.getByRole('button', { name: 'Toevoegen', exact: true })).toBeInViewport({
    ratio: 1,
  });

  // A new payment starts as an expense, and what is typed lands after its minus: also when the
  // field is tabbed into (which selects its text) or clicked in front of the sign.
  await expect(amount).toHaveValue('-');
  await expect(add.getByRole('radio', { name: 'Uitgaven' })).toBeChecked();
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Tab');
  await expect(amount).toBeFocused();
  await page.keyboard.type('12,50');
  await expect(amount).toHaveValue('-12,50');
  await expect(add.getByRole('radio', { name: 'Uitgaven' })).toBeChecked();
  await amount.fill('-');
  await add.getByRole('textbox', { name: 'Boekingsdatum' }).focus();
  await amount.click({ position: { x: 2, y: 8 } });
  await page.keyboard.type('7');
  await expect(amount).toHaveValue('-7');
  // Without the minus it is income, as the typed sign says.
  await amount.fill('7');
  await expect(add.getByRole('radio', { name: 'Inkomen' })).toBeChecked();
});
