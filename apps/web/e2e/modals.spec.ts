/**
 * Every modal of the product under axe, at 1280 and at 375 px, as an administrator and as an
 * initiative owner (the two who see the most of them). Each modal is opened the way a user opens
 * it (a link, a button, a menu item) and closed with Esc, which must close it and put focus back
 * on what opened it. At 375 px the modal must fit the screen sideways and its primary action (the
 * last button of its actions) must be reachable whole.
 *
 * One login per role and one page: the widths are viewport sizes of that page.
 */
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import {
  Api,
  apiToken,
  expectNoA11yViolations,
  loginAs,
  RECEIPT_PNG,
  ROOT,
  uniqueId,
} from './helpers';
import { freshIban, statementFiles, threeLines } from './statements';

const WIDTHS = [1280, 375] as const;
type Width = (typeof WIDTHS)[number];

interface ModalCase {
  name: string;
  /** The screen the modal is opened from (path and search). */
  screen: string;
  /** What the user activates to open it; focus must return there once Esc has closed it. */
  opener?: (page: Page) => Locator;
  /** A menu to open first: its trigger gets the focus back instead of the menu item. */
  menu?: (page: Page) => Locator;
  /** A modal with no actions of its own (a preview): nothing to reach at 375 px. */
  noActions?: boolean;
  /** Only at this width (the link dialog replaces the link columns on a phone). */
  only?: Width;
  /** A step inside another modal: Esc goes back to that one (named so), a second Esc closes it. */
  escapeTo?: string;
}

interface World {
  admin: { id: number; email: string; password: string };
  owner: { id: number; email: string; password: string };
  funderId: number;
  funderName: string;
  regulationId: number;
  grantId: number;
  initiativeId: number;
  activityId: number;
  paymentId: number;
  paint: string;
}

/** A funder, regulation and grant with an initiative of the owner's, an activity, a payment with
 *  a receipt, and a statement the owner imported (a bank account and lines to link). */
async function buildWorld(request: APIRequestContext): Promise<World> {
  const root = await Api.login(request, ROOT);
  const admin = await root.account({ role: 'administrator', first_name: 'Ada', last_name: 'Kok' });
  const owner = await root.account({ first_name: 'Omar', last_name: 'Smit' });
  const id = uniqueId();
  const funderName = `Fonds ${id}`;
  const funder = await root.funder({ name: funderName, url: `https://${id}.example.nl` });
  const regulation = await root.regulation(funder.id, {
    name: `Wijkbudget ${id}`,
    description: 'Geld voor plannen van bewoners.',
  });
  const grant = await root.grant(funder.id, regulation.id, {
    name: `Wijkbudget ${id} 2026`,
    reference: `MOD-${id}`,
    budget: 5000,
  });
  const initiative = await root.initiative(
    { funderId: funder.id, regulationId: regulation.id, grantId: grant.id },
    {
      name: `Speeltuin ${id.toUpperCase()}`,
      description: 'Een plan van bewoners voor de buurt.',
      purpose: 'Samen spelen',
      target_audience: 'Kinderen',
      budget: 2500,
    },
  );
  await root.initiativeOwners(initiative.id, [owner]);
  const activity = await root.activity(initiative.id, {
    name: `Klusdag ${id}`,
    description: 'Samen de speeltuin opknappen.',
    purpose: 'Opknappen',
    target_audience: 'Buren',
    budget: 400,
  });
  const paint = `Verf ${id}`;
  const payment = await root.payment({
    initiative_id: initiative.id,
    activity_id: activity.id,
    transaction_amount: -45.5,
    booking_date: '2026-03-05T10:00:00+01:00',
    route: 'uitgaven',
    creditor_name: 'Bouwmarkt Hoekstra',
    short_user_description: paint,
  });
  await root.attachment(payment.id, {
    name: 'bon.png',
    mimeType: 'image/png',
    buffer: RECEIPT_PNG,
  });

  const headers = {
    Authorization: `Bearer ${await apiToken(request, owner.email, owner.password)}`,
  };
  const upload = await request.post(`/api/user/${owner.id}/statement-imports`, {
    headers,
    multipart: { file: statementFiles.camt053(freshIban(), id, threeLines(id)) },
  });
  expect(upload.status(), await upload.text()).toBe(200);
  const preview = (await upload.json()) as { id: number };
  const confirm = await request.post(
    `/api/user/${owner.id}/statement-import/${preview.id}/confirm`,
    { headers },
  );
  expect(confirm.status(), await confirm.text()).toBe(200);

  return {
    admin,
    owner,
    funderId: funder.id,
    funderName,
    regulationId: regulation.id,
    grantId: grant.id,
    initiativeId: initiative.id,
    activityId: activity.id,
    paymentId: payment.id,
    paint,
  };
}

