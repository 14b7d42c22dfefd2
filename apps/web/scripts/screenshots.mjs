#!/usr/bin/env node
// `npm run screenshots [-- --lang en|fy] [--out DIR] [--only ROLE]`: PNGs of every screen and
// modal at 375 and 1280 px, from the demo data, as each role sees them, so that anyone can look
// over the whole product in minutes. Builds the app (unless SCREENSHOTS_SKIP_BUILD=1), starts it
// on a fresh demo data directory, and writes `<out>/<lang>/<role>/<width>/<nn>-<screen>.png`
// (default out: ./screenshots). Uses Debian's chromium, as the e2e tests do.
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { setTimeout as sleep } from 'node:timers/promises';
import { chromium } from '@playwright/test';

const root = path.resolve(import.meta.dirname, '../../..');
const { values: options } = parseArgs({
  options: {
    lang: { type: 'string', default: 'nl' },
    out: { type: 'string', default: path.join(root, 'screenshots') },
    only: { type: 'string' },
  },
});
if (!['nl', 'en', 'fy'].includes(options.lang)) {
  console.error(`--lang must be nl, en or fy, not ${options.lang}`);
  process.exit(2);
}

const PORT = Number(process.env.SCREENSHOTS_PORT ?? 8190);
const APP = `http://127.0.0.1:${PORT}`;
const DEMO_PASSWORD = 'helder-demo';
const WIDTHS = [375, 1280];

