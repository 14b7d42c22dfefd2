// End-to-end tests: `npx playwright test -c apps/web/playwright.config.ts` (or `npm test`).
// Uses Debian's chromium (apt-get install chromium); never `npx playwright install`.
// The web server is `npm run e2e:server` at the repo root: it builds/starts the app on a fresh,
// empty data directory with one administrator, and opens its mailbox (http://127.0.0.1:8124)
// when ready.
import { defineConfig } from '@playwright/test';

// The web tsconfig has DOM types, not Node's; this file only needs process.env.
declare const process: { env: Record<string, string | undefined> };

// E2E_PORT lets two runs share a machine; the mailbox listens on the next port. The second app,
// with the other provider's sandbox bank, sits ten ports up so its mailbox and SMTP ports do not
// collide with the first's.
const port = Number(process.env.E2E_PORT ?? 8123);
const baseURL = `http://127.0.0.1:${port}`;
const enableBankingPort = port + 10;
const isCI = !!process.env.CI && process.env.CI !== 'false';

export default defineConfig({
  testDir: 'e2e',
  outputDir: `test-results/${port}`,
  fullyParallel: false,
  workers: 1,
  retries: isCI ? 1 : 0,
  forbidOnly: isCI,
  timeout: 30_000,
  expect: { timeout: 5_000 },
  reporter: 'list',
  use: {
    baseURL,
    browserName: 'chromium',
    locale: 'nl-NL',
    timezoneId: 'Europe/Amsterdam',
    // Recording a trace of every test cost an eighth of the run (modals.spec 128 → 112 s); a test
    // that fails is run once more in CI, and that run records one (locally: --trace on).
    trace: 'on-first-retry',
    // The users' 'reduce motion' setting, which the app honours (global.css): animations end at
    // once, so Chromium stops painting spinner and progress-bar frames no test looks at. The
    // browser's compositor used half as much CPU over the bank-account specs.
    reducedMotion: 'reduce',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [
    {
      // Every spec, against the app whose sandbox bank is GoCardless's.
      name: 'gocardless',
      metadata: { sandboxBank: 'Sandbox Finance' },
    },
    {
      // The bank-link story once more against Enable Banking's sandbox bank.
      name: 'enablebanking',
      testMatch: /bank-links\.spec\.ts$/,
      use: { baseURL: `http://127.0.0.1:${enableBankingPort}` },
      metadata: { sandboxBank: 'Mock ASPSP' },
    },
  ],
  // Started in this order, each once the one before answers: the first builds the app (unless
  // E2E_SKIP_BUILD), the second runs that same build.
  webServer: [
    {
      command: 'npm run e2e:server',
      // Relative to this file: the repo root.
      cwd: '../..',
      env: { BANK_PROVIDER: 'gocardless' },
      // The mailbox, not the app: it opens only once the first administrator can log in.
      url: `http://127.0.0.1:${port + 1}/messages`,
      reuseExistingServer: false,
      timeout: 180_000,
      stdout: 'pipe',
      stderr: 'pipe',
    },
    {
      command: 'npm run e2e:server',
      cwd: '../..',
      env: {
        BANK_PROVIDER: 'enablebanking',
        E2E_PORT: String(enableBankingPort),
        E2E_SKIP_BUILD: '1',
      },
      url: `http://127.0.0.1:${enableBankingPort + 1}/messages`,
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: 'pipe',
      stderr: 'pipe',
    },
  ],
});
