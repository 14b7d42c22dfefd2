/**
 * Sponsors: sponsors, regulations, grants, officers and overseers against the real API;
 * axe on every screen. Each test makes its own accounts and sponsors; names carry a random
 * suffix, so tests and runs never clash.
 */
import { expect, test, type Page } from '@playwright/test';
import {
  Api,
  apiToken,
  expectNoA11yViolations,
  loginAs,
  logout,
  RECEIPT_PNG,
  ROOT,
  uniqueEmail,
  uniqueId,
} from './helpers';

/** A grant row's text: `reference | name | € budget` (separators and spaces as rendered). */
const grantRow = (reference: string, name: string, euros: string) =>
  new RegExp(`${reference}\\s*\\|\\s*${name}\\s*\\|\\s*€\\s${euros.replace(/[.]/g, '\\.')}`);

/** The regulation detail panel (a region named after the regulation). */
const detail = (page: Page, name: string) => page.getByRole('region', { name });

/** Adds one user by e-mail in an open user-picker dialog and saves. */
async function pickUser(page: Page, dialogName: string, email: string) {
  const dialog = page.getByRole('dialog', { name: dialogName });
  await dialog.getByLabel('Zoek een gebruiker op e-mailadres').fill(email);
  const results = dialog.getByRole('list', { name: 'Zoekresultaten' });
  await results.getByRole('button', { name: new RegExp(email.replace(/[.]/g, '\\.')) }).click();
  await expect(dialog.getByRole('region', { name: dialogName })).toContainText(email);
  await expectNoA11yViolations(page);
  await dialog.getByRole('button', { name: 'Opslaan' }).click();
  await expect(dialog).toBeHidden();
}

