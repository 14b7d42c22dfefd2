/**
 * Initiatives and activities (issue 4) against the real API with the demo seed; axe on every
 * screen. An anonymous visitor browses (at 1280 and 375 px), a grant officer creates an
 * initiative from a grant and an activity in it, an initiative owner edits a description.
 *
 * The demo seed gives the activity 'Buurtbarbecue' a receipt picture and an invoice PDF, so the
 * media preview shows real files through their signed URLs.
 */
import { expect, test, type Page } from '@playwright/test';
import { DEMO, DEMO_PASSWORD, expectNoA11yViolations, loginAs } from './helpers';

/** Demo accounts with a scoped role (apps/api/src/db/seed.ts). */
const GRANT_OFFICER = 'subsidie@helder.demo';
const INITIATIVE_OWNER = 'initiatief@helder.demo';
/** A demo initiative of the owner, with three activities. */
const OWNED = 'Buurtfeest Tuindorp Oostzaan';
/** Hidden demo initiatives: outsiders never see them. */
const HIDDEN = ['Boomspiegels Wagenaarstraat', 'Kookclub Gaasperdam'];

const suffix = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

async function expectNoHorizontalScroll(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

/** Clicks a tab of the detail and checks that it became the current one. */
async function openTab(page: Page, tabs: string, name: string) {
  const nav = page.getByRole('navigation', { name: tabs });
  await nav.getByRole('link', { name, exact: true }).click();
  await expect(nav.getByRole('link', { name, exact: true })).toHaveAttribute(
    'aria-current',
    'page',
  );
  return page.getByRole('region', { name, exact: true });
}

async function anonymousJourney(page: Page, compact: boolean) {
  await page.goto('/funds');
  await expect(page.getByRole('heading', { level: 1, name: 'Initiatieven' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Alle Initiatieven' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(page.getByRole('button', { name: 'Mijn Initiatieven' })).toHaveCount(0);
  const list = page.getByRole('list', { name: 'Lijst met initiatieven' });
  await expect(list.getByRole('link', { name: OWNED })).toBeVisible();
  for (const hidden of HIDDEN)
    await expect(list.getByRole('link', { name: hidden })).toHaveCount(0);
  await expect(
    list
      .getByRole('article')
      .filter({ hasText: OWNED })
      .getByRole('img', { name: /^Besteed €\s/ }),
  ).toBeVisible();
  await expectNoA11yViolations(page);
  if (compact) await expectNoHorizontalScroll(page);

  // The search filters by name.
  await page.getByRole('searchbox', { name: 'Zoek initiatieven op naam' }).fill('tuindorp');
  await expect(list.getByRole('article')).toHaveCount(1);
  await list.getByRole('link', { name: OWNED }).click();

  // The initiative: header, budget cards, the first tab.
  await expect(page).toHaveURL(/\/funds\/\d+\/buurtfeest-tuindorp-oostzaan$/);
  await expect(page.getByRole('heading', { level: 1, name: OWNED })).toBeVisible();
  const received = page.getByRole('button', { name: 'Waarvan ontvangen' });
  await expect(received).toHaveAccessibleDescription(/^Waarvan ontvangen: €\s\d/);
  await expect(page.getByRole('group', { name: 'Acties voor dit initiatief' })).toHaveCount(0);
  const tabs = 'Onderdelen van het initiatief';
  const transactions = page.getByRole('region', { name: 'Transactieoverzicht' });
  await expect(transactions.getByRole('columnheader', { name: 'BEDRAG' })).toBeVisible();
  await expect(transactions.getByText('Geen transacties gevonden')).toBeVisible();
  await expectNoA11yViolations(page);
  if (compact) await expectNoHorizontalScroll(page);

  const details = await openTab(page, tabs, 'Details');
  await expect(details.getByText('Kamer van Koophandel')).toBeVisible();
  await expect(details.getByText('Locatie-inflatie')).toBeVisible();
  await expectNoA11yViolations(page);

  const sponsors = await openTab(page, tabs, 'Sponsoren');
  await expect(sponsors.getByText('Gemeente Amsterdam')).toBeVisible();
  await expect(sponsors.getByText('AMS-2026-0142')).toBeVisible();
  await expect(sponsors.getByText('Verantwoord')).toHaveCount(2);
  await expectNoA11yViolations(page);

  const owners = await openTab(page, tabs, 'Gebruikers');
  await expect(owners.getByRole('list', { name: 'Initiatiefnemers' })).toBeVisible();
  // Visitors see no e-mail addresses and cannot add owners.
  await expect(owners.getByRole('link', { name: /@/ })).toHaveCount(0);
  await expect(owners.getByRole('link', { name: 'Initiatiefnemer toevoegen' })).toHaveCount(0);
  await expectNoA11yViolations(page);

  const media = await openTab(page, tabs, 'Media');
  await media.getByRole('button', { name: 'Bekijk medium 1' }).click();
  const preview = page.getByRole('dialog', { name: 'Medium 1' });
  await expect(preview.getByRole('img', { name: 'Medium 1 op volle grootte' })).toBeVisible();
  await expectNoA11yViolations(page);
  await page.keyboard.press('Escape');
  await expect(preview).toBeHidden();
  await media.getByRole('button', { name: 'Bekijk PDF-document 2' }).click();
  const pdfPreview = page.getByRole('dialog', { name: 'Medium 2' });
  const frame = pdfPreview.locator('iframe[title="PDF-document 2"]');
  await expect(frame).toBeVisible();
  const frameBox = (await frame.boundingBox())!;
  expect(frameBox.height).toBeLessThanOrEqual(page.viewportSize()!.height);
  await pdfPreview.getByRole('button', { name: 'Sluiten' }).click();
  await expect(pdfPreview).toBeHidden();

  const activities = await openTab(page, tabs, 'Activiteiten');
  const cards = activities.getByRole('list', { name: 'Activiteiten van dit initiatief' });
  await expect(cards.getByRole('article')).toHaveCount(3);
  await expectNoA11yViolations(page);
  await cards.getByRole('link', { name: 'Buurtbarbecue' }).click();

  // The activities screen: the side list (not at 375 px) and the activity.
  await expect(page).toHaveURL(/\/funds\/\d+\/activities\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Buurtbarbecue' })).toBeVisible();
  const side = page.getByRole('complementary', { name: 'Activiteiten' });
  if (compact) {
    await expect(side).toBeHidden();
    await expectNoHorizontalScroll(page);
  } else {
    await expect(side.getByRole('link', { name: 'Buurtbarbecue' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  }
  const crumbs = page.getByRole('navigation', { name: 'Kruimelpad' });
  await expect(crumbs.getByRole('link', { name: OWNED })).toBeVisible();
  await expectNoA11yViolations(page);
  const activityTabs = 'Onderdelen van de activiteit';
  await expect(
    (await openTab(page, activityTabs, 'Details')).getByText('Tuindorp Oostzaan', { exact: true }),
  ).toBeVisible();
  await openTab(page, activityTabs, 'Sponsoren');
  await expect(
    page.getByRole('region', { name: 'Sponsoren' }).getByText('AMS-2026-0142'),
  ).toBeVisible();
  await openTab(page, activityTabs, 'Gebruikers');
  await openTab(page, activityTabs, 'Media');
  await expect(page.getByRole('button', { name: 'Bekijk medium 1' })).toBeVisible();
  await expectNoA11yViolations(page);

  // Back to the initiative through the breadcrumb: the activities screen with the initiative.
  await crumbs.getByRole('link', { name: OWNED }).click();
  await expect(page).toHaveURL(/\/funds\/\d+\/activities$/);
  await expect(page.getByRole('heading', { level: 1, name: OWNED })).toBeVisible();
  await expectNoA11yViolations(page);
}

test('an anonymous visitor browses initiatives, reads every tab and previews a medium', async ({
  page,
}) => {
  test.slow();
  await anonymousJourney(page, false);
});

test('the same visit at 375 px', async ({ page }) => {
  test.slow();
  await page.setViewportSize({ width: 375, height: 800 });
  await anonymousJourney(page, true);
});

test('a grant officer opens a grant’s initiatives, creates an initiative from the grant and an activity in it', async ({
  page,
}) => {
  test.slow();
  const id = suffix();
  const name = `E2E plein ${id}`;
  const activityName = `E2E zaaidag ${id}`;

  await loginAs(page, GRANT_OFFICER, DEMO_PASSWORD);
  await page.getByRole('link', { name: 'Sponsors' }).click();
  await page
    .getByRole('list', { name: 'Lijst met sponsors' })
    .getByRole('link', { name: 'Gemeente Amsterdam' })
    .click();
  await page
    .getByRole('navigation', { name: /^Regelingen van / })
    .getByRole('link', { name: 'Buurtbudget Noord' })
    .click();
  const panel = page.getByRole('region', { name: 'Buurtbudget Noord' });
  const row = panel.getByRole('listitem').filter({ hasText: 'AMS-2026-0142' });

  // A grant with initiatives opens the first one in the activities screen.
  await row.getByRole('link', { name: /^AMS-2026-0142 / }).click();
  await expect(page).toHaveURL(/\/funds\/\d+\/activities$/);
  await expect(page.getByRole('heading', { level: 1, name: OWNED })).toBeVisible();
  await expect(
    page.getByRole('complementary', { name: 'Activiteiten' }).getByRole('article'),
  ).toHaveCount(3);
  await expectNoA11yViolations(page);
  await page.goBack();

  // 'Initiatief (n)' opens the create form for that grant.
  await row
    .getByRole('link', { name: /^Initiatief \(\d+\) van beschikking AMS-2026-0142$/ })
    .click();
  await expect(page).toHaveURL(/\/add-fund\?grant=\d+$/);
  const dialog = page.getByRole('dialog', { name: 'Initiatief aanmaken' });
  await expect(dialog.getByLabel('Naam', { exact: true })).toBeFocused();
  await dialog.getByRole('button', { name: 'Opslaan' }).click();
  await expect(dialog.getByText('Vul een naam in')).toBeVisible();
  await expect(dialog.getByText('Vul een begroting in.')).toBeVisible();
  await expectNoA11yViolations(page);

  // A taken name: 409.
  await dialog.getByLabel('Naam', { exact: true }).fill(OWNED);
  await dialog.getByLabel('Beschrijving').fill('Een nieuw plein voor de buurt.');
  await dialog.getByLabel('Doel', { exact: true }).fill('Ontmoeting');
  await dialog.getByLabel('Doelgroep').fill('Buren');
  await dialog.getByLabel('KvK-nummer').fill('12345678');
  await dialog.getByLabel('Begroting').fill('2.500,00');
  await dialog.getByRole('button', { name: 'Opslaan' }).click();
  await expect(dialog.getByText('Naam is al in gebruik')).toBeVisible();

  await dialog.getByLabel('Naam', { exact: true }).fill(name);
  await dialog.getByRole('button', { name: 'Opslaan' }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/funds\/\d+\/activiteiten$/);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  const activities = page.getByRole('region', { name: 'Activiteiten' });
  await expect(activities.getByText('Geen activiteiten gevonden')).toBeVisible();
  await expectNoA11yViolations(page);

  // An activity in it.
  await activities.getByRole('link', { name: 'Activiteit toevoegen' }).click();
  const add = page.getByRole('dialog', { name: 'Activiteit toevoegen' });
  await add.getByLabel('Naam', { exact: true }).fill(activityName);
  await add.getByLabel('Beschrijving').fill('Zaaien met de buurt.');
  await add.getByLabel('Doel', { exact: true }).fill('Groen');
  await add.getByLabel('Doelgroep').fill('Kinderen');
  await add.getByLabel('Begroting').fill('-3');
  await add.getByRole('button', { name: 'Opslaan' }).click();
  await expect(add.getByText('Vul een geldig begrotingsbedrag in')).toBeVisible();
  await expectNoA11yViolations(page);
  await add.getByLabel('Begroting').fill('350');
  await add.getByRole('button', { name: 'Opslaan' }).click();
  await expect(add).toBeHidden();
  await expect(page).toHaveURL(/\/funds\/\d+\/activities\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: activityName })).toBeVisible();
  await expect(
    page
      .getByRole('complementary', { name: 'Activiteiten' })
      .getByRole('link', { name: activityName }),
  ).toHaveAttribute('aria-current', 'page');
  await expectNoA11yViolations(page);

  // The new initiative is in the list.
  await page.goto('/funds');
  await expect(
    page.getByRole('list', { name: 'Lijst met initiatieven' }).getByRole('link', { name }),
  ).toBeVisible();
});

test('an initiative owner edits the description but sees no name field', async ({ page }) => {
  const description = `Het buurtfeest van ${suffix()}: muziek, spelletjes en een lange tafel.`;
  await loginAs(page, INITIATIVE_OWNER, DEMO_PASSWORD);
  await page.goto('/funds');
  await page.getByRole('button', { name: 'Mijn Initiatieven' }).click();
  await expect(page.getByRole('button', { name: 'Mijn Initiatieven' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  const list = page.getByRole('list', { name: 'Lijst met initiatieven' });
  await expect(list.getByRole('link', { name: OWNED })).toBeVisible();
  await expectNoA11yViolations(page);
  await list.getByRole('link', { name: OWNED }).click();

  const actions = page.getByRole('group', { name: 'Acties voor dit initiatief' });
  await expect(actions.getByRole('link', { name: 'Verwijder initiatief' })).toHaveCount(0);
  await actions.getByRole('link', { name: 'Beheer initiatief' }).click();
  const dialog = page.getByRole('dialog', { name: 'Beheer initiatief' });
  const form = dialog.getByRole('form', { name: 'Beheer initiatief' });
  await expect(form.getByLabel('Beschrijving')).toBeVisible();
  await expect(form.getByLabel('Naam', { exact: true })).toHaveCount(0);
  await expect(form.getByLabel('Begroting')).toHaveCount(0);
  await expectNoA11yViolations(page);

  await form.getByLabel('Beschrijving').fill('');
  await form.getByRole('button', { name: 'Opslaan' }).click();
  await expect(form.getByText('Beschrijving mag niet leeg zijn')).toBeVisible();
  await form.getByLabel('Beschrijving').fill(description);
  await form.getByRole('button', { name: 'Opslaan' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(description).first()).toBeVisible();

  // Visitors see the new description too.
  await page.getByRole('button', { name: 'Uitloggen' }).click();
  await page.goto('/funds');
  await page.getByRole('link', { name: OWNED }).click();
  await expect(page.getByText(description).first()).toBeVisible();
});

test('an admin sees no page of a deleted or unknown initiative', async ({ page }) => {
  await loginAs(page, DEMO.admin, DEMO_PASSWORD);
  await page.goto('/funds/999999/details');
  await expect(
    page.getByText('Dit initiatief bestaat niet of is niet zichtbaar voor jou.'),
  ).toBeVisible();
  await expectNoA11yViolations(page);
});
