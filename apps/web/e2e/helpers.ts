/**
 * Shared helpers of the end-to-end specs (the server is scripts/e2e-server.mjs: the built app on
 * :8123 with no data but one administrator, mail caught on :8124). Every test builds the world
 * it needs through the API, with names no other test or run uses.
 *
 *   const root = await Api.login(request, ROOT);
 *   const admin = await root.account({ role: 'administrator', first_name: 'Mark' });
 *   await loginAs(page, admin.email, admin.password);
 *   await expectNoA11yViolations(page);
 *   const mail = await latestMailTo('someone@example.test');
 */
import AxeBuilder from '@axe-core/playwright';
import type { Activity, ActivityInput } from '@helder/shared/activities';
import type { Funder } from '@helder/shared/funders';
import type { Grant } from '@helder/shared/grants';
import type { Initiative, InitiativeInput } from '@helder/shared/initiatives';
import type { Payment, PaymentInput } from '@helder/shared/payments';
import type { OfficerRole, Regulation } from '@helder/shared/regulations';
import type { InviteUserInput, User } from '@helder/shared/users';
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import type { StatementFile } from './statements';

/** The first administrator, made by scripts/e2e-server.mjs (same credentials there). */
export const ROOT = { email: 'root@example.test', password: 'e2e-root-wachtwoord' } as const;