test('an admin sets up a sponsor, regulation, grant, grant officer and overseer; the grant officer adds a grant but cannot edit the regulation', async ({
  page,
  request,
}) => {
  test.slow();
  const id = uniqueId();
  const root = await Api.login(request, ROOT);
  const admin = await root.account({ role: 'administrator' });
  // Plain users: the admin makes them grant officer and overseer below.
  const grantOfficer = await root.account();
  const overseer = uniqueEmail('overseer');
  await root.invite({ email: overseer });
  // The list shows at least one sponsor besides the one made below.
  await root.funder({ name: `E2E Ander fonds ${id}`, url: `https://ander-${id}.example.nl` });
  const sponsor = `E2E Fonds ${id}`;
  const regulation = `E2E Regeling ${id}`;
  const grant = { reference: `E2E-${id}`, name: `E2E Beschikking ${id}` };
  const second = { reference: `E2E-${id}-2`, name: `E2E Tweede beschikking ${id}` };

  // Sponsors list.
  await loginAs(page, admin.email, admin.password);
  await page.getByRole('link', { name: 'Sponsors' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Sponsors' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Lijst met sponsors' })).toBeVisible();
  await expectNoA11yViolations(page);

  // Create a sponsor (validation first).
  await page.getByRole('button', { name: 'Sponsor toevoegen' }).click();
  await expect(page).toHaveURL(/\/sponsors\/add-sponsor$/);
  const addSponsor = page.getByRole('dialog', { name: 'Sponsor toevoegen' });
  await expect(addSponsor.getByLabel('Naam')).toBeFocused();
  await addSponsor.getByRole('button', { name: 'Opslaan' }).click();
  await expect(addSponsor.getByText('Vul een naam in.')).toBeVisible();
  await expect(addSponsor.getByText('Vul een URL in.')).toBeVisible();
  await expectNoA11yViolations(page);
  await addSponsor.getByLabel('Naam').fill(sponsor);
  await addSponsor.getByLabel('URL').fill('geen url');
  await addSponsor.getByRole('button', { name: 'Opslaan' }).click();
  await expect(addSponsor.getByText('Vul een geldige URL in.')).toBeVisible();
  await addSponsor.getByLabel('URL').fill(`https://fonds-${id}.example.nl`);
  await addSponsor.getByRole('button', { name: 'Opslaan' }).click();
  await expect(addSponsor).toBeHidden();

  // A second sponsor with the same name fails with the spec's message.
  await page.getByRole('button', { name: 'Sponsor toevoegen' }).click();
  await addSponsor.getByLabel('Naam').fill(sponsor.toUpperCase());
  await addSponsor.getByLabel('URL').fill('https://dubbel.example.nl');
  await addSponsor.getByRole('button', { name: 'Opslaan' }).click();
  await expect(
    addSponsor.getByText(
      'Het maken van de sponsor is mislukt. Controlleer of de naam al in gebruik is.',
    ),
  ).toBeVisible();
  await addSponsor.getByRole('button', { name: 'Annuleren' }).click();
  await expect(addSponsor).toBeHidden();

  // Open the sponsor: its regulations (none yet).
  await page.getByRole('searchbox').fill(id);
  await page.getByRole('link', { name: sponsor }).click();
  await expect(page).toHaveURL(/\/sponsors\/\d+\/regulations$/);
  await expect(page.getByRole('heading', { level: 1, name: sponsor })).toBeVisible();
  await expect(page.getByText('Geen regelingen gevonden')).toBeVisible();
  const crumbs = page.getByRole('navigation', { name: 'Kruimelpad' });
  await expect(crumbs.getByRole('link', { name: 'Sponsoren' })).toHaveAttribute(
    'href',
    '/sponsors',
  );
  await expectNoA11yViolations(page);

  // Create a regulation.
  await page.getByRole('button', { name: 'Regeling toevoegen' }).click();
  const addRegulation = page.getByRole('dialog', { name: 'Regeling aanmaken' });
  await addRegulation.getByLabel('Beschrijving').fill('Voor de e2e-test.\nTweede regel.');
  await expect(addRegulation.getByText('31 / 512')).toBeVisible();
  await expectNoA11yViolations(page);
  await addRegulation.getByLabel('Naam').fill(regulation);
  await addRegulation.getByLabel('Naam').press('Enter');
  await expect(addRegulation).toBeHidden();
  await expect(page).toHaveURL(/\/sponsors\/\d+\/regulations\/\d+$/);
  const [, funderId, regulationId] = /\/sponsors\/(\d+)\/regulations\/(\d+)$/.exec(page.url())!;
  const panel = detail(page, regulation);
  await expect(panel).toContainText('Tweede regel.');
  await expect(crumbs.getByText(regulation)).toHaveAttribute('aria-current', 'page');
  await expect(panel.getByText('Geen beschikkingen gevonden')).toBeVisible();
  await expectNoA11yViolations(page);

  // Create a grant (validation first; a comma decimal is fine).
  await panel.getByRole('link', { name: 'Beschikking toevoegen' }).click();
  const addGrant = page.getByRole('dialog', { name: 'Beschikking aanmaken' });
  await addGrant.getByLabel('Begroting').fill('1000000');
  await addGrant.getByRole('button', { name: 'Opslaan' }).click();
  await expect(addGrant.getByText('Vul een referentie in.')).toBeVisible();
  await expect(addGrant.getByText('Het bedrag is te hoog, vul een lager bedrag in.')).toBeVisible();
  await expectNoA11yViolations(page);
  await addGrant.getByLabel('Referentie').fill(grant.reference);
  await addGrant.getByLabel('Naam').fill(grant.name);
  await addGrant.getByLabel('Begroting').fill('12.500,50');
  await addGrant.getByRole('button', { name: 'Opslaan' }).click();
  await expect(addGrant).toBeHidden();
  await expect(panel.getByRole('listitem').filter({ hasText: grant.reference })).toContainText(
    grantRow(grant.reference, grant.name, '12.500,50'),
  );

  // Assign the grant officer (Medewerkers → Subsidiemedewerkers).
  await panel.getByRole('button', { name: /Medewerkers/ }).click();
  await page.getByRole('menuitem', { name: 'Subsidiemedewerkers' }).click();
  await expect(page).toHaveURL(/\/add-employee$/);
  await expectNoA11yViolations(page);
  await pickUser(page, 'Subsidiemedewerkers', grantOfficer.email);
  await expect(panel.getByRole('region', { name: 'Subsidiemedewerkers' })).toContainText(
    grantOfficer.email,
  );

  // Assign the overseer to the grant ('Penvoerders').
  await panel.getByRole('link', { name: `Penvoerders van beschikking ${grant.reference}` }).click();
  await expect(page).toHaveURL(/\/overseers\/\d+$/);
  await pickUser(page, 'Penvoerders', overseer);
  await page.getByRole('link', { name: `Penvoerders van beschikking ${grant.reference}` }).click();
  await expect(
    page.getByRole('dialog', { name: 'Penvoerders' }).getByRole('region', { name: 'Penvoerders' }),
  ).toContainText(overseer);
  await page
    .getByRole('dialog', { name: 'Penvoerders' })
    .getByRole('button', { name: 'Annuleren' })
    .click();

  // The grant officer: may add grants, may not edit the regulation (and the API agrees).
  await logout(page);
  await loginAs(page, grantOfficer.email, grantOfficer.password);
  await page.goto(`/sponsors/${funderId}/regulations/${regulationId}`);
  await expect(panel.getByRole('link', { name: 'Beschikking toevoegen' })).toBeVisible();
  await expect(
    panel.getByRole('link', { name: `Bewerken van beschikking ${grant.reference}` }),
  ).toBeVisible();
  await expect(panel.getByRole('link', { name: 'Bewerken', exact: true })).toHaveCount(0);
  await expect(panel.getByRole('link', { name: 'Verwijderen', exact: true })).toHaveCount(0);
  await expect(panel.getByRole('button', { name: /Medewerkers/ })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Regeling toevoegen' })).toHaveCount(0);
  await expectNoA11yViolations(page);

  await panel.getByRole('link', { name: 'Beschikking toevoegen' }).click();
  await addGrant.getByLabel('Referentie').fill(grant.reference);
  await addGrant.getByLabel('Naam').fill(second.name);
  await addGrant.getByLabel('Begroting').fill('750');
  await addGrant.getByRole('button', { name: 'Opslaan' }).click();
  await expect(
    addGrant.getByText(
      'Het maken van de beschikking is mislukt. Controleer of de referentie al in gebruik is.',
    ),
  ).toBeVisible();
  await addGrant.getByLabel('Referentie').fill(second.reference);
  await addGrant.getByRole('button', { name: 'Opslaan' }).click();
  await expect(addGrant).toBeHidden();
  await expect(panel.getByRole('listitem').filter({ hasText: second.reference })).toContainText(
    grantRow(second.reference, second.name, '750,00'),
  );

  const token = await apiToken(request, grantOfficer.email, grantOfficer.password);
  const patch = await request.patch(`/api/funder/${funderId}/regulation/${regulationId}`, {
    headers: { Authorization: `Bearer ${token}` },
    data: { name: `${regulation} (gewijzigd)` },
  });
  expect(patch.status()).toBe(403);
  await page.goto(`/sponsors/${funderId}/regulations/${regulationId}/edit-regulation`);
  // The modal route exists, but the server refuses the change.
  const edit = page.getByRole('dialog', { name: 'Regeling Bewerken' });
  await edit.getByLabel('Naam').fill(`${regulation} (gewijzigd)`);
  await edit.getByRole('button', { name: 'Bijwerken' }).click();
  await expect(edit.getByText('Het bijwerken van de regeling is mislukt.')).toBeVisible();
});

