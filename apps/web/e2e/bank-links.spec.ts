/**
 * Linking a bank through the built-in sandbox bank (the configured provider's fake, mounted on
 * the app), axe on each step at 1280 and 375 px: a user picks the bank, consents in the bank's
 * window, lands on the success screen, sees the imported transactions and the linked accounts
 * with their expiry, and deletes them (the consent ends at the provider); the cancel path shows
 * its own outcome.
 */
import { expect, test, type Page } from '@playwright/test';
import { Api, apiToken, expectNoA11yViolations, loginAs, ROOT, type Account } from './helpers';

const BANKS = '/transactions/bankconnections';
const owned = (page: Page) => page.getByRole('region', { name: 'Jouw gekoppelde rekeningnummers' });

let user: Account | null = null;

async function freshUser(page: Page) {
  const root = await Api.login(page.request, ROOT);
  user = await root.account({ first_name: 'Noor', last_name: 'Visser' });
  await loginAs(page, user.email, user.password);
}

// The sandbox bank gives everyone the same accounts: whatever a test linked is revoked after it,
// also when it failed halfway, so the next test (or its retry) may link them again.
test.afterEach(async ({ request }) => {
  if (!user) return;
  const token = await apiToken(request, user.email, user.password);
  const headers = { authorization: `Bearer ${token}` };
  const list = await request.get(`/api/user/${user.id}/bank-accounts`, { headers });
  const { ownedBankAccounts } = (await list.json()) as { ownedBankAccounts: Array<{ id: number }> };
  for (const { id } of ownedBankAccounts) {
    await request.patch(`/api/user/${user.id}/bank-account/${id}`, { headers });
  }
  user = null;
});

/** Steps 1 and 2 up to the bank's window: returns that window. */
async function openBank(page: Page) {
  await page.goto(`${BANKS}/add-bank`);
  const dialog = page.getByRole('dialog', { name: 'Bankrekening toevoegen' });
  await dialog.getByLabel('Zoek je bank').fill('sandbox');
  await expectNoA11yViolations(page);
  await dialog.getByRole('button', { name: /Sandbox/ }).click();
  await expect(dialog.getByRole('button', { name: 'Accepteer en ga door' })).toBeVisible();
  await expectNoA11yViolations(page);
  const popup = page.waitForEvent('popup');
  await dialog.getByRole('button', { name: 'Accepteer en ga door' }).click();
  const bank = await popup;
  await bank.waitForLoadState();
  return { dialog, bank };
}

test.describe('linking a bank', () => {
  for (const width of [1280, 375]) {
    test(`links the sandbox bank, imports its transactions, and deletes it again (${width} px)`, async ({
      page,
    }) => {
      // Three axe scans, a bank's window and a first import: more than the default allows.
      test.slow();
      await page.setViewportSize({ width, height: 900 });
      await freshUser(page);
      const { dialog, bank } = await openBank(page);
      await expect(bank.getByRole('heading', { level: 1 })).toBeVisible();
      await bank.getByRole('button', { name: 'Toestaan' }).click();
      await expect(dialog.getByRole('heading', { name: 'Koppelen voltooid!' })).toBeVisible();
      await expectNoA11yViolations(page);

      await dialog
        .getByRole('button', { name: 'Terug naar het overzicht' })
        .or(dialog.getByRole('link', { name: 'Terug naar het overzicht' }))
        .click();
      await expect(page).toHaveURL(/\/transactions$/);
      const table = page.getByRole('table', { name: 'Transactieoverzicht' });
      await expect(table.getByRole('row').nth(2)).toBeVisible();

      await page.goto(BANKS);
      const cards = owned(page).getByRole('article', { name: 'Sandbox' });
      await expect(cards.first()).toBeVisible();
      await expect(cards.first()).toContainText('Vervalt op');
      await expect(cards.first().getByRole('link', { name: 'Vernieuw nu' })).toBeVisible();
      await expectNoA11yViolations(page);

      // Deleting each account ends the consent at the bank; none is left to link to anyone.
      while ((await cards.count()) > 0) {
        await cards.first().getByRole('link', { name: 'Verwijderen' }).click();
        const remove = page.getByRole('dialog', { name: 'Bank account verwijderen' });
        await remove.getByRole('button', { name: 'Verwijderen' }).click();
        await expect(remove).toBeHidden();
      }
      await expect(owned(page).getByText('Geen bankkoppelingen gevonden...')).toBeVisible();
    });
  }

  test('says so when the user stops at the bank', async ({ page }) => {
    await freshUser(page);
    const { dialog, bank } = await openBank(page);
    await bank.getByRole('button', { name: 'Annuleren' }).click();
    await expect(dialog.getByRole('heading', { name: 'Koppelen gestopt' })).toBeVisible();
    await expectNoA11yViolations(page);
    await page.goto(BANKS);
    await expect(owned(page).getByText('Geen bankkoppelingen gevonden...')).toBeVisible();
  });
});
