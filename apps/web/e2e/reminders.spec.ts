/**
 * Receipt reminders in the browser, axe on every screen: a user turns the reminders off and
 * picks the language of their mails in their own settings (1280 px), and the unsubscribe page of
 * a mail's link refuses a link that is no longer valid (375 px).
 */
import { expect, test } from '@playwright/test';
import { Api, expectNoA11yViolations, loginAs, ROOT } from './helpers';

test('a user turns the receipt reminders off in their settings', async ({ page, request }) => {
  test.slow();
  const root = await Api.login(request, ROOT);
  const me = await root.account({ first_name: 'Femke', last_name: 'de Boer' });
  await page.setViewportSize({ width: 1280, height: 900 });
  await loginAs(page, me.email, me.password);
  await page.goto(`/contacts/${me.id}/edit-settings`);
  let settings = page.getByRole('dialog', { name: 'Instellingen' });
  const reminders = settings.getByRole('checkbox', { name: 'Herinneringen over bonnen' });
  await expect(reminders).toBeChecked();
  await expect(settings.getByRole('radio', { name: 'Nederlands' })).toBeChecked();
  await expectNoA11yViolations(page);

  await reminders.uncheck();
  await settings.getByRole('radio', { name: 'Engels' }).check();
  await settings.getByRole('button', { name: 'Opslaan' }).click();
  await expect(settings).toBeHidden();

  await page.goto(`/contacts/${me.id}/edit-settings`);
  settings = page.getByRole('dialog', { name: 'Instellingen' });
  await expect(
    settings.getByRole('checkbox', { name: 'Herinneringen over bonnen' }),
  ).not.toBeChecked();
  await expect(settings.getByRole('radio', { name: 'Engels' })).toBeChecked();
});

test('the unsubscribe page says when a link is no longer valid', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('/reminders/unsubscribe?token=verlopen');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Herinneringen over bonnen' }),
  ).toBeVisible();
  await expectNoA11yViolations(page);
  await page.getByRole('button', { name: 'Afmelden' }).click();
  await expect(page.getByRole('alert')).toContainText('Deze afmeldlink is ongeldig of verlopen.');
  await expectNoA11yViolations(page);
});
