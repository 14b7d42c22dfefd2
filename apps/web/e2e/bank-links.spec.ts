/**
 * Linking a bank through the built-in sandbox bank, once per provider (the Playwright project
 * says which app, and so which provider's fake, the test talks to). A user picks the bank,
 * consents in the bank's window, lands on the success screen, sees the linked accounts with
 * their expiry and the imported transactions, links one to an initiative, renews the consent
 * (the same accounts stay, nothing is imported twice) and deletes the accounts (the consent ends
 * at the provider); the cancel path shows its own outcome. Axe runs on each screen of the first
 * test, at 1280 and 375 px.
 */
import type { Initiative } from '@helder/shared/initiatives';
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { Api, apiToken, expectNoA11yViolations, loginAs, ROOT, type Account } from './helpers';

const BANKS = '/transactions/bankconnections';
const owned = (page: Page) => page.getByRole('region', { name: 'Jouw gekoppelde rekeningnummers' });
/** Both providers' sandbox banks are shown under one name once linked. */
const cardsOf = (page: Page) => owned(page).getByRole('article', { name: 'Sandbox' });

/** The bank's answer reaches the app through its window and the provider: allow it longer. */
const BANK = { timeout: 15_000 };

/** The bank as the project's provider lists it in the picker. */
const sandboxBank = () => String(test.info().project.metadata.sandboxBank);

let user: Account | null = null;

async function freshUser(page: Page) {
  const root = await Api.login(page.request, ROOT);
  user = await root.account({ first_name: 'Noor', last_name: 'Visser' });
  await loginAs(page, user.email, user.password);
  return { root, user };
}

interface LinkedSummary {
  id: number;
  iban: string;
  expiration_date: string | null;
  last_synced_at: string | null;
}

async function ownedAccounts(request: APIRequestContext, account: Account) {
  const api = await Api.login(request, account);
  const list = await api.get<{ ownedBankAccounts: LinkedSummary[] }>(
    `/user/${account.id}/bank-accounts`,
  );
  return list.ownedBankAccounts;
}