/** The modal that is open (one that is closing may still fade out beside it). */
const openDialog = (page: Page) => page.locator('[role="dialog"][data-state="open"]');
const link = (href: string) => (page: Page) =>
  page.locator(`main a[href*="${href}"]`).filter({ visible: true }).first();
const button = (name: string | RegExp) => (page: Page) =>
  page.getByRole('main').getByRole('button', { name, exact: typeof name === 'string' });
const menuItem = (name: string) => (page: Page) => page.getByRole('menuitem', { name });

/** The modals an initiative owner opens on their initiative, its activity and their own pages. */
function spendingModals(w: World): ModalCase[] {
  const fund = `/funds/${w.initiativeId}`;
  const act = `${fund}/activities/${w.activityId}`;
  const paymentRow = (page: Page) => page.getByRole('row').filter({ hasText: w.paint });
  const deleteInDetails = (page: Page) => openDialog(page).locator('a[href*="/delete-payment"]');
  return [
    { name: 'edit initiative', screen: `${fund}/details`, opener: link('/edit-fund') },
    {
      name: 'filter payments',
      screen: `${fund}/transactieoverzicht`,
      opener: link('/filter-payment'),
    },
    { name: 'add payment', screen: `${fund}/transactieoverzicht`, opener: link('/add-payment') },
    { name: 'payment details', screen: `${fund}/transactieoverzicht`, opener: paymentRow },
    {
      name: 'delete payment',
      screen: `${fund}/${w.paymentId}/details`,
      opener: deleteInDetails,
      escapeTo: 'Transactie bewerken',
    },
    {
      name: 'verantwoording',
      screen: `${fund}/transactieoverzicht`,
      opener: button('Verantwoording downloaden'),
    },
    { name: 'add activity', screen: `${fund}/activiteiten`, opener: link('/add-activity') },
    { name: 'initiative owners', screen: `${fund}/gebruikers`, opener: link('/link-owners') },
    {
      name: 'media preview',
      screen: `${fund}/media`,
      opener: button(/^Bekijk medium van/),
      noActions: true,
    },
    { name: 'edit activity', screen: `${act}/details`, opener: link('/edit-activity') },
    {
      name: 'activity filter',
      screen: `${act}/transactieoverzicht`,
      opener: link('/filter-payment'),
    },
    {
      name: 'activity add payment',
      screen: `${act}/transactieoverzicht`,
      opener: link('/add-payment'),
    },
    { name: 'activity payment details', screen: `${act}/transactieoverzicht`, opener: paymentRow },
    {
      name: 'activity delete payment',
      screen: `${act}/${w.paymentId}/details`,
      opener: deleteInDetails,
      escapeTo: 'Transactie bewerken',
    },
    { name: 'activity owners', screen: `${act}/gebruikers`, opener: link('/link-owners') },
  ];
}

/** The modals of one's own contact page. */
function ownModals(userId: number): ModalCase[] {
  const self = `/contacts/${userId}`;
  return [
    { name: 'edit profile', screen: self, opener: link('/edit-profile') },
    { name: 'edit settings', screen: self, opener: link('/edit-settings') },
    { name: 'change password', screen: self, opener: link('/change-password') },
    {
      name: 'add bank account',
      screen: '/transactions/bankconnections',
      opener: link('/add-bank'),
    },
  ];
}

