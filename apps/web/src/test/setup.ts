// Vitest setup for apps/web (jsdom). Registered in the root vitest.config.ts, project "web".
import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { configureApi } from '../lib/api-config';
import { i18next, initI18n, resourcesFromModules } from '../lib/i18n';
import { checkResponse } from '../lib/response-check';

/*
 * console.error guard: any console.error during a test fails that test (React reports bad
 * props, act() problems, failed prop types, missing keys, ... through console.error).
 *
 * A test that expects an error opts out by spying on it, which also silences it:
 *
 *   const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
 *   ...
 *   expect(consoleError).toHaveBeenCalled();
 *
 * How: before each test console.error is replaced by `guard`, which records the call and still
 * prints it. After the test, if console.error is still `guard` (nobody spied on it) and it was
 * called, the afterEach hook throws, which fails the test. A test's vi.spyOn replaces `guard`, so
 * its calls are the test's business; `restoreMocks: true` removes the spy before the next test.
 */
const originalConsoleError = console.error;
const recordedErrors: unknown[][] = [];

function guard(...args: unknown[]): void {
  recordedErrors.push(args);
  originalConsoleError.apply(console, args);
}

function describeArg(arg: unknown): string {
  if (arg instanceof Error) return arg.stack ?? arg.message;
  if (typeof arg === 'string') return arg;
  try {
    return JSON.stringify(arg) ?? String(arg);
  } catch {
    return String(arg);
  }
}

/** Renders a console.error call roughly like the console does (printf-style %s/%d/%o). */
function describeCall(args: unknown[]): string {
  const [first, ...rest] = args;
  if (typeof first !== 'string') return args.map(describeArg).join(' ');
  const message = first.replace(/%[sdifoOc]/g, (token) => {
    if (rest.length === 0) return token;
    const value = rest.shift();
    return token === '%c' ? '' : describeArg(value);
  });
  return [message, ...rest.map(describeArg)].join(' ');
}

beforeEach(() => {
  recordedErrors.length = 0;
  console.error = guard;
});

afterEach(() => {
  // Unmount first: effects' cleanups may log as well.
  cleanup();
  const optedOut = console.error !== guard;
  const calls = recordedErrors.splice(0);
  console.error = originalConsoleError;
  if (!optedOut && calls.length > 0) {
    const first = describeCall(calls[0] ?? []);
    throw new Error(
      `console.error was called ${calls.length} time(s) during this test. First call:\n${first}\n` +
        "If this error is expected, opt out with vi.spyOn(console, 'error').mockImplementation(() => {}) and assert on it.",
    );
  }
});

// Route modules load lazily, and the first test of a file waits for Vite to transform them: with
// the API suite on the other core that took over 5 s for the transactions page. A wait ends as
// soon as its state is there, so a generous limit costs nothing when things go well.
configure({ asyncUtilTimeout: 15_000 });

// Every answer a test serves is checked against its contract, as the dev server does.
configureApi({ checkResponse });

/*
 * App-specific setup (apps/web): i18next with every catalog bundled (no lazy loading in tests),
 * Dutch by default; a clean localStorage and no stubbed globals (fetch) between tests.
 */
const catalogs = import.meta.glob('../locales/*/*.json', { eager: true, import: 'default' });
await initI18n({ resources: resourcesFromModules(catalogs), language: 'nl' });

beforeEach(async () => {
  localStorage.clear();
  if (i18next.language !== 'nl') await i18next.changeLanguage('nl');
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});