async function paymentCount(request: APIRequestContext, account: Account) {
  const api = await Api.login(request, account);
  const list = await api.get<{ totalCount: number }>(`/payments/user/${account.id}`);
  return list.totalCount;
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

/** Axe on the current screen at both widths; the test goes on at 1280 px. */
async function scanBothWidths(page: Page, scan: boolean) {
  if (!scan) return;
  await expectNoA11yViolations(page);
  await page.setViewportSize({ width: 375, height: 900 });
  await expectNoA11yViolations(page);
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** The consent step up to the bank's window: returns that window. */
async function consentAtBank(page: Page, dialog: Locator, scan: boolean) {
  await expect(dialog.getByRole('button', { name: 'Accepteer en ga door' })).toBeVisible();
  await scanBothWidths(page, scan);
  const popup = page.waitForEvent('popup');
  await dialog.getByRole('button', { name: 'Accepteer en ga door' }).click();
  const bank = await popup;
  await bank.waitForLoadState();
  await expect(bank.getByRole('heading', { level: 1 })).toBeVisible();
  return bank;
}

/** Steps 1 and 2 up to the bank's window: returns that window. */
async function openBank(page: Page, scan = false) {
  await page.goto(`${BANKS}/add-bank`);
  const dialog = page.getByRole('dialog', { name: 'Bankrekening toevoegen' });
  await dialog.getByLabel('Zoek je bank').fill(sandboxBank().split(' ')[0]!);
  await expect(dialog.getByRole('button', { name: sandboxBank() })).toBeVisible();
  await scanBothWidths(page, scan);
  await dialog.getByRole('button', { name: sandboxBank() }).click();
  return { dialog, bank: await consentAtBank(page, dialog, scan) };
}

/**
 * Links the first imported line on /transactions to the initiative, with the page's own linking
 * control ('Koppelen' saves the choice), and checks that it stuck.
 */
async function linkLineToInitiative(page: Page, root: Api, initiative: Initiative) {
  await page.goto('/transactions');
  const table = page.getByRole('table', { name: 'Transactieoverzicht' });
  const select = table.getByRole('combobox', { name: /^Initiatief voor betaling/ }).first();
  await select.selectOption({ label: initiative.name });
  await table
    .getByRole('button', { name: /^Koppelen: betaling van/ })
    .first()
    .click();
  await expect(page.getByRole('status')).toContainText(initiative.name);
  await expect(select).toHaveValue(String(initiative.id));
  await expect
    .poll(async () => {
      const linked = await root.get<{ totalCount: number }>(
        `/payments/initiative/${initiative.id}`,
      );
      return linked.totalCount;
    })
    .toBe(1);
}

/** Waits until every account has synced, after its sync in `before` if given (a renewal's). */
async function syncedAfter(request: APIRequestContext, account: Account, before?: LinkedSummary[]) {
  const since = new Map(before?.map((a) => [a.id, a.last_synced_at]));
  await expect
    .poll(
      async () =>
        (await ownedAccounts(request, account)).every((a) => {
          const last = since.get(a.id);
          return a.last_synced_at !== null && (!last || a.last_synced_at > last);
        }),
      BANK,
    )
    .toBe(true);
}

test.describe('linking a bank', () => {
  test('links the sandbox bank, uses and renews the link, and deletes it again', async ({
    page,
    request,
  }) => {
    // Axe at two widths on four screens, the bank's window twice and two imports.
    test.setTimeout(180_000);
    await page.setViewportSize({ width: 1280, height: 900 });
    const { root, user: account } = await freshUser(page);
    const { initiative } = await root.ownedInitiative([account], 'Moestuin');

    const { dialog, bank } = await openBank(page, true);
    await bank.getByRole('button', { name: 'Toestaan' }).click();
    await expect(dialog.getByRole('heading', { name: 'Koppelen voltooid!' })).toBeVisible(BANK);
    await scanBothWidths(page, true);
    await dialog
      .getByRole('button', { name: 'Terug naar het overzicht' })
      .or(dialog.getByRole('link', { name: 'Terug naar het overzicht' }))
      .click();
    await expect(page).toHaveURL(/\/transactions\?unlinked=1$/);

    // The Banks tab: the accounts with their expiry and the days left.
    await page.goto(BANKS);
    const cards = cardsOf(page);
    await expect(cards.first()).toBeVisible();
    await expect(cards.first()).toContainText(/Vervalt op .+ \(nog \d+ dagen\)/);
    await expect(cards.first().getByRole('link', { name: 'Vernieuw nu' })).toBeVisible();
    await scanBothWidths(page, true);
    await syncedAfter(request, account);
    const before = await ownedAccounts(request, account);
    const payments = await paymentCount(request, account);
    expect(payments).toBeGreaterThan(0);
    await expect(cards).toHaveCount(before.length);

    // The imported lines wait on /transactions; one goes to the initiative.
    await page.goto('/transactions');
    const table = page.getByRole('table', { name: 'Transactieoverzicht' });
    await expect(table.getByRole('row').nth(2)).toBeVisible();
    await linkLineToInitiative(page, root, initiative);

    // 'Vernieuw nu': consent again at the bank; the same accounts stay, expiring no sooner, and
    // the import after it adds no line twice.
    await page.goto(BANKS);
    await cards.first().getByRole('link', { name: 'Vernieuw nu' }).click();
    const renew = page.getByRole('dialog', { name: 'Bankkoppeling vernieuwen' });
    const again = await consentAtBank(page, renew, false);
    await again.getByRole('button', { name: 'Toestaan' }).click();
    await expect(renew.getByRole('heading', { name: 'Koppelen voltooid!' })).toBeVisible(BANK);
    await expect(renew.getByText('Je toestemming is vernieuwd.')).toBeVisible();
    await syncedAfter(request, account, before);
    const after = await ownedAccounts(request, account);
    expect(after.map((a) => [a.id, a.iban])).toEqual(before.map((a) => [a.id, a.iban]));
    for (const [i, renewed] of after.entries()) {
      expect(Date.parse(renewed.expiration_date!)).toBeGreaterThanOrEqual(
        Date.parse(before[i]!.expiration_date!),
      );
    }
    expect(await paymentCount(request, account)).toBe(payments);
    await page.goto(BANKS);
    await expect(cards).toHaveCount(before.length);

    // Deleting each account ends the consent at the bank; none is left to link to anyone.
    while ((await cards.count()) > 0) {
      await cards.first().getByRole('link', { name: 'Verwijderen' }).click();
      const remove = page.getByRole('dialog', { name: 'Bank account verwijderen' });
      await remove.getByRole('button', { name: 'Verwijderen' }).click();
      await expect(remove).toBeHidden();
    }
    await expect(owned(page).getByText('Geen bankkoppelingen gevonden...')).toBeVisible();
  });

  test('says so when the user stops at the bank', async ({ page }) => {
    // The bank's window and a scan.
    test.slow();
    await freshUser(page);
    const { dialog, bank } = await openBank(page);
    await bank.getByRole('button', { name: 'Annuleren' }).click();
    await expect(dialog.getByRole('heading', { name: 'Koppelen gestopt' })).toBeVisible(BANK);
    await expectNoA11yViolations(page);
    await page.goto(BANKS);
    await expect(owned(page).getByText('Geen bankkoppelingen gevonden...')).toBeVisible();
  });
});
