/**
 * Contacts: the directory, profiles, settings, invitations and passwords, against the
 * real API; axe on every screen. Each test makes its own users.
 */
import { expect, test, type Page } from '@playwright/test';
import {
  Api,
  expectNoA11yViolations,
  expectNoScrollBoxAround,
  latestMailTo,
  linkInMail,
  loginAs,
  logout,
  ROOT,
  uniqueEmail,
  uniqueId,
} from './helpers';

/** The long journeys (several axe scans and 300 ms modal fades) get more than the default 30 s. */
const JOURNEY_TIMEOUT_MS = 90_000;

function directory(page: Page) {
  return page.getByRole('region', { name: 'Gebruikerslijst' });
}

function searchBox(page: Page) {
  return page.getByRole('searchbox', { name: 'Zoek gebruikers op e-mailadres' });
}

/** The user's page (the article named after them). */
function detail(page: Page, name: string) {
  return page.getByRole('article', { name });
}

test('an admin invites a user, finds them by e-mail, makes them financial, deactivates and reactivates them', async ({
  page,
  request,
}) => {
  test.setTimeout(JOURNEY_TIMEOUT_MS);
  const email = uniqueEmail('invite');
  const lastName = `de Boer ${uniqueId()}`;
  const adminName = `Mark ${lastName}`;
  const root = await Api.login(request, ROOT);
  const admin = await root.account({
    role: 'administrator',
    first_name: 'Mark',
    last_name: lastName,
  });
  await loginAs(page, admin.email, admin.password);
  await page.goto('/contacts');
  await expect(page.getByRole('heading', { level: 1, name: 'Gebruikers' })).toBeVisible();
  await expect(page.getByRole('link', { name: adminName })).toBeVisible();
  await expect(directory(page).getByRole('listitem').first()).toBeVisible();
  await expectNoA11yViolations(page);

  // Invite.
  await page.getByRole('button', { name: 'Gebruiker toevoegen' }).click();
  await expect(page).toHaveURL(/\/contacts\/add-user$/);
  const addUser = page.getByRole('dialog', { name: 'Gebruiker toevoegen' });
  await expect(addUser.getByLabel('E-mailadres')).toBeFocused();
  await expectNoA11yViolations(page);
  await addUser.getByRole('button', { name: 'Toevoegen' }).click();
  await expect(addUser.getByText('Voer een e-mailadres in.')).toBeVisible();
  await expect(addUser.getByText('Kies een rol om verder te gaan.')).toBeVisible();
  await expectNoA11yViolations(page);
  await addUser.getByLabel('E-mailadres').fill(email);
  await addUser.getByRole('radio', { name: 'Gebruiker' }).check();
  await addUser.getByRole('button', { name: 'Toevoegen' }).click();
  await expect(addUser).toBeHidden();
  await expect(page).toHaveURL(/\/contacts$/);

  const invitation = await latestMailTo(email);
  expect(linkInMail(invitation)).toMatch(/^\/reset-password\?token=/);

  // Inviting the same address again: 'Gebruiker reeds bekend'.
  await page.getByRole('button', { name: 'Gebruiker toevoegen' }).click();
  await addUser.getByLabel('E-mailadres').fill(email.toUpperCase());
  await addUser.getByRole('radio', { name: 'Beheerder' }).check();
  await addUser.getByRole('button', { name: 'Toevoegen' }).click();
  await expect(addUser.getByText('Gebruiker reeds bekend')).toBeVisible();
  await addUser.getByRole('button', { name: 'Annuleren' }).click();
  await expect(addUser).toBeHidden();

  // Find them by (part of) their e-mail address, case-insensitively.
  await searchBox(page).fill(email.split('@')[0]!.toUpperCase());
  const entry = directory(page).getByRole('link', { name: new RegExp(email) });
  await expect(entry).toBeVisible();
  await expect(directory(page).getByRole('listitem')).toHaveCount(1);
  await entry.click();
  const profile = detail(page, email);
  await expect(profile).toBeVisible();
  await expect(profile.getByRole('link', { name: 'Verwijderen' })).toBeVisible();
  await expectNoA11yViolations(page);

  // Settings: financial.
  await profile.getByRole('link', { name: 'Instellingen' }).click();
  let settings = page.getByRole('dialog', { name: 'Instellingen' });
  await expect(settings.getByLabel('E-mailadres')).toHaveValue(email);
  await expectNoA11yViolations(page);
  await settings.getByLabel('E-mailadres').fill('geen-adres');
  await settings.getByLabel('E-mailadres').blur();
  await expect(settings.getByText('Vul een geldig e-mailadres in')).toBeVisible();
  await expect(settings.getByRole('button', { name: 'Opslaan' })).toBeDisabled();
  await settings.getByLabel('E-mailadres').fill(email);
  await settings.getByRole('radio', { name: 'Financieel' }).check();
  await settings.getByRole('button', { name: 'Opslaan' }).click();
  await expect(settings).toBeHidden();
  await expect(profile.getByRole('definition').filter({ hasText: 'Financieel' })).toBeVisible();
  await expect(entry).toContainText('Financieel');

  // Deactivate.
  await profile.getByRole('link', { name: 'Instellingen' }).click();
  settings = page.getByRole('dialog', { name: 'Instellingen' });
  await settings.getByRole('checkbox', { name: 'Actief' }).uncheck();
  await settings.getByRole('button', { name: 'Opslaan' }).click();
  await expect(settings).toBeHidden();
  await expect(profile.getByText('Inactief')).toBeVisible();
  await expect(entry).toContainText('Inactief');

  // Reactivate.
  await profile.getByRole('link', { name: 'Instellingen' }).click();
  settings = page.getByRole('dialog', { name: 'Instellingen' });
  await expect(settings.getByRole('checkbox', { name: 'Actief' })).not.toBeChecked();
  await settings.getByRole('checkbox', { name: 'Actief' }).check();
  await settings.getByRole('button', { name: 'Opslaan' }).click();
  await expect(settings).toBeHidden();
  await expect(profile.getByText('Inactief')).toBeHidden();
  await expect(entry).not.toContainText('Inactief');
  await expect(entry).toContainText('Financieel');
});

