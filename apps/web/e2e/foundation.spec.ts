/**
 * The platform journey: an admin logs in and invites a user;
 * the invitation arrives over SMTP; the user sets a password from the mailed link, logs in and
 * switches the language to English and Frisian. axe checks every screen; the same journey runs
 * at 1280 and at 375 px wide.
 */
import { expect, test, type Page } from '@playwright/test';
import {
  Api,
  expectNoA11yViolations,
  latestMailTo,
  linkInMail,
  loginAs,
  ROOT,
  uniqueEmail,
} from './helpers';

/**
 * At phone widths the side menu (with the language switch) sits behind the menu button; opens
 * it unless the language switch already shows.
 */
async function openMenuIfCompact(page: Page) {
  if ((page.viewportSize()?.width ?? 1280) > 768) return;
  const toggle = page.getByRole('button', {
    name: /^(Menu openen|Menu sluiten|Open menu|Close menu|Menu iepenje|Menu slute)$/,
  });
  if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
}

async function chooseLanguage(page: Page, current: RegExp, language: string) {
  await openMenuIfCompact(page);
  await page.getByLabel(current).selectOption({ label: language });
}

for (const width of [1280, 375]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test('invite, set a password from the mail, log in, switch language', async ({
      page,
      request,
    }) => {
      // A long journey with a 5 s redirect and seven axe scans.
      test.setTimeout(90_000);
      const admin = await (await Api.login(request, ROOT)).account({ role: 'administrator' });
      // The admin logs in through the login modal.
      await page.goto('/login');
      await expect(page.getByRole('dialog', { name: 'Inloggen' })).toBeVisible();
      await expectNoA11yViolations(page);
      await loginAs(page, admin.email, admin.password);
      await expectNoA11yViolations(page);

      // The admin invites a new user; the invitation goes out over SMTP.
      const email = uniqueEmail('invitee');
      const api = await Api.login(request, admin);
      await api.invite({ email, first_name: 'Femke', last_name: 'de Vries' });
      const mail = await latestMailTo(email);
      expect(mail.subject).toBe('Je bent uitgenodigd voor Helder');

      // The invitee opens the link in a fresh session and sets a password.
      await page.evaluate(() => localStorage.clear());
      await page.goto(linkInMail(mail));
      await expect(page.getByRole('heading', { name: 'Wachtwoord instellen' })).toBeVisible();
      await expectNoA11yViolations(page);
      await page.getByLabel('Nieuw wachtwoord').fill('een-goed-wachtwoord');
      await page.getByLabel('Herhaal wachtwoord').fill('iets-anders');
      await page.getByRole('button', { name: 'Wachtwoord instellen' }).click();
      await expect(page.getByText('Wachtwoorden komen niet overeen.')).toBeVisible();
      await page.getByLabel('Herhaal wachtwoord').fill('een-goed-wachtwoord');
      await page.getByRole('button', { name: 'Wachtwoord instellen' }).click();
      await expect(page.getByText('Wachtwoord succesvol aangemaakt.')).toBeVisible();
      await expectNoA11yViolations(page);
      // After 5 s the page moves on to the login.
      await expect(page).toHaveURL(/\/login$/, { timeout: 10_000 });

      // The same link is single use.
      await page.goto(linkInMail(mail));
      await page.getByLabel('Nieuw wachtwoord').fill('nog-een-wachtwoord');
      await page.getByLabel('Herhaal wachtwoord').fill('nog-een-wachtwoord');
      await page.getByRole('button', { name: 'Wachtwoord instellen' }).click();
      await expect(
        page.getByText('Er is iets mis gegaan. Vraag een nieuwe link aan'),
      ).toBeVisible();

      // A wrong password is refused, the new one works.
      await page.goto('/login');
      const dialog = page.getByRole('dialog', { name: 'Inloggen' });
      await dialog.getByLabel('E-mailadres').fill(email);
      await dialog.getByLabel('Wachtwoord', { exact: true }).fill('fout-wachtwoord');
      await dialog.getByRole('button', { name: 'Login' }).click();
      await expect(dialog.getByText('Onjuist e-mailadres of wachtwoord.')).toBeVisible();
      await expectNoA11yViolations(page);
      await loginAs(page, email, 'een-goed-wachtwoord');
      await openMenuIfCompact(page);
      await expect(page.getByRole('link', { name: 'Transacties' })).toBeVisible();

      // English, then Frisian; the choice survives a reload.
      await chooseLanguage(page, /^Taal$/, 'English');
      await expect(page.locator('html')).toHaveAttribute('lang', 'en');
      await expect(page.getByRole('link', { name: 'Initiatives' }).first()).toBeVisible();
      await expectNoA11yViolations(page);
      await page.reload();
      await openMenuIfCompact(page);
      await expect(page.getByRole('link', { name: 'Users' })).toBeVisible();
      await chooseLanguage(page, /^Language$/, 'Frysk');
      await expect(page.locator('html')).toHaveAttribute('lang', 'fy');
      await expect(page.getByRole('link', { name: 'Brûkers' })).toBeVisible();
      await expectNoA11yViolations(page);
    });
  });
}

test('anonymous visitors see no login-only menu items and are sent to the login', async ({
  page,
}) => {
  await page.goto('/funds');
  await expect(page.getByRole('link', { name: 'Initiatieven' }).first()).toBeVisible();
  await expect(page.getByRole('link', { name: 'Transacties' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Sponsors' })).toHaveCount(0);
  await page.goto('/transactions');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('dialog', { name: 'Inloggen' })).toBeVisible();
});

test('an unknown page shows the error screen', async ({ page }) => {
  await page.goto('/funds/1/this/does/not/exist/at/all');
  await expect(page.getByRole('heading')).not.toHaveCount(0);
  await expectNoA11yViolations(page);
});

// The check every screen relies on must be able to fail: an image without a text alternative,
// in the page and in a frame of the page (media previews are frames).
test('the accessibility check finds a violation in the page and in a frame', async ({ page }) => {
  await page.goto('/funds');
  await expect(page.getByRole('heading').first()).toBeVisible();
  const main = page.getByRole('main');
  await main.evaluate((element) => {
    const image = document.createElement('img');
    image.src = '/favicon.ico';
    element.append(image);
  });
  await expect(expectNoA11yViolations(page)).rejects.toThrow(/image-alt/);

  await main.evaluate((element) => {
    element.querySelector('img')!.remove();
    const frame = document.createElement('iframe');
    frame.title = 'Voorbeeld';
    frame.srcdoc = '<html lang="nl"><body><main><img src="/favicon.ico"></main></body></html>';
    element.append(frame);
  });
  await expect(page.frameLocator('iframe[title="Voorbeeld"]').locator('img')).toBeAttached();
  await expect(expectNoA11yViolations(page)).rejects.toThrow(/image-alt/);
});
