/**
 * Shared helpers of the end-to-end specs (the server is scripts/e2e-server.mjs: the built app on
 * :8123 with the demo seed, mail caught on :8124).
 *
 *   await loginAs(page, DEMO.admin, DEMO_PASSWORD);
 *   await expectNoA11yViolations(page);
 *   const mail = await latestMailTo('someone@example.test');
 *   const token = await apiToken(request, DEMO.admin, DEMO_PASSWORD);
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, type APIRequestContext, type Page } from '@playwright/test';

/** Every demo account has this password (apps/api/src/db/seed.ts). */
export const DEMO_PASSWORD = 'helder-demo';
export const DEMO = {
  superuser: 'super@helder.demo',
  admin: 'beheer@helder.demo',
  financial: 'financieel@helder.demo',
  user: 'lotte@helder.demo',
} as const;

export const MAILBOX_URL = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 8123) + 1}/messages`;
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** An e-mail address no other test (or earlier run) uses. */
export function uniqueEmail(prefix = 'e2e'): string {
  const suffix = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
  return `${prefix}-${suffix}@example.test`;
}

/** Logs in through the login modal (/login) and waits until it has closed. */
export async function loginAs(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/login');
  const dialog = page.getByRole('dialog', { name: 'Inloggen' });
  await dialog.getByLabel('E-mailadres').fill(email);
  await dialog.getByLabel('Wachtwoord', { exact: true }).fill(password);
  await dialog.getByRole('button', { name: 'Login' }).click();
  await expect(dialog).toBeHidden();
  await expect(page).not.toHaveURL(/\/login/);
}

/** Logs out through the side menu (at desktop widths). */
export async function logout(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Uitloggen' }).click();
  await expect(page.getByRole('link', { name: 'Inloggen' })).toBeVisible();
}

/** Waits until no finite CSS animation (modal fades) is running; spinners keep spinning. */
async function waitForAnimations(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) =>
          animation.playState !== 'running' ||
          animation.effect?.getComputedTiming().iterations === Infinity,
      ),
  );
}

/** Runs axe (WCAG 2.0/2.1 A and AA) on the current screen and expects no violations. */
export async function expectNoA11yViolations(page: Page): Promise<void> {
  await waitForAnimations(page);
  const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  const summary = results.violations.map((violation) => ({
    id: violation.id,
    help: violation.help,
    nodes: violation.nodes.map((node) => node.target.join(' ')),
  }));
  expect(summary, `axe violations on ${page.url()}`).toEqual([]);
}

export interface Mail {
  to: string[];
  subject: string;
  text: string;
  html: string;
}

/** The newest mail to `email` (polls the mailbox until one arrives, 10 s at most). */
export async function latestMailTo(email: string, timeoutMs = 10_000): Promise<Mail> {
  const wanted = email.toLowerCase();
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const response = await fetch(MAILBOX_URL);
    const messages = (await response.json()) as Mail[];
    const mail = messages.filter((m) => m.to.some((to) => to.toLowerCase() === wanted)).at(-1);
    if (mail) return mail;
    if (Date.now() > deadline) throw new Error(`No mail to ${email} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** The first link in a mail whose path is `path` (e.g. '/reset-password'), as path + query. */
export function linkInMail(mail: Mail, path = '/reset-password'): string {
  const pattern = new RegExp(`https?://[^\\s"'<>]+${path.replace(/[/]/g, '\\/')}\\?[^\\s"'<>]+`);
  const found = pattern.exec(mail.text) ?? pattern.exec(mail.html);
  if (!found) throw new Error(`No ${path} link in the mail "${mail.subject}"`);
  const url = new URL(found[0].replace(/&amp;/g, '&'));
  return `${url.pathname}${url.search}`;
}

/** A bearer token for API calls in a test (POST /api/auth/jwt/login, form-encoded). */
export async function apiToken(
  request: APIRequestContext,
  email: string,
  password: string,
): Promise<string> {
  const response = await request.post('/api/auth/jwt/login', {
    form: { username: email, password, grant_type: 'password' },
  });
  expect(response.status(), await response.text()).toBe(200);
  const { access_token } = (await response.json()) as { access_token: string };
  return access_token;
}

export interface CreatedUser {
  id: number;
  email: string;
}

/** Invites a user through the API (POST /api/user, JSON) with an admin's token. */
export async function createUser(
  request: APIRequestContext,
  token: string,
  body: { email: string; first_name?: string; last_name?: string; role?: string },
): Promise<CreatedUser> {
  const response = await request.post('/api/user', {
    headers: { Authorization: `Bearer ${token}` },
    data: body,
  });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as CreatedUser;
}