test('an invited user sets a password from the mail, edits their profile and changes their password', async ({
  page,
  request,
}) => {
  test.setTimeout(JOURNEY_TIMEOUT_MS);
  const email = uniqueEmail('self');
  const { id } = await (await Api.login(request, ROOT)).invite({ email, role: 'user' });

  // The mailed link sets the first password.
  await page.goto(linkInMail(await latestMailTo(email)));
  await expect(page.getByRole('heading', { name: 'Wachtwoord instellen' })).toBeVisible();
  await expectNoA11yViolations(page);
  await page.getByLabel('Nieuw wachtwoord').fill('eerste-wachtwoord');
  await page.getByLabel('Herhaal wachtwoord').fill('eerste-wachtwoord');
  await page.getByRole('button', { name: 'Wachtwoord instellen' }).click();
  await expect(page.getByText('Wachtwoord succesvol aangemaakt.')).toBeVisible();

  await loginAs(page, email, 'eerste-wachtwoord');
  await page.goto('/contacts');
  await page
    .getByRole('link', { name: new RegExp(email) })
    .first()
    .click();
  await expect(page).toHaveURL(new RegExp(`/contacts/${id}$`));
  const profile = detail(page, email);
  await expect(profile.getByText('Geen bankkoppelingen gevonden...')).toBeVisible();
  await expect(profile.getByRole('link', { name: 'Verwijderen' })).toBeHidden();
  await expectNoA11yViolations(page);

  // Profile and biography.
  await profile.getByRole('link', { name: 'Profiel' }).click();
  const editProfile = page.getByRole('dialog', { name: 'Profiel bewerken' });
  await expect(editProfile.getByLabel('Voornaam')).toBeVisible();
  await expect(editProfile.getByRole('checkbox', { name: 'Verborgen' })).toBeHidden();
  await expectNoA11yViolations(page);
  await editProfile.getByLabel('Voornaam').fill('Eva');
  await editProfile.getByLabel('Achternaam').fill('Evers');
  await editProfile.getByLabel('Biografie').fill('x'.repeat(501));
  await expect(editProfile.getByText('501 / 500')).toBeVisible();
  await expect(editProfile.getByText('Biografie mag maximaal 500 tekens bevatten.')).toBeVisible();
  // Not blocked: the server refuses and says why.
  await editProfile.getByRole('button', { name: 'Opslaan' }).click();
  await expect(
    editProfile.getByText(
      'Het profiel kon niet worden opgeslagen. Controleer de gemarkeerde velden.',
    ),
  ).toBeVisible();
  await expect(editProfile.getByLabel('Voornaam')).toHaveAttribute('aria-invalid', 'true');
  await editProfile.getByLabel('Biografie').fill('Ik tuinier graag.\nEn ik kook voor de buurt.');
  await expect(editProfile.getByText('43 / 500')).toBeVisible();
  await editProfile.getByRole('button', { name: 'Opslaan' }).click();
  await expect(editProfile).toBeHidden();
  const renamed = detail(page, 'Eva Evers');
  await expect(renamed.getByText('Ik tuinier graag.')).toBeVisible();
  await expect(page.getByRole('link', { name: /Eva Evers/ }).first()).toBeVisible();

  // Password.
  await renamed.getByRole('link', { name: 'Wachtwoord wijzigen' }).click();
  const password = page.getByRole('dialog', { name: 'Wachtwoord wijzigen' });
  await expectNoA11yViolations(page);
  await password.getByLabel('Nieuw wachtwoord', { exact: true }).fill('tweede-wachtwoord');
  await password.getByLabel('Herhaal nieuw wachtwoord').fill('tweede-wachtwoordd');
  await password.getByRole('button', { name: 'Wachtwoord wijzigen' }).click();
  await expect(password.getByText('Wachtwoorden komt niet overeen')).toBeVisible();
  await password.getByLabel('Herhaal nieuw wachtwoord').fill('kort');
  await password.getByLabel('Nieuw wachtwoord', { exact: true }).fill('kort');
  await password.getByRole('button', { name: 'Wachtwoord wijzigen' }).click();
  await expect(
    password.getByText('Wachtwoord wijzigen is mislukt. Probeer het opnieuw.'),
  ).toBeVisible();
  await password.getByLabel('Nieuw wachtwoord', { exact: true }).fill('tweede-wachtwoord');
  await password.getByLabel('Herhaal nieuw wachtwoord').fill('tweede-wachtwoord');
  await password.getByRole('button', { name: 'Wachtwoord wijzigen' }).click();
  await expect(password.getByText('Je wachtwoord is gewijzigd.')).toBeVisible();
  await expectNoA11yViolations(page);
  await password.getByRole('button', { name: 'Sluiten' }).last().click();
  await expect(password).toBeHidden();

  // The new password works.
  await logout(page);
  await loginAs(page, email, 'tweede-wachtwoord');
  await page.goto('/contacts');
  await expect(page.getByRole('link', { name: /Eva Evers/ }).first()).toBeVisible();
});