test('the regulation screen stacks list and detail at 375 px', async ({ page, request }) => {
  const id = uniqueId();
  const sponsor = `E2E Fonds ${id}`;
  const name = `E2E Regeling ${id}`;
  const root = await Api.login(request, ROOT);
  const admin = await root.account({ role: 'administrator' });
  const funder = await root.funder({ name: sponsor, url: `https://fonds-${id}.example.nl` });
  await root.regulation(funder.id, { name, description: 'Voor de e2e-test.' });

  await page.setViewportSize({ width: 375, height: 800 });
  await loginAs(page, admin.email, admin.password);
  await page.goto('/sponsors');
  await page.getByRole('searchbox').fill(id);
  await page
    .getByRole('list', { name: 'Lijst met sponsors' })
    .getByRole('link', { name: sponsor })
    .click();
  const side = page.getByRole('navigation', { name: /^Regelingen van / });
  await side.getByRole('link', { name }).click();
  const panel = detail(page, name);
  await expect(panel.getByRole('heading', { name: 'Subsidiemedewerkers' })).toBeVisible();

  const sideBox = (await side.boundingBox())!;
  const panelBox = (await panel.boundingBox())!;
  expect(panelBox.y).toBeGreaterThanOrEqual(sideBox.y + sideBox.height);
  expect(Math.abs(panelBox.x - sideBox.x)).toBeLessThan(2);
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  await expectNoA11yViolations(page);
});