function adminModals(w: World): ModalCase[] {
  const fund = `/funds/${w.initiativeId}`;
  const act = `${fund}/activities/${w.activityId}`;
  const regulations = `/sponsors/${w.funderId}/regulations`;
  const reg = `${regulations}/${w.regulationId}`;
  const funderMenu = (page: Page) =>
    page.getByRole('button', { name: `Acties voor ${w.funderName}` });
  const employees = (page: Page) =>
    page.getByRole('button', { name: 'Medewerkers van de regeling beheren' });
  return [
    ...spendingModals(w),
    { name: 'delete initiative', screen: `${fund}/details`, opener: link('/delete-fund') },
    { name: 'delete activity', screen: `${act}/details`, opener: link('/delete-activity') },
    ...ownModals(w.admin.id),
    { name: 'add user', screen: '/contacts', opener: button('Gebruiker toevoegen') },
    { name: 'delete user', screen: `/contacts/${w.owner.id}`, opener: link('/delete-user') },
    { name: 'add sponsor', screen: '/sponsors', opener: button('Sponsor toevoegen') },
    {
      name: 'edit sponsor',
      screen: '/sponsors',
      menu: funderMenu,
      opener: menuItem('Bewerken'),
    },
    {
      name: 'delete sponsor',
      screen: '/sponsors',
      menu: funderMenu,
      opener: menuItem('Verwijderen'),
    },
    { name: 'add regulation', screen: regulations, opener: button('Regeling toevoegen') },
    { name: 'edit regulation', screen: reg, opener: link('/edit-regulation') },
    { name: 'delete regulation', screen: reg, opener: link('/delete-regulation') },
    { name: 'overview', screen: reg, opener: button('Overzicht downloaden') },
    {
      name: 'grant officers',
      screen: reg,
      menu: employees,
      opener: menuItem('Subsidiemedewerkers'),
    },
    {
      name: 'policy officers',
      screen: reg,
      menu: employees,
      opener: menuItem('Beleidsmedewerkers'),
    },
    { name: 'add grant', screen: reg, opener: link('/add-grant') },
    { name: 'edit grant', screen: reg, opener: link(`/edit-grant/${w.grantId}`) },
    { name: 'delete grant', screen: reg, opener: link(`/delete-grant/${w.grantId}`) },
    { name: 'overseers', screen: reg, opener: link(`/overseers/${w.grantId}`) },
    { name: 'add initiative', screen: reg, opener: link(`/add-fund?grant=${w.grantId}`) },
  ];
}

function ownerModals(w: World): ModalCase[] {
  return [
    ...spendingModals(w),
    ...ownModals(w.owner.id),
    {
      name: 'share bank account',
      screen: '/transactions/bankconnections',
      opener: link('/invite-user'),
    },
    {
      name: 'delete bank account',
      screen: '/transactions/bankconnections',
      opener: link('/delete-bank'),
    },
    {
      name: 'link a bank line',
      screen: '/transactions?unlinked=1',
      opener: (page) => page.getByRole('button', { name: /^Koppelen: betaling van/ }).first(),
      only: 375,
    },
  ];
}

/** At 375 px: the dialog stays inside the screen sideways, and its primary action can be
 *  scrolled to and is then whole on screen, not cut off by any box around it. */
