/**
 * History against the real API, axe on every screen: an owner records an expense, an
 * administrator changes its amount in the browser and reads who changed what in the payment's
 * 'Geschiedenis', at 1280 and at 375 px; the owner does not get the panel at all.
 */
import { expect, test, type Page } from '@playwright/test';
import { Api, expectNoA11yViolations, loginAs, logout, ROOT } from './helpers';

const table = (page: Page) => page.getByRole('table', { name: 'Transacties' });

test('an administrator edits a payment and reads the change in its history', async ({
  page,
  request,
}) => {
  test.slow();
  const root = await Api.login(request, ROOT);
  const owner = await root.account({ first_name: 'Noor', last_name: 'Jansen' });
  const { initiative } = await root.ownedInitiative([owner], 'Buurttuin');
  const ownerApi = await Api.login(request, owner);
  await ownerApi.payment({
    transaction_amount: -12.5,
    booking_date: '2026-03-14T12:00:00+01:00',
    route: 'uitgaven',
    type: 'handmatig',
    creditor_name: 'Tuincentrum Oost',
    creditor_account: 'NL91ABNA0417164300',
    debtor_name: 'Buurttuin',
    debtor_account: 'NL20INGB0001234567',
    short_user_description: 'Zaden en potgrond',
    long_user_description: '',
    hidden: false,
    initiative_id: initiative.id,
    activity_id: null,
  });

  // The owner edits payments too, but the history is the administrators' only.
  await loginAs(page, owner.email, owner.password);
  await page.goto(`/funds/${initiative.id}/transactieoverzicht`);
  await table(page).getByRole('row').filter({ hasText: 'Zaden en potgrond' }).click();
  const ownerDialog = page.getByRole('dialog', { name: 'Transactie bewerken' });
  await expect(ownerDialog.getByLabel('Korte beschrijving')).toHaveValue('Zaden en potgrond');
  await expect(ownerDialog.getByRole('button', { name: 'Geschiedenis' })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(ownerDialog).toBeHidden();
  await logout(page);

  await page.setViewportSize({ width: 1280, height: 900 });
  await loginAs(page, ROOT.email, ROOT.password);
  await page.goto(`/funds/${initiative.id}/transactieoverzicht`);
  const row = table(page).getByRole('row').filter({ hasText: 'Zaden en potgrond' });
  await row.click();
  const edit = page.getByRole('dialog', { name: 'Transactie bewerken' });
  await edit.getByLabel('Bedrag', { exact: true }).fill('-20,00');
  await edit.getByRole('button', { name: 'Opslaan' }).click();
  await expect(edit).toBeHidden();
  await expect(row.getByRole('cell', { name: /€\s-20,00/ })).toBeVisible();

  // Reopened, the history is closed until asked for; opened, it says who changed what, newest first.
  await row.click();
  const history = edit.getByRole('button', { name: 'Geschiedenis' });
  await expect(history).toHaveAttribute('aria-expanded', 'false');
  await history.press('Enter');
  await expect(history).toHaveAttribute('aria-expanded', 'true');
  const entries = edit
    .getByRole('list', { name: 'Wijzigingen, nieuwste eerst' })
    .locator(':scope > li');
  await expect(entries).toHaveCount(2);
  await expect(entries.first()).toContainText(/\d{2}-\d{2}-\d{4} \d{2}:\d{2} gewijzigd door/);
  await expect(entries.first()).toContainText(/Bedrag: €\s-12,50 → €\s-20,00/);
  await expect(entries.nth(1)).toContainText('aangemaakt door Noor Jansen');
  await expect(entries.nth(1)).toContainText('Korte beschrijving: (leeg) → Zaden en potgrond');
  await expectNoA11yViolations(page);

  await page.setViewportSize({ width: 375, height: 800 });
  await expect(entries.first()).toBeVisible();
  await entries.first().scrollIntoViewIfNeeded();
  const box = await entries.first().boundingBox();
  expect(box!.x + box!.width).toBeLessThanOrEqual(375);
  await expectNoA11yViolations(page);
});
