/**
 * The first page's files arrive side by side rather than one after another: the router starts
 * loading the page's route module while the language catalog is on its way, and the route's
 * catalogs while its module is. Each step is held back until the next one has been asked for; a
 * chain would stall there and fall through to the time limit instead.
 */
import { expect, test, type Page } from '@playwright/test';

/** Texts that mark the Dutch catalogs in the build (from locales/nl). */
const COMMON_CATALOG = 'Direct naar de inhoud';
const INITIATIVES_CATALOG = 'Lijst met initiatieven';
const LIST_MODULE = /\/assets\/initiatives\.list-[\w-]+\.js$/;

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
  const listModule = gate();
  const released: { common?: Release; listModule?: Release } = {};
  await page.route('**/assets/*.js', async (route) => {
    const isListModule = LIST_MODULE.test(route.request().url());
    if (isListModule) common.open();
    const response = await route.fetch();
    const body = await response.text();
    if (body.includes(INITIATIVES_CATALOG)) listModule.open();
    if (body.includes(COMMON_CATALOG)) released.common = await common.opened;
    if (isListModule) released.listModule = await listModule.opened;
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

test('/funds loads its route module beside the language catalog, and its catalogs beside it', async ({
  page,
}) => {
  const released = await holdScripts(page);
  await page.goto('/funds');
  await expect(page.getByRole('heading', { level: 1, name: 'Initiatieven' })).toBeVisible();
  expect(released.common, 'the language catalog').toBe('by the next request');
  expect(released.listModule, 'the route module').toBe('by the next request');
});
