/**
 * Initiatives and activities against the real API; axe on every screen. An anonymous
 * visitor browses (at 1280 and 375 px), a grant officer creates an initiative from a grant and an
 * activity in it, an initiative owner edits a description. Each test builds its own
 * neighbourhood: a sponsor, regulation and grant with one initiative of three activities, and
 * two hidden initiatives beside it.
 */
import type { Activity } from '@helder/shared/activities';
import type { Initiative } from '@helder/shared/initiatives';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import {
  Api,
  expectNoA11yViolations,
  RECEIPT_PNG,
  loginAs,
  ROOT,
  uniqueEmail,
  uniqueId,
  type GrantPath,
} from './helpers';

/** The activity whose media the visitor previews. */
const BARBECUE = 'Buurtbarbecue';

interface Neighbourhood {
  /** In every name below; the initiative carries it in capitals. */
  id: string;
  funder: string;
  regulation: string;
  reference: string;
  grant: GrantPath;
  initiative: Initiative;
  barbecue: Activity;
  /** Initiatives of the same grant that outsiders never see. */
  hidden: string[];
}

async function buildNeighbourhood(root: Api, owner: { id: number }): Promise<Neighbourhood> {
  const id = uniqueId();
  const funder = await root.funder({ name: `Gemeente ${id}`, url: `https://${id}.example.nl` });
  const regulation = await root.regulation(funder.id, {
    name: `Buurtbudget ${id}`,
    description: 'Bewoners bedenken zelf plannen voor hun buurt.',
  });
  const reference = `E2E-${id}`;
  const { id: grantId } = await root.grant(funder.id, regulation.id, {
    name: `Buurtbudget ${id} 2026`,
    reference,
    budget: 48_500,
  });
  const grant = { funderId: funder.id, regulationId: regulation.id, grantId };
  const initiative = await root.initiative(grant, {
    name: `Buurtfeest ${id.toUpperCase()}`,
    description: 'Een zomers buurtfeest met muziek, spelletjes en een lange tafel vol eten.',
    purpose: 'Ontmoeting tussen buren',
    target_audience: 'Alle bewoners van de buurt',
    owner: 'Bewonersvereniging Tuindorp',
    legal_entity: 'vereniging',
    kvk_registration: '40531234',
    location: 'Tuindorp Oostzaan',
    budget: 6500,
  });
  await root.initiativeOwners(initiative.id, [owner]);
  const activity = (name: string, description: string, budget: number) =>
    root.activity(initiative.id, {
      name,
      description,
      purpose: 'Ontmoeting',
      target_audience: 'Buren',
      budget,
    });
  await activity('Springkussen en kinderspelen', 'Een middag vol spelletjes voor kinderen.', 1200);
  const barbecue = await activity(BARBECUE, 'Samen koken en eten aan een lange tafel.', 2100);
  // Its receipts are the media the visitor previews: an invoice, then a till receipt (newest
  // first, so the picture is medium 1).
  const expense = await root.payment({
    transaction_amount: -99.35,
    booking_date: '2026-06-20T14:00:00+02:00',
    route: 'uitgaven',
    creditor_name: 'Slagerij De Wit',
    short_user_description: 'Vlees en houtskool',
    initiative_id: initiative.id,
    activity_id: barbecue.id,
  });
  await root.attachment(expense.id, {
    name: 'factuur.pdf',
    mimeType: 'application/pdf',
    buffer: invoicePdf(),
  });
  await root.attachment(expense.id, {
    name: 'kassabon.png',
    mimeType: 'image/png',
    buffer: RECEIPT_PNG,
  });
  await activity('Opruimen', 'Het plein weer netjes achterlaten.', 300);
  const hidden = [`Boomspiegels ${id}`, `Kookclub ${id}`];
  for (const name of hidden) {
    await root.initiative(grant, {
      name,
      description: 'Nog in voorbereiding.',
      purpose: 'Meer groen',
      target_audience: 'Bewoners',
      hidden: true,
      budget: 2750,
    });
  }
  return {
    id,
    funder: funder.name,
    regulation: regulation.name,
    reference,
    grant,
    initiative,
    barbecue,
    hidden,
  };
}