async function expectFitsPhone(dialog: Locator, noActions: boolean): Promise<void> {
  const overflow = await dialog.evaluate((element) => {
    const { left, right } = element.getBoundingClientRect();
    const width = document.documentElement.clientWidth;
    // A field scrolls its own long value sideways, as fields do; a visually hidden text is 1 px.
    const wide = [element, ...element.querySelectorAll(':not(input, textarea, select)')].find(
      (box) =>
        box.clientWidth > 1 &&
        getComputedStyle(box).overflowX !== 'visible' &&
        box.scrollWidth > box.clientWidth + 1,
    );
    if (left < 0 || right > width) return `the dialog spans ${left}–${right} of ${width} px`;
    return wide ? `${wide.className || wide.tagName} scrolls sideways` : null;
  });
  expect(overflow, 'sideways overflow at 375 px').toBeNull();
  if (noActions) return;
  const primary = dialog.locator('[data-form-actions]').last().locator('button, a').last();
  await primary.scrollIntoViewIfNeeded();
  await expect(primary).toBeVisible();
  await expect(primary).toBeInViewport({ ratio: 1 });
  const clippedBy = await primary.evaluate((element) => {
    const { left, right, top, bottom } = element.getBoundingClientRect();
    for (let box = element.parentElement; box; box = box.parentElement) {
      if (getComputedStyle(box).overflow === 'visible') continue;
      const edges = box.getBoundingClientRect();
      const out =
        left < edges.left - 0.5 ||
        right > edges.right + 0.5 ||
        top < edges.top - 0.5 ||
        bottom > edges.bottom + 0.5;
      if (out) return box.className || box.tagName;
    }
    return null;
  });
  expect(clippedBy, 'the primary action is cut off by').toBeNull();
}

async function checkModal(
  page: Page,
  modal: ModalCase,
  width: Width,
  fresh: boolean,
): Promise<void> {
  const here = new URL(page.url());
  if (fresh || `${here.pathname}${here.search}` !== modal.screen) await page.goto(modal.screen);
  let returnTo: Locator | null = null;
  if (modal.menu) {
    returnTo = modal.menu(page);
    await returnTo.click();
  }
  if (modal.opener) {
    const opener = modal.opener(page);
    returnTo ??= opener;
    await opener.click();
  }
  const dialog = openDialog(page);
  await expect(dialog).toBeVisible();
  // Loaded: no spinner left in it.
  await expect(dialog.locator('[role="progressbar"], [aria-busy="true"]')).toHaveCount(0);
  await expectNoA11yViolations(page);
  if (width === 375) await expectFitsPhone(dialog, modal.noActions ?? false);
  await page.keyboard.press('Escape');
  if (modal.escapeTo) {
    await expect(page.getByRole('dialog', { name: modal.escapeTo })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    return;
  }
  await expect(page.getByRole('dialog')).toHaveCount(0);
  if (returnTo) await expect(returnTo).toBeFocused();
}

/** Checks every modal at both widths, one modal after the other on the same screen (a screen is
 *  loaded once for both widths); one that fails does not hide what the others find. */
async function checkAll(page: Page, modals: ModalCase[]): Promise<void> {
  const failures: string[] = [];
  for (const modal of modals) {
    for (const width of WIDTHS) {
      if (modal.only && modal.only !== width) continue;
      if (page.viewportSize()?.width !== width) await setWidth(page, width);
      const name = `${modal.name} at ${width} px`;
      // After a failure the modal may still be open: start again from its screen.
      const fresh = failures.length > 0;
      try {
        await test.step(name, () => checkModal(page, modal, width, fresh));
      } catch (error) {
        failures.push(`${name}: ${String(error).split('\n').slice(0, 16).join(' ')}`);
      }
    }
  }
  expect(failures).toEqual([]);
}

function setWidth(page: Page, width: Width): Promise<void> {
  return page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
}

test('every modal of an administrator, at 1280 and 375 px', async ({ page, request }) => {
  test.setTimeout(360_000);
  const world = await buildWorld(request);
  // The login modal, before logging in.
  for (const width of WIDTHS) {
    await setWidth(page, width);
    await page.goto('/login');
    const dialog = page.getByRole('dialog', { name: 'Inloggen' });
    await expect(dialog).toBeVisible();
    await expectNoA11yViolations(page);
    if (width === 375) await expectFitsPhone(dialog, false);
  }
  await loginAs(page, world.admin.email, world.admin.password);
  await checkAll(page, adminModals(world));
});

test('every modal of an initiative owner, at 1280 and 375 px', async ({ page, request }) => {
  test.setTimeout(360_000);
  const world = await buildWorld(request);
  await loginAs(page, world.owner.email, world.owner.password);
  await checkAll(page, ownerModals(world));
});
