/**
 * Reading a receipt against the real API and its job queue, axe on every screen: an owner adds
 * an expense with a PDF receipt, opens it, sees what the receipt says and takes it over with the
 * keyboard; the same at 375 px. On /transactions a dropped receipt that fits no expense becomes a
 * new payment of an initiative the owner picks.
 */
import { expect, test, type Page } from '@playwright/test';
import { expectNoA11yViolations, initiativeOwner, loginAs } from './helpers';
import { receiptPdf } from './receipt-files';

const RECEIPT = receiptPdf([
  'Bakkerij de Graaf',
  'Markt 3',
  'Datum: 12-11-2026 10:14',
  'Appeltaart          12,50',
  'Totaal EUR          12,50',
  'BTW 9%  EUR          1,03',
]);

const SANNE = { first_name: 'Sanne', last_name: 'de Vries' };

/** Adds an expense of € 1 with the receipt, then opens it again. */
async function addWithReceipt(page: Page, initiativeId: number, description: string) {
  await page.goto(`/funds/${initiativeId}/transactieoverzicht`);
  await page.getByRole('link', { name: 'Transactie toevoegen' }).click();
  const add = page.getByRole('dialog', { name: 'Transactie toevoegen' });
  await add.getByLabel('Bedrag', { exact: true }).fill('-1');
  await add.getByLabel('Boekingsdatum', { exact: true }).fill('01-11-2026');
  await add.getByLabel('Korte beschrijving').fill(description);
  await add.locator('input[type="file"]').setInputFiles({
    name: 'bon.pdf',
    mimeType: 'application/pdf',
    buffer: RECEIPT,
  });
  await add.getByRole('button', { name: 'Toevoegen', exact: true }).click();
  await expect(add).toBeHidden();
  await page.getByRole('table', { name: 'Transacties' }).getByText(description).click();
  return page.getByRole('dialog', { name: 'Transactie bewerken' });
}

test('an owner takes over what the receipt says, and nothing before', async ({ page, request }) => {
  test.slow();
  const { owner: account, initiative } = await initiativeOwner(request, SANNE, 'Buurtfeest');
  await loginAs(page, account.email, account.password);
  const edit = await addWithReceipt(page, initiative.id, 'Taart voor het feest');
  const proposal = edit.getByRole('region', { name: 'Gelezen van de bon' });
  await expect(proposal).toBeVisible({ timeout: 30_000 });
  await expect(proposal).toContainText('12-11-2026');
  await expect(proposal).toContainText('Bakkerij de Graaf');
  await expect(edit.getByLabel('Bedrag', { exact: true })).toHaveValue('-1,00');
  await expectNoA11yViolations(page);

  const take = proposal.getByRole('button', { name: 'Gegevens overnemen' });
  await take.focus();
  await page.keyboard.press('Enter');
  await expect(edit.getByLabel('Bedrag', { exact: true })).toHaveValue('-12,50');
  await expect(edit.getByLabel('Boekingsdatum', { exact: true })).toHaveValue('12-11-2026');
  await expect(edit.getByLabel('Naam ontvanger')).toHaveValue('Bakkerij de Graaf');
  await expectNoA11yViolations(page);
  await edit.getByRole('button', { name: 'Opslaan' }).click();
  await expect(edit).toBeHidden();
  const row = page.getByRole('table', { name: 'Transacties' }).getByRole('row', {
    name: /Taart voor het feest/,
  });
  await expect(row.getByRole('cell', { name: /€\s-12,50/ })).toBeVisible();
});

test('the receipt reading at 375 px', async ({ page, request }) => {
  test.slow();
  const { owner: account, initiative } = await initiativeOwner(request, SANNE, 'Buurtfeest');
  await page.setViewportSize({ width: 375, height: 800 });
  await loginAs(page, account.email, account.password);
  const edit = await addWithReceipt(page, initiative.id, 'Taart klein scherm');
  const proposal = edit.getByRole('region', { name: 'Gelezen van de bon' });
  await expect(proposal).toBeVisible({ timeout: 30_000 });
  await proposal.scrollIntoViewIfNeeded();
  const box = await proposal.boundingBox();
  expect(box!.x + box!.width).toBeLessThanOrEqual(375);
  await expectNoA11yViolations(page);
});

test('an unmatched receipt becomes a payment from /transactions', async ({ page, request }) => {
  test.slow();
  const { owner: account, initiative } = await initiativeOwner(request, SANNE, 'Buurtfeest');
  await page.setViewportSize({ width: 375, height: 900 });
  await loginAs(page, account.email, account.password);
  await page.goto('/transactions');
  await page.getByRole('button', { name: 'Bonnen toevoegen' }).click();
  const dialog = page.getByRole('dialog', { name: 'Bonnen toevoegen' });
  const flowers = receiptPdf(['Bloemist Roos', 'Datum: 18-11-2026', 'Totaal EUR          19,95']);
  await dialog
    .locator('input[type="file"]')
    .setInputFiles([{ name: 'bon-bloemist.pdf', mimeType: 'application/pdf', buffer: flowers }]);
  await expect(dialog.getByText('1 van 1 bon verstuurd')).toBeVisible();
  await expect(dialog.getByText('Geen match gevonden')).toBeVisible({ timeout: 30_000 });

  await dialog.getByRole('button', { name: 'Betaling aanmaken' }).click();
  await dialog.getByLabel('Initiatief').selectOption({ label: initiative.name });
  await expect(dialog.getByLabel('Bedrag')).toHaveValue('-19,95');
  await expect(dialog.getByRole('textbox', { name: 'Boekingsdatum' })).toHaveValue('18-11-2026');
  const box = await dialog.boundingBox();
  expect(box!.x + box!.width).toBeLessThanOrEqual(375);
  await expectNoA11yViolations(page);
  await dialog.getByRole('button', { name: 'Toevoegen' }).click();
  await expect(
    dialog.getByText('De betaling is aangemaakt en de bon is eraan gekoppeld.'),
  ).toBeFocused();
  await expect(dialog.getByText('Er zijn nog geen bonnen toegevoegd.')).toBeVisible();

  await page.keyboard.press('Escape');
  await page.goto(`/funds/${initiative.id}/transactieoverzicht`);
  const row = page
    .getByRole('table', { name: 'Transacties' })
    .getByRole('row', { name: /Bloemist Roos/ });
  await expect(row.getByRole('cell', { name: '1', exact: true })).toBeVisible();
});
