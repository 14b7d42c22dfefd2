/**
 * The first page's files arrive side by side rather than one after another. /funds is in the
 * entry chunk; its route's catalog is asked for while the language catalog is on its way, and
 * the data while the catalogs are. Each step is held back until the next one has been asked for;
 * a chain would stall there and fall through to the time limit instead.
 */
import { expect, test, type Page } from '@playwright/test';

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