/** The mailbox of the app the running test's project talks to: the port after the app's. */
function mailboxUrl(): string {
  const app = new URL(test.info().project.use.baseURL ?? 'http://127.0.0.1:8123');
  return `http://${app.hostname}:${Number(app.port) + 1}/messages`;
}
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** A short id no other test (or earlier run) uses, for names and e-mail addresses. */
export function uniqueId(): string {
  return `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
}

/** An e-mail address no other test (or earlier run) uses. */
export function uniqueEmail(prefix = 'e2e'): string {
  return `${prefix}-${uniqueId()}@example.test`;
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
  // Legacy mode runs axe where the page is; the default opens a blank page for every check to
  // gather the frames' results in, which cost 0.35 s a check (all the frames here are ours).
  const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).setLegacyMode().analyze();
  const summary = results.violations.map((violation) => ({
    id: violation.id,
    help: violation.help,
    nodes: violation.nodes.map((node) => node.target.join(' ')),
  }));
  expect(summary, `axe violations on ${page.url()}`).toEqual([]);
}

/**
 * Expects an amount cell (BEDRAG) to be on screen whole: inside the viewport's width and not cut
 * off by any box around it that clips, once scrolled to.
 */
export async function expectAmountVisible(cell: Locator): Promise<void> {
  await cell.scrollIntoViewIfNeeded();
  await expect(cell).toBeInViewport({ ratio: 1 });
  const clippedBy = await cell.evaluate((element) => {
    const { left, right } = element.getBoundingClientRect();
    if (left < 0 || right > document.documentElement.clientWidth) return 'the viewport';
    for (let box = element.parentElement; box; box = box.parentElement) {
      if (getComputedStyle(box).overflowX === 'visible') continue;
      const edges = box.getBoundingClientRect();
      if (left < edges.left - 0.5 || right > edges.right + 0.5) return box.className || box.tagName;
    }
    return null;
  });
  expect(clippedBy, 'the amount is cut off by').toBeNull();
}

/** Expects the elements to sit side by side on one line (a tab row that does not wrap). */
export async function expectOneRow(items: Locator): Promise<void> {
  const tops = await items.evaluateAll((elements) =>
    elements.map((element) => Math.round(element.getBoundingClientRect().top)),
  );
  expect(tops.length).toBeGreaterThan(1);
  expect(new Set(tops).size, `tops ${tops.join(', ')}`).toBe(1);
}

/** Expects no box around the element to scroll on its own: only the page does. */
export async function expectNoScrollBoxAround(element: Locator): Promise<void> {
  const box = await element.evaluate((start) => {
    for (let box = start.parentElement; box && box !== document.body; box = box.parentElement) {
      if (/(auto|scroll)/.test(getComputedStyle(box).overflowY)) return box.className;
    }
    return null;
  });
  expect(box, 'a box that scrolls on its own').toBeNull();
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
    const response = await fetch(mailboxUrl());
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

/** A user who can log in: `password` was set through their invitation link. */
export interface Account {
  id: number;
  email: string;
  password: string;
}

/** Where a grant sits in the funder tree (its path in the API). */
export interface GrantPath {
  funderId: number;
  regulationId: number;
  grantId: number;
}

/**
 * The API as one logged-in caller, for building a test's world; every call must succeed.
 * Bodies and paths as in packages/shared/src/<feature>/<feature>.contract.ts.
 */
export class Api {
  private readonly request: APIRequestContext;
  private readonly token: string;

  private constructor(request: APIRequestContext, token: string) {
    this.request = request;
    this.token = token;
  }

  static async login(
    request: APIRequestContext,
    account: { email: string; password: string },
  ): Promise<Api> {
    return new Api(request, await apiToken(request, account.email, account.password));
  }

  private async send<T>(
    method: 'post' | 'patch',
    path: string,
    body: { data: unknown } | { multipart: Record<string, string> },
  ): Promise<T> {
    const response = await this.request[method](`/api${path}`, {
      headers: { Authorization: `Bearer ${this.token}` },
      ...body,
    });
    expect(response.status(), `${method} ${path}: ${await response.text()}`).toBe(200);
    return (await response.json()) as T;
  }

  /** Invites a user (POST /api/user, multipart); the invitation goes out by mail. */
  invite(body: InviteUserInput): Promise<User> {
    const fields = Object.entries(body)
      .filter(([, value]) => value !== undefined && value !== null)
      .map(([key, value]): [string, string] => [key, String(value)]);
    return this.send('post', '/user', { multipart: Object.fromEntries(fields) });
  }

  /**
   * Invites a user with a fresh address (unless given) and sets their password through the
   * mailed link, the way an invitee does.
   */
  async account(body: Partial<InviteUserInput> = {}): Promise<Account> {
    const email = body.email ?? uniqueEmail(body.role ?? 'user');
    const { id } = await this.invite({ ...body, email });
    const link = linkInMail(await latestMailTo(email));
    const token = new URLSearchParams(link.split('?')[1]).get('token');
    const password = `wachtwoord-${uniqueId()}`;
    const reset = await this.request.post('/api/auth/reset-password', {
      data: { token, password },
    });
    expect(reset.status(), await reset.text()).toBe(200);
    return { id, email, password };
  }

  funder(body: { name: string; url: string }): Promise<Funder> {
    return this.send('post', '/funder', { data: body });
  }

  regulation(funderId: number, body: { name: string; description: string }): Promise<Regulation> {
    return this.send('post', `/funder/${funderId}/regulation`, { data: body });
  }

  /** Makes `users` the regulation's grant officers or policy officers. */
  async officers(
    funderId: number,
    regulationId: number,
    role: OfficerRole,
    users: { id: number }[],
  ): Promise<void> {
    await this.send('patch', `/funder/${funderId}/regulation/${regulationId}/officers`, {
      data: { role, user_ids: users.map((user) => user.id) },
    });
  }

  grant(
    funderId: number,
    regulationId: number,
    body: { name: string; reference: string; budget: number },
  ): Promise<Grant> {
    return this.send('post', `/funder/${funderId}/regulation/${regulationId}/grant`, {
      data: body,
    });
  }

  initiative(grant: GrantPath, body: InitiativeInput): Promise<Initiative> {
    const { funderId, regulationId, grantId } = grant;
    return this.send(
      'post',
      `/funder/${funderId}/regulation/${regulationId}/grant/${grantId}/initiative`,
      { data: body },
    );
  }

  /** Makes `users` the initiative's owners (initiatiefnemers). */
  async initiativeOwners(initiativeId: number, users: { id: number }[]): Promise<void> {
    await this.send('patch', `/initiative/${initiativeId}/owners`, {
      data: { user_ids: users.map((user) => user.id) },
    });
  }

  /**
   * A world of its own for one test: a fresh funder, regulation and grant with one initiative
   * named `${name} <ID>`, owned by `owners`. With `reviewers`, the regulation reviews expenses
   * and they oversee the grant (penvoerders). Returns the initiative and the run's unique id.
   */
  async ownedInitiative(
    owners: { id: number }[],
    name: string,
    reviewers: { id: number }[] = [],
  ): Promise<{ initiative: Initiative; id: string }> {
    const id = uniqueId();
    const funder = await this.funder({ name: `Fonds ${id}`, url: `https://${id}.example.nl` });
    const regulation = await this.regulation(funder.id, {
      name: `Wijkbudget ${id}`,
      description: 'Geld voor plannen van bewoners.',
    });
    const grant = await this.grant(funder.id, regulation.id, {
      name: `Wijkbudget ${id} 2026`,
      reference: `E2E-${id}`,
      budget: 5000,
    });
    if (reviewers.length > 0) {
      const path = `/funder/${funder.id}/regulation/${regulation.id}`;
      await this.patch(path, { review_enabled: true });
      await this.patch(`${path}/grant/${grant.id}/overseers`, {
        user_ids: reviewers.map((user) => user.id),
      });
    }
    const initiative = await this.initiative(
      { funderId: funder.id, regulationId: regulation.id, grantId: grant.id },
      {
        name: `${name} ${id.toUpperCase()}`,
        description: 'Een plan van bewoners voor de buurt.',
        purpose: 'Samen iets maken',
        target_audience: 'Buren',
        budget: 2500,
      },
    );
    await this.initiativeOwners(initiative.id, owners);
    return { initiative, id };
  }

  activity(initiativeId: number, body: ActivityInput): Promise<Activity> {
    return this.send('post', `/initiative/${initiativeId}/activity`, { data: body });
  }

  /** A GET as this caller; it must succeed. */
  async get<T = unknown>(path: string): Promise<T> {
    const response = await this.request.get(`/api${path}`, {
      headers: { Authorization: `Bearer ${this.token}` },
    });
    expect(response.status(), `get ${path}: ${await response.text()}`).toBe(200);
    return (await response.json()) as T;
  }

  /** A PATCH as this caller; it must succeed. */
  patch<T = unknown>(path: string, data: object): Promise<T> {
    return this.send('patch', path, { data });
  }

  /** Records a manual payment (POST /api/payment). */
  payment(body: PaymentInput): Promise<Payment> {
    return this.send('post', '/payment', { data: body });
  }

  /** Adds one receipt to a payment (multipart field `files`). */
  async attachment(paymentId: number, file: { name: string; mimeType: string; buffer: Buffer }) {
    const response = await this.request.post(`/api/payment/${paymentId}/attachments`, {
      headers: { Authorization: `Bearer ${this.token}` },
      multipart: { files: file },
    });
    expect(response.status(), await response.text()).toBe(200);
  }
}