if (process.env.SCREENSHOTS_SKIP_BUILD !== '1') {
  for (const workspace of ['@helder/web', '@helder/api']) {
    const build = spawnSync('npm', ['run', 'build', '-w', workspace], { stdio: 'inherit' });
    if (build.status !== 0) process.exit(build.status ?? 1);
  }
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'helder-screenshots-'));
const server = spawn(process.execPath, ['apps/api/dist/server.mjs'], {
  cwd: root,
  stdio: ['ignore', 'ignore', 'inherit'],
  env: {
    ...process.env,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(PORT),
    PUBLIC_URL: APP,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    AUTH_RATE_LIMIT: '1000',
  },
});
const stop = () => {
  server.kill('SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
};
process.on('exit', stop);
process.on('SIGINT', () => {
  stop();
  process.exit(130);
});

for (let i = 0; ; i += 1) {
  try {
    if ((await fetch(`${APP}/api/health`)).ok) break;
  } catch {
    // not listening yet
  }
  if (i > 600 || server.exitCode !== null) {
    stop();
    throw new Error('The demo server did not start');
  }
  await sleep(200);
}

async function api(pathname, token) {
  const response = await fetch(`${APP}/api${pathname}`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  if (!response.ok) throw new Error(`GET ${pathname}: ${response.status}`);
  return response.json();
}
/** The list of a list answer: `{initiatives: [...]}` and the like. */
const items = (body) =>
  Array.isArray(body) ? body : (Object.values(body).find((value) => Array.isArray(value)) ?? []);

async function login(email) {
  const response = await fetch(`${APP}/api/auth/jwt/login`, {
    method: 'POST',
    body: new URLSearchParams({ username: email, password: DEMO_PASSWORD, grant_type: 'password' }),
  });
  if (!response.ok) throw new Error(`Logging in as ${email}: ${response.status}`);
  const { access_token: token } = await response.json();
  const { sub } = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString());
  return { token, userId: Number(sub) };
}

// The demo's ids, found through the public API: the initiative with the most activities.
const initiatives = items(await api('/initiatives'));
const details = await Promise.all(initiatives.map((i) => api(`/initiative/${i.id}`)));
const initiative = details.sort(
  (a, b) => (b.activities?.length ?? 0) - (a.activities?.length ?? 0),
)[0];
const activity = initiative.activities?.[0];
const payments = items(await api(`/payments/initiative/${initiative.id}`));
const payment = payments[0]?.payment ?? payments[0];
const funder = items(await api('/funders'))[0];
const regulation = items(await api(`/funder/${funder.id}/regulations`))[0];
const grant = (await api(`/funder/${funder.id}/regulation/${regulation.id}`)).grants?.[0];

const fund = `/funds/${initiative.id}`;
const act = activity ? `${fund}/activities/${activity.id}` : null;
const reg = `/sponsors/${funder.id}/regulations/${regulation.id}`;

/** What each role looks at: [name, path] (modals are routes, so they are paths too). */
function screensOf(role, userId) {
  const publicScreens = [
    ['funds', '/funds'],
    ['initiative', `${fund}/transactieoverzicht`],
    ['initiative-activities', `${fund}/activiteiten`],
    ['initiative-details', `${fund}/details`],
    ['initiative-sponsors', `${fund}/sponsoren`],
    ['initiative-media', `${fund}/media`],
    ['initiative-owners', `${fund}/gebruikers`],
    ['activities', `${fund}/activities`],
    act && ['activity', `${act}/transactieoverzicht`],
    act && ['activity-details', `${act}/details`],
    act && ['activity-media', `${act}/media`],
    payment && ['payment-details', `${fund}/${payment.id}/details`],
    ['not-found', '/nope'],
  ];
  if (role === 'visitor') {
    return [
      ...publicScreens,
      ['login', '/login'],
      ['request-new-password', '/account-recovery'],
      ['permission-checker', '/permission-checker'],
    ].filter(Boolean);
  }
  const own = [
    ['contacts', '/contacts'],
    ['contact-self', `/contacts/${userId}`],
    ['edit-profile', `/contacts/${userId}/edit-profile`],
    ['edit-settings', `/contacts/${userId}/edit-settings`],
    ['change-password', `/contacts/${userId}/change-password`],
    ['transactions', '/transactions'],
    ['banks', '/transactions/bankconnections'],
    ['add-bank', '/transactions/bankconnections/add-bank'],
    ['sponsors', '/sponsors'],
    ['regulation', reg],
  ];
  const spending = [
    ['edit-initiative', `${fund}/edit-fund`],
    ['add-activity', `${fund}/add-activity`],
    ['add-payment', `${fund}/add-payment`],
    ['filter-payment', `${fund}/filter-payment`],
    ['link-owners', `${fund}/gebruikers/link-owners`],
    act && ['edit-activity', `${act}/edit-activity`],
  ];
  const sponsors = [
    ['add-regulation', `/sponsors/${funder.id}/regulations/add-regulation`],
    ['edit-regulation', `${reg}/edit-regulation`],
    ['add-grant', `${reg}/add-grant`],
    ['grant-officers', `${reg}/add-employee`],
    grant && ['edit-grant', `${reg}/edit-grant/${grant.id}`],
    grant && ['overseers', `${reg}/overseers/${grant.id}`],
  ];
  const admin = [
    ['add-user', '/contacts/add-user'],
    ['add-sponsor', '/sponsors/add-sponsor'],
    ['edit-sponsor', `/sponsors/${funder.id}/edit-sponsor`],
  ];
  const byRole = {
    owner: [...publicScreens, ...own, ...spending],
    officer: [...publicScreens, ...own, ...sponsors],
    admin: [...publicScreens, ...own, ...spending, ...sponsors, ...admin],
    financial: [...publicScreens, ...own],
  };
  return byRole[role].filter(Boolean);
}

const ROLES = [
  ['visitor', null],
  ['owner', 'initiatief@helder.demo'],
  ['officer', 'subsidie@helder.demo'],
  ['financial', 'financieel@helder.demo'],
  ['admin', 'beheer@helder.demo'],
];

const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--no-first-run'],
});
let count = 0;
try {
  for (const [role, email] of ROLES) {
    if (options.only && options.only !== role) continue;
    const session = email ? await login(email) : null;
    for (const width of WIDTHS) {
      const context = await browser.newContext({
        baseURL: APP,
        viewport: { width, height: width < 768 ? 812 : 900 },
        locale: 'nl-NL',
        timezoneId: 'Europe/Amsterdam',
      });
      await context.addInitScript(
        ([token, lang]) => {
          if (token) localStorage.setItem('helder.token', token);
          localStorage.setItem('helder.language', lang);
        },
        [session?.token ?? null, options.lang],
      );
      const page = await context.newPage();
      const dir = path.join(options.out, options.lang, role, String(width));
      mkdirSync(dir, { recursive: true });
      const screens = screensOf(role, session?.userId);
      for (const [index, [name, url]] of screens.entries()) {
        await page.goto(url);
        // Settled: no request in flight, no spinner, fonts and pictures drawn.
        await page.waitForLoadState('networkidle');
        await page
          .locator('[aria-busy="true"], [role="progressbar"]')
          .first()
          .waitFor({ state: 'hidden', timeout: 5_000 })
          .catch(() => undefined);
        const file = path.join(dir, `${String(index + 1).padStart(2, '0')}-${name}.png`);
        await page.screenshot({ path: file, fullPage: true });
        count += 1;
      }
      await context.close();
    }
  }
} finally {
  await browser.close();
  stop();
}
console.log(`${count} screenshots in ${path.join(options.out, options.lang)}`);