test("an ordinary user sees no '+' and no Instellingen on others", async ({ page, request }) => {
  const id = uniqueId();
  const root = await Api.login(request, ROOT);
  const admin = await root.account({
    role: 'administrator',
    first_name: 'Mark',
    last_name: `de Boer ${id}`,
    biography: 'Applicatiebeheerder en eerste aanspreekpunt voor nieuwe gebruikers.',
  });
  const user = await root.account({ first_name: 'Lotte', last_name: `Dekker ${id}` });
  await loginAs(page, user.email, user.password);
  await page.goto('/contacts');
  const own = page.getByRole('link', { name: `Lotte Dekker ${id}` }).first();
  await expect(own).toBeVisible();
  await expect(directory(page).getByRole('listitem').first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Gebruiker toevoegen' })).toHaveCount(0);
  await expectNoA11yViolations(page);

  await searchBox(page).fill(admin.email);
  await directory(page)
    .getByRole('link', { name: `Mark de Boer ${id}` })
    .click();
  const adminPage = detail(page, `Mark de Boer ${id}`);
  await expect(adminPage.getByText('Applicatiebeheerder')).toBeVisible();
  await expect(adminPage.getByText('Beheerder').first()).toBeVisible();
  for (const name of ['Profiel', 'Instellingen', 'Verwijderen', 'Wachtwoord wijzigen']) {
    await expect(adminPage.getByRole('link', { name })).toHaveCount(0);
  }
  await expectNoA11yViolations(page);

  // On your own page you may edit yourself.
  await own.click();
  const self = detail(page, `Lotte Dekker ${id}`);
  await expect(self.getByRole('link', { name: 'Instellingen' })).toBeVisible();
  await expect(self.getByRole('link', { name: 'Wachtwoord wijzigen' })).toBeVisible();
  await self.getByRole('link', { name: 'Instellingen' }).click();
  const settings = page.getByRole('dialog', { name: 'Instellingen' });
  await expect(settings.getByLabel('E-mailadres')).toHaveValue(user.email);
  await expect(settings.getByRole('group', { name: 'Rol' })).toHaveCount(0);
  await expect(settings.getByRole('checkbox', { name: 'Actief' })).toHaveCount(0);
  await expectNoA11yViolations(page);
});

test('scrolling loads the next page of a 45-user list without duplicates', async ({
  page,
  request,
}) => {
  test.setTimeout(JOURNEY_TIMEOUT_MS);
  const prefix = `scroll${uniqueId()}`;
  const root = await Api.login(request, ROOT);
  const admin = await root.account({ role: 'administrator' });
  for (let i = 1; i <= 45; i += 1) {
    const n = String(i).padStart(2, '0');
    await root.invite({
      email: `${prefix}-${n}@example.test`,
      first_name: `Scroll ${n}`,
      last_name: prefix,
    });
  }

  const offsets: string[] = [];
  page.on('request', (req) => {
    const url = new URL(req.url());
    if (url.pathname === '/api/users' && url.searchParams.get('email') === prefix) {
      offsets.push(url.searchParams.get('offset') ?? '');
    }
  });

  await loginAs(page, admin.email, admin.password);
  await page.goto('/contacts');
  await searchBox(page).fill(prefix);
  const items = directory(page).getByRole('listitem');
  await expect(items).toHaveCount(20);
  await expect(items.first()).toContainText('Scroll 01');

  const scrollToEnd = () =>
    directory(page).evaluate((element) => element.scrollTo({ top: element.scrollHeight }));
  await scrollToEnd();
  await expect(items).toHaveCount(40);
  await scrollToEnd();
  await expect(items).toHaveCount(45);
  await scrollToEnd();
  await expect(items.last()).toContainText('Scroll 45');

  const hrefs = await directory(page)
    .getByRole('link')
    .evaluateAll((links) => links.map((link) => link.getAttribute('href')));
  expect(hrefs).toHaveLength(45);
  expect(new Set(hrefs).size).toBe(45);
  expect(offsets).toEqual(['0', '20', '40']);
  await expectNoA11yViolations(page);
});

test('at 375 px the list and the user are separate screens', async ({ page, request }) => {
  const lastName = `Dekker ${uniqueId()}`;
  const name = `Lotte ${lastName}`;
  const email = uniqueEmail('lotte');
  const root = await Api.login(request, ROOT);
  const admin = await root.account({ role: 'administrator' });
  await root.invite({ email, first_name: 'Lotte', last_name: lastName });

  await page.setViewportSize({ width: 375, height: 740 });
  await loginAs(page, admin.email, admin.password);
  await page.goto('/contacts');
  await expect(searchBox(page)).toBeVisible();
  await searchBox(page).fill(`${email.split('@')[0]}@`);
  await directory(page).getByRole('link', { name }).click();

  const lotte = detail(page, name);
  await expect(lotte).toBeVisible();
  await expect(directory(page)).toBeHidden();
  await expect(searchBox(page)).toBeHidden();
  await expect(lotte.getByRole('link', { name: 'Instellingen' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Gebruikers' })).toHaveCount(1);
  await expectNoScrollBoxAround(lotte);
  await expectNoA11yViolations(page);
  // Nothing wider than the screen.
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);

  // The modals fit as well.
  await lotte.getByRole('link', { name: 'Profiel' }).click();
  const editProfile = page.getByRole('dialog', { name: 'Profiel bewerken' });
  await expect(editProfile.getByLabel('Voornaam')).toBeVisible();
  expect(
    await editProfile.evaluate((dialog) => dialog.scrollWidth - dialog.clientWidth),
  ).toBeLessThanOrEqual(0);
  await expect(editProfile.getByRole('button', { name: 'Sluiten' })).toBeInViewport();
  await expectNoA11yViolations(page);
  await editProfile.getByRole('button', { name: 'Annuleren' }).click();
  await expect(editProfile).toBeHidden();

  await page.getByRole('link', { name: 'Terug naar gebruikers' }).click();
  await expect(page).toHaveURL(/\/contacts$/);
  await expect(directory(page)).toBeVisible();
  await expect(lotte).toBeHidden();
});