/**
 * A fresh account, with the names given, owning the one initiative of a world of its own
 * (Api.ownedInitiative, the initiative named `${name} <ID>`).
 */
export async function initiativeOwner(
  request: APIRequestContext,
  names: { first_name: string; last_name: string },
  name: string,
): Promise<{ root: Api; owner: Account; initiative: Initiative; id: string }> {
  const root = await Api.login(request, ROOT);
  const owner = await root.account(names);
  const { initiative, id } = await root.ownedInitiative([owner], name);
  return { root, owner, initiative, id };
}

/**
 * Imports a statement file for `owner` through the API, in the import dialog's two steps
 * (preview, confirm); `headers` are the owner's (see apiToken).
 */
export async function importStatement(
  request: APIRequestContext,
  owner: Account,
  file: StatementFile,
  headers: { Authorization: string },
): Promise<void> {
  const upload = await request.post(`/api/user/${owner.id}/statement-imports`, {
    headers,
    multipart: { file },
  });
  expect(upload.status(), await upload.text()).toBe(200);
  const preview = (await upload.json()) as { id: number };
  const confirm = await request.post(
    `/api/user/${owner.id}/statement-import/${preview.id}/confirm`,
    { headers },
  );
  expect(confirm.status(), await confirm.text()).toBe(200);
}

/** A small receipt-like PNG (60 × 80), so tests need no image library. */
export const RECEIPT_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAADwAAABQCAMAAAByFOZhAAAADFBMVEX9+/RVVVUAAAAiIiJBe75mAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAANElEQVRYhe3LwQ0AIAjAwKL77+wK8JCg6f0PpBa7gE+ydFckMC/rGZHErCxJarcKMEua4QAhowStwKQwMwAAAABJRU5ErkJggg==',
  'base64',
);