test('an anonymous visitor sees no Sponsors menu and is sent to login at /sponsors', async ({
  page,
  request,
}) => {
  const admin = await (await Api.login(request, ROOT)).account({ role: 'administrator' });
  await page.goto('/funds');
  const menu = page.getByRole('navigation', { name: 'Hoofdmenu' });
  await expect(menu.getByRole('link', { name: 'Initiatieven' })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Sponsors' })).toHaveCount(0);

  await page.goto('/sponsors');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('dialog', { name: 'Inloggen' })).toBeVisible();
  await expectNoA11yViolations(page);

  // After logging in, the visitor lands on the sponsors.
  const dialog = page.getByRole('dialog', { name: 'Inloggen' });
  await dialog.getByLabel('E-mailadres').fill(admin.email);
  await dialog.getByLabel('Wachtwoord', { exact: true }).fill(admin.password);
  await dialog.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/sponsors$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Sponsors' })).toBeVisible();
});

test('an admin gives a sponsor a logo; the sponsors page and, for visitors, the initiative show its thumbnail', async ({
  page,
  request,
}) => {
  test.slow();
  const id = uniqueId();
  const sponsor = `E2E Logofonds ${id}`;
  const root = await Api.login(request, ROOT);
  const admin = await root.account({ role: 'administrator' });
  const funder = await root.funder({ name: sponsor, url: `https://logo-${id}.example.nl` });
  const regulation = await root.regulation(funder.id, { name: `Regeling ${id}`, description: 'x' });
  const grant = await root.grant(funder.id, regulation.id, {
    name: `Beschikking ${id}`,
    reference: `LOGO-${id}`,
    budget: 1000,
  });
  const initiative = await root.initiative(
    { funderId: funder.id, regulationId: regulation.id, grantId: grant.id },
    {
      name: `Initiatief ${id}`,
      description: 'Een buurtinitiatief',
      purpose: 'Samen',
      target_audience: 'De buurt',
      budget: 500,
    },
  );

  await loginAs(page, admin.email, admin.password);
  await page.goto('/sponsors');
  await page.getByRole('searchbox').fill(id);
  const card = page.getByRole('list', { name: 'Lijst met sponsors' }).getByRole('listitem');
  // No logo yet: a monogram, no image.
  await expect(card.locator('img')).toHaveCount(0);
  await card.getByRole('button', { name: `Acties voor ${sponsor}` }).click();
  await page.getByRole('menuitem', { name: 'Bewerken' }).click();
  const edit = page.getByRole('dialog', { name: 'Sponsor bewerken' });
  await edit.getByLabel(/^Logo/).setInputFiles({
    name: 'logo.png',
    mimeType: 'image/png',
    buffer: RECEIPT_PNG,
  });
  await expect(edit.getByText('logo.png')).toBeVisible();
  await expectNoA11yViolations(page);
  await edit.getByRole('button', { name: 'Bijwerken' }).click();
  await expect(edit).toBeHidden();

  // The list shows the 128 px thumbnail (never the original), decorative beside the name.
  const logo = card.locator('img');
  await expect(logo).toHaveAttribute('src', /\/api\/files\/funders\/\d+\/\w+_128\.webp\?/);
  await expect(logo).toHaveAttribute('alt', '');
  await expect
    .poll(() => logo.evaluate((img: HTMLImageElement) => img.naturalWidth))
    .toBeGreaterThan(0);
  await expectNoA11yViolations(page);

  // The edit form shows it now, and offers to remove it.
  await card.getByRole('button', { name: `Acties voor ${sponsor}` }).click();
  await page.getByRole('menuitem', { name: 'Bewerken' }).click();
  await expect(edit.getByRole('img', { name: 'Huidig logo' })).toBeVisible();
  await expect(edit.getByRole('button', { name: 'Logo verwijderen' })).toBeVisible();
  await edit.getByRole('button', { name: 'Annuleren' }).click();
  await expect(edit).toBeHidden();

  // A visitor sees it on the initiative's Sponsoren tab, at 375 px without sideways scrolling.
  await logout(page);
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto(`/funds/${initiative.id}/sponsoren`);
  const panel = page.getByRole('region', { name: 'Sponsoren' });
  const shown = panel.getByText(sponsor).locator('img');
  await expect(shown).toHaveAttribute('src', /\/api\/files\/funders\/\d+\/\w+_128\.webp\?/);
  await expect
    .poll(() => shown.evaluate((img: HTMLImageElement) => img.naturalWidth))
    .toBeGreaterThan(0);
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  await expectNoA11yViolations(page);
});
