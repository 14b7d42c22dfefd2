/**
 * The first page's files arrive side by side rather than one after another. /funds is in the
 * entry chunk; its route's catalog is asked for while the language catalog is on its way, and
 * the data while the catalogs are. Each step is held back until the next one has been asked for;
 * a chain would stall there and fall through to the time limit instead.
 */
import { expect, test, type Page } from '@playwright/test';
import { initiativeOwner, loginAs, uniqueId } from './helpers';

/** Texts that mark the Dutch catalogs in the build (from locales/nl). */
const COMMON_CATALOG = 'Direct naar de inhoud';
const INITIATIVES_CATALOG = 'Lijst met initiatieven';

type Release = 'by the next request' | 'by the time limit';

/** A gate that opens when `open()` is called, or by itself after a few seconds. */
function gate() {
  let open: () => void = () => {};
  const opened = new Promise<Release>((resolve) => {
    open = () => resolve('by the next request');
    setTimeout(() => resolve('by the time limit'), 4_000);
  });
  return { open, opened };
}

async function holdScripts(page: Page) {
  const common = gate();
  const initiatives = gate();
  const released: { common?: Release; initiatives?: Release } = {};
  await page.route('**/api/initiatives*', async (route) => {
    initiatives.open();
    await route.continue();
  });
  await page.route('**/assets/*.js', async (route) => {
    const response = await route.fetch();
    const body = await response.text();
    const isCommon = body.includes(COMMON_CATALOG);
    const isInitiatives = body.includes(INITIATIVES_CATALOG);
    if (isInitiatives) common.open();
    if (isCommon) released.common = await common.opened;
    if (isInitiatives) released.initiatives = await initiatives.opened;
    // The body is handed on decoded, so without the encoding headers of the original.
    const {
      'content-encoding': _encoding,
      'content-length': _length,
      ...headers
    } = response.headers();
    await route.fulfill({ status: response.status(), headers, body });
  });
  return released;
}

test('/funds asks for its catalog beside the language catalog, and its data beside them', async ({
  page,
}) => {
  const released = await holdScripts(page);
  await page.goto('/funds');
  await expect(page.getByRole('heading', { level: 1, name: 'Initiatieven' })).toBeVisible();
  expect(released.common, 'the language catalog').toBe('by the next request');
  expect(released.initiatives, 'the route catalog').toBe('by the next request');
});

/**
 * Holds the answer of `held` (a URL's path) until each of `asked` has been asked for: the page
 * must ask for them without waiting for it.
 */
async function holdUntilAsked(page: Page, held: string, asked: RegExp[]) {
  const gates = asked.map(() => gate());
  let release: Release | undefined;
  await page.route(
    (url) => asked.some((pattern) => pattern.test(url.pathname + url.search)),
    async (route) => {
      const url = new URL(route.request().url());
      asked.forEach((pattern, i) => {
        if (pattern.test(url.pathname + url.search)) gates[i]!.open();
      });
      await route.continue();
    },
  );
  await page.route(
    (url) => url.pathname === held,
    async (route) => {
      const opened = await Promise.all(gates.map(({ opened }) => opened));
      release = opened.every((how) => how === 'by the next request')
        ? 'by the next request'
        : 'by the time limit';
      await route.continue();
    },
  );
  return () => release;
}

test('the Transactieoverzicht asks for its payments, review summary and history panel beside the initiative or activity', async ({
  page,
  request,
}) => {
  const { root, owner, initiative } = await initiativeOwner(
    request,
    { first_name: 'Vroege', last_name: 'Vraag' },
    'Vroege vraag',
  );
  const activity = await root.activity(initiative.id, {
    name: `Buurtfeest ${uniqueId()}`,
    description: 'Een feest.',
    purpose: 'Samen',
    target_audience: 'Buren',
    budget: 100,
  });
  await loginAs(page, owner.email, owner.password);

  const payments = `/api/payments/initiative/${initiative.id}`;
  // The history panel's question, whether the reader is an administrator, goes beside them too.
  const isAdmin = /^\/api\/auth\/entity-access\/actions\?entity_class=User$/;
  const initiativeHeld = await holdUntilAsked(page, `/api/initiative/${initiative.id}`, [
    new RegExp(`^${payments}\\?`),
    new RegExp(`^${payments}/review$`),
    isAdmin,
  ]);
  await page.goto(`/funds/${initiative.id}/transactieoverzicht`);
  await expect(page.getByText('Geen transacties gevonden')).toBeVisible();
  expect(initiativeHeld(), 'the initiative').toBe('by the next request');

  await page.unrouteAll();
  const activityHeld = await holdUntilAsked(
    page,
    `/api/initiative/${initiative.id}/activity/${activity.id}`,
    [new RegExp(`^${payments}/activity/${activity.id}\\?`), isAdmin],
  );
  await page.goto(`/funds/${initiative.id}/activities/${activity.id}/transactieoverzicht`);
  await expect(page.getByText('Geen transacties gevonden')).toBeVisible();
  expect(activityHeld(), 'the activity').toBe('by the next request');
});