/** The smallest one-page PDF viewers accept, written out by hand. */
function invoicePdf(): Buffer {
  const text = 'BT /F1 24 Tf 72 720 Td (Factuur: verhuur partytent) Tj ET';
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${text.length} >>\nstream\n${text}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let pdf = '%PDF-1.4\n';
  const offsets = objects.map((object, i) => {
    const offset = pdf.length;
    pdf += `${i + 1} 0 obj\n${object}\nendobj\n`;
    return offset;
  });
  const xref = pdf.length;
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  pdf += offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('');
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf, 'latin1');
}

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

async function anonymousJourney(page: Page, compact: boolean, world: Neighbourhood) {
  const owned = world.initiative.name;
  await page.goto('/funds');
  await expect(page.getByRole('heading', { level: 1, name: 'Initiatieven' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Alle Initiatieven' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(page.getByRole('button', { name: 'Mijn Initiatieven' })).toHaveCount(0);
  const list = page.getByRole('list', { name: 'Lijst met initiatieven' });
  await expect(list.getByRole('link', { name: owned })).toBeVisible();
  for (const hidden of world.hidden)
    await expect(list.getByRole('link', { name: hidden })).toHaveCount(0);
  await expect(
    list
      .getByRole('article')
      .filter({ hasText: owned })
      .getByRole('img', { name: /^Besteed €\s/ }),
  ).toBeVisible();
  await expectNoA11yViolations(page);
  if (compact) await expectNoHorizontalScroll(page);

  // The search filters by name.
  await page.getByRole('searchbox', { name: 'Zoek initiatieven op naam' }).fill(world.id);
  await expect(list.getByRole('article')).toHaveCount(1);
  await list.getByRole('link', { name: owned }).click();

  // The initiative: header, budget cards, the first tab.
  await expect(page).toHaveURL(new RegExp(`/funds/\\d+/buurtfeest-${world.id}$`));
  await expect(page.getByRole('heading', { level: 1, name: owned })).toBeVisible();
  const received = page.getByRole('button', { name: 'Waarvan ontvangen' });
  await expect(received).toHaveAccessibleDescription(/^Waarvan ontvangen: €\s\d/);
  // A visitor's only action is the accountability download.
  const actions = page.getByRole('group', { name: 'Acties voor dit initiatief' });
  await expect(actions.getByRole('button')).toHaveText(['Verantwoording downloaden']);
  await expect(actions.getByRole('link')).toHaveCount(0);
  const tabs = 'Onderdelen van het initiatief';
  const transactions = page.getByRole('region', { name: 'Transactieoverzicht' });
  await expect(transactions.getByRole('columnheader', { name: 'BEDRAG' })).toBeVisible();
  // The barbecue's expense, as a visitor sees it: its receipts counted, no account numbers.
  const expense = transactions.getByRole('row').filter({ hasText: 'Vlees en houtskool' });
  await expect(expense.getByRole('cell', { name: /€\s-99,35/ })).toBeVisible();
  await expect(expense.getByRole('cell', { name: '2', exact: true })).toBeVisible();
  await expectNoA11yViolations(page);
  if (compact) await expectNoHorizontalScroll(page);

  const details = await openTab(page, tabs, 'Details');
  await expect(details.getByText('Kamer van Koophandel')).toBeVisible();
  await expect(details.getByText('Locatie-inflatie')).toBeVisible();
  await expectNoA11yViolations(page);

  const sponsors = await openTab(page, tabs, 'Sponsoren');
  await expect(sponsors.getByText(world.funder)).toBeVisible();
  await expect(sponsors.getByText(world.reference)).toBeVisible();
  await expect(sponsors.getByText('Verantwoord')).toHaveCount(2);
  await expectNoA11yViolations(page);

  const owners = await openTab(page, tabs, 'Gebruikers');
  await expect(owners.getByRole('list', { name: 'Initiatiefnemers' })).toBeVisible();
  // Visitors see no e-mail addresses and cannot add owners.
  await expect(owners.getByRole('link', { name: /@/ })).toHaveCount(0);
  await expect(owners.getByRole('link', { name: 'Initiatiefnemer toevoegen' })).toHaveCount(0);
  await expectNoA11yViolations(page);

  const media = await openTab(page, tabs, 'Media');
  // Each medium is captioned and titled by its payment: 'dd-mm-jjjj · counterparty · € amount'.
  const firstImage = media.getByRole('button', { name: /^Bekijk medium van \d\d-\d\d-\d{4} · / });
  await firstImage.first().click();
  const preview = page.getByRole('dialog', { name: /^\d\d-\d\d-\d{4} · .*€/ });
  await expect(
    preview.getByRole('img', { name: /^Medium van .* op volle grootte$/ }),
  ).toBeVisible();
  await expect(preview.getByRole('link', { name: 'Transactie bekijken' })).toBeVisible();
  await expectNoA11yViolations(page);
  await page.keyboard.press('Escape');
  await expect(preview).toBeHidden();
  await media
    .getByRole('button', { name: /^Bekijk PDF-document van / })
    .first()
    .click();
  const pdfPreview = page.getByRole('dialog');
  const frame = pdfPreview.locator('iframe[title^="PDF-document van "]');
  await expect(frame).toBeVisible();
  const frameBox = (await frame.boundingBox())!;
  expect(frameBox.height).toBeLessThanOrEqual(page.viewportSize()!.height);
  await pdfPreview.getByRole('button', { name: 'Sluiten' }).click();
  await expect(pdfPreview).toBeHidden();

  const activities = await openTab(page, tabs, 'Activiteiten');
  const cards = activities.getByRole('list', { name: 'Activiteiten van dit initiatief' });
  await expect(cards.getByRole('article')).toHaveCount(3);
  await expectNoA11yViolations(page);
  await cards.getByRole('link', { name: BARBECUE }).click();

  // The activities screen: the side list (not at 375 px) and the activity.
  await expect(page).toHaveURL(/\/funds\/\d+\/activities\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: BARBECUE })).toBeVisible();
  const side = page.getByRole('complementary', { name: 'Activiteiten' });
  if (compact) {
    await expect(side).toBeHidden();
    await expectNoHorizontalScroll(page);
  } else {
    await expect(side.getByRole('link', { name: BARBECUE })).toHaveAttribute(
      'aria-current',
      'page',
    );
  }
  const crumbs = page.getByRole('navigation', { name: 'Kruimelpad' });
  await expect(crumbs.getByRole('link', { name: owned })).toBeVisible();
  await expectNoA11yViolations(page);
  const activityTabs = 'Onderdelen van de activiteit';
  await expect(
    (await openTab(page, activityTabs, 'Details')).getByText('Tuindorp Oostzaan', { exact: true }),
  ).toBeVisible();
  await openTab(page, activityTabs, 'Sponsoren');
  await expect(
    page.getByRole('region', { name: 'Sponsoren' }).getByText(world.reference),
  ).toBeVisible();
  await openTab(page, activityTabs, 'Gebruikers');
  await openTab(page, activityTabs, 'Media');
  await expect(
    page.getByRole('button', { name: /^Bekijk (medium|PDF-document) van / }).first(),
  ).toBeVisible();
  await expectNoA11yViolations(page);

  // Back to the initiative through the breadcrumb: the activities screen with the initiative.
  await crumbs.getByRole('link', { name: owned }).click();
  await expect(page).toHaveURL(/\/funds\/\d+\/activities$/);
  await expect(page.getByRole('heading', { level: 1, name: owned })).toBeVisible();
  await expectNoA11yViolations(page);
}

/** A neighbourhood whose initiative is owned by a user who never logs in. */
async function visitedNeighbourhood(request: APIRequestContext) {
  const root = await Api.login(request, ROOT);
  const owner = await root.invite({
    email: uniqueEmail('owner'),
    first_name: 'Noor',
    last_name: 'Jansen',
  });
  return buildNeighbourhood(root, owner);
}

test('an anonymous visitor browses initiatives, reads every tab and previews a medium', async ({
  page,
  request,
}) => {
  test.slow();
  await anonymousJourney(page, false, await visitedNeighbourhood(request));
});

test('the same visit at 375 px', async ({ page, request }) => {
  test.slow();
  const world = await visitedNeighbourhood(request);
  await page.setViewportSize({ width: 375, height: 800 });
  await anonymousJourney(page, true, world);
});

test('a grant officer opens a grant’s initiatives, creates an initiative from the grant and an activity in it', async ({
  page,
  request,
}) => {
  test.slow();
  const root = await Api.login(request, ROOT);
  const officer = await root.account();
  const world = await buildNeighbourhood(root, await root.invite({ email: uniqueEmail('owner') }));
  const { funderId, regulationId } = world.grant;
  await root.officers(funderId, regulationId, 'grant officer', [officer]);
  const owned = world.initiative.name;
  const name = `E2E plein ${world.id}`;
  const activityName = `E2E zaaidag ${world.id}`;

  await loginAs(page, officer.email, officer.password);
  await page.getByRole('link', { name: 'Sponsors' }).click();
  await page.getByRole('searchbox').fill(world.id);
  await page
    .getByRole('list', { name: 'Lijst met sponsors' })
    .getByRole('link', { name: world.funder })
    .click();
  await page
    .getByRole('navigation', { name: /^Regelingen van / })
    .getByRole('link', { name: world.regulation })
    .click();
  const panel = page.getByRole('region', { name: world.regulation });
  const row = panel.getByRole('listitem').filter({ hasText: world.reference });

  // A grant with initiatives opens the first one in the activities screen.
  await row.getByRole('link', { name: new RegExp(`^${world.reference} `) }).click();
  await expect(page).toHaveURL(/\/funds\/\d+\/activities$/);
  await expect(page.getByRole('heading', { level: 1, name: owned })).toBeVisible();
  await expect(
    page.getByRole('complementary', { name: 'Activiteiten' }).getByRole('article'),
  ).toHaveCount(3);
  await expectNoA11yViolations(page);
  await page.goBack();

  // 'Initiatief (n)' opens the create form for that grant, as its name says (Chromium puts a space
  // before the hidden part's colon).
  await row
    .getByRole('link', {
      name: new RegExp(
        `^Initiatief \\(\\d+\\) ?: nieuw initiatief onder beschikking ${world.reference}$`,
      ),
    })
    .click();
  await expect(page).toHaveURL(/\/add-fund\?grant=\d+$/);
  const dialog = page.getByRole('dialog', { name: 'Initiatief aanmaken' });
  await expect(dialog.getByLabel('Naam', { exact: true })).toBeFocused();
  await dialog.getByRole('button', { name: 'Opslaan' }).click();
  await expect(dialog.getByText('Vul een naam in')).toBeVisible();
  await expect(dialog.getByText('Vul een begroting in.')).toBeVisible();
  await expectNoA11yViolations(page);

  // A taken name: 409.
  await dialog.getByLabel('Naam', { exact: true }).fill(owned);
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

test('an initiative owner edits the description but sees no name field', async ({
  page,
  request,
}) => {
  const root = await Api.login(request, ROOT);
  const owner = await root.account();
  const { id, initiative } = await buildNeighbourhood(root, owner);
  const owned = initiative.name;
  const description = `Het buurtfeest van ${id}: muziek, spelletjes en een lange tafel.`;
  await loginAs(page, owner.email, owner.password);
  await page.goto('/funds');
  await page.getByRole('button', { name: 'Mijn Initiatieven' }).click();
  await expect(page.getByRole('button', { name: 'Mijn Initiatieven' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  const list = page.getByRole('list', { name: 'Lijst met initiatieven' });
  await expect(list.getByRole('link', { name: owned })).toBeVisible();
  await expectNoA11yViolations(page);
  await list.getByRole('link', { name: owned }).click();

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
  await page.getByRole('link', { name: owned }).click();
  await expect(page.getByText(description).first()).toBeVisible();
});

test('an admin sees no page of a deleted or unknown initiative', async ({ page, request }) => {
  const admin = await (await Api.login(request, ROOT)).account({ role: 'administrator' });
  await loginAs(page, admin.email, admin.password);
  await page.goto('/funds/999999/details');
  await expect(
    page.getByText('Dit initiatief bestaat niet of is niet zichtbaar voor jou.'),
  ).toBeVisible();
  await expectNoA11yViolations(page);
});
