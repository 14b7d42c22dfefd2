import { beforeAll, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { users } from '../../db/schema';
import type { ParsedMail } from 'mailparser';
import { signUnsubscribeToken } from '../../lib/jwt';
import type { TestApp } from '../../test/app';
import { createUser, type CreatedUser } from '../../test/factories';
import { createFunderTree } from '../../test/funder-factories';
import { nextIp, postJson } from '../../test/http';
import { multipart } from '../../test/multipart';
import {
  addActivityOwner,
  addInitiativeOwner,
  createActivity,
  createInitiative,
  createPayment,
} from '../../test/initiative-factories';
import { useSmtpApp } from '../../test/smtp';
import { sendReceiptReminders, type RemindersDeps } from './reminders.jobs';

const scene = useSmtpApp();
let t: TestApp;
let deps: RemindersDeps;
/** What `app.inject` answers. */
type Injected = Awaited<ReturnType<TestApp['app']['inject']>>;
const NOW = new Date('2026-11-23T06:00:00Z');

beforeAll(() => {
  t = scene.t;
  t.clock.now = NOW;
  deps = {
    db: t.database.db,
    mail: scene.mailbox.mail,
    clock: () => t.clock.now,
    log: scene.mailbox.log,
    publicUrl: t.config.publicUrl,
    secret: t.config.secretKey,
  };
});

/** Spaces as a reader sees them: Intl puts no-break spaces in amounts and dates. */
const plain = (s: string | false | undefined) => String(s).replace(/[\u00a0\u202f]/g, ' ');

it('mails each owner the list in their language, with links to the payments and a working unsubscribe link', async () => {
  const { grant } = await createFunderTree(t);
  const initiative = await createInitiative(t, grant.id, { name: 'Buurtmoestuin' });
  const activity = await createActivity(t, initiative.id, { name: 'Zaaidag' });
  const [nl, en, fy] = [await createUser(t), await createUser(t), await createUser(t)];
  await t.database.db.update(users).set({ language: 'en' }).where(eq(users.id, en.user.id));
  await t.database.db.update(users).set({ language: 'fy' }).where(eq(users.id, fy.user.id));
  await addInitiativeOwner(t, initiative.id, nl.user.id);
  await addInitiativeOwner(t, initiative.id, fy.user.id);
  await addActivityOwner(t, activity.id, en.user.id);
  const seeds = await createPayment(t, {
    initiativeId: initiative.id,
    amountCents: -2_550,
    bookingDate: new Date('2026-11-01T10:00:00Z'),
    creditorName: 'Tuincentrum De Groene Vinger',
  });
  const tools = await createPayment(t, {
    activityId: activity.id,
    amountCents: -1_200,
    bookingDate: new Date('2026-10-20T10:00:00Z'),
    creditorName: null,
  });

  await sendReceiptReminders(deps);
  const received = await scene.mailbox.arrived(3);
  const to = (address: string) => {
    const mail = received.find((m) => m.to && !Array.isArray(m.to) && m.to.text === address);
    expect(mail, address).toBeDefined();
    return mail!;
  };

  const seedsLink = `http://helder.test/funds/${initiative.id}/${seeds.id}/details`;
  const toolsLink = `http://helder.test/funds/${initiative.id}/activities/${activity.id}/${tools.id}/details`;
  const dutch = to(nl.user.email);
  expect(dutch.subject).toBe('Uitgaven zonder bon');
  const text = plain(dutch.text);
  expect(text).toContain('Bij 2 uitgaven van meer dan 14 dagen geleden ontbreekt nog een bon:');
  expect(text).toContain(
    `- 20 okt 2026 · onbekende ontvanger · € -12,00 · Buurtmoestuin / Zaaidag\n  ${toolsLink}`,
  );
  expect(text).toContain(
    `- 1 nov 2026 · Tuincentrum De Groene Vinger · € -25,50 · Buurtmoestuin\n  ${seedsLink}`,
  );
  expect(plain(dutch.html)).toContain('<html lang="nl">');
  expect(plain(dutch.html)).toContain(`<a href="${seedsLink}">1 nov 2026 · Tuincentrum`);

  const english = to(en.user.email);
  expect(english.subject).toBe('Expenses without a receipt');
  expect(plain(english.text)).toContain(
    '1 expense from more than 14 days ago still has no receipt:',
  );
  expect(plain(english.text)).toContain(
    `- 20 Oct 2026 · unknown recipient · -€12.00 · Buurtmoestuin / Zaaidag\n  ${toolsLink}`,
  );
  expect(plain(english.text)).not.toContain(seedsLink);

  const frisian = to(fy.user.email);
  expect(frisian.subject).toBe('Útjeften sûnder bon');
  expect(plain(frisian.text)).toContain(
    'By 2 útjeften fan mear as 14 dagen lyn ûntbrekt noch in bon:',
  );
  expect(plain(frisian.html)).toContain('<html lang="fy">');

  // The unsubscribe link of the Dutch mail turns her reminders off; the others still get theirs.
  const link = /http:\/\/helder\.test\/reminders\/unsubscribe\?token=(\S+)/.exec(text);
  expect(link).not.toBeNull();
  expect(plain(dutch.html)).toContain('Afmelden voor herinneringen over bonnen');
  const res = await postJson(t, '/api/reminders/unsubscribe', {
    token: decodeURIComponent(link![1]!),
  });
  expect(res.statusCode).toBe(200);
  scene.mailbox.received.length = 0;
  t.clock.now = new Date(NOW.getTime() + 7 * 86_400_000);
  await sendReceiptReminders(deps);
  const later = await scene.mailbox.arrived(2);
  expect(later.map((m) => (Array.isArray(m.to) ? '' : m.to?.text)).sort()).toEqual(
    [en.user.email, fy.user.email].sort(),
  );
});

/** A header's value as sent, its folding undone. */
const rawHeader = (mail: ParsedMail, name: string) =>
  mail.headerLines
    .find((h) => h.key === name)
    ?.line.slice(name.length + 1)
    .replace(/\r?\n[ \t]+/g, ' ')
    .trim();

it('offers the one-click unsubscribe of RFC 8058 on an https site, and a POST to its link turns the reminders off', async () => {
  const { grant } = await createFunderTree(t);
  const initiative = await createInitiative(t, grant.id);
  const [multipartUser, formUser] = [await createUser(t), await createUser(t)];
  for (const owner of [multipartUser, formUser]) {
    await addInitiativeOwner(t, initiative.id, owner.user.id);
  }
  await createPayment(t, {
    initiativeId: initiative.id,
    amountCents: -700,
    bookingDate: new Date('2026-11-20T10:00:00Z'),
  });
  // A plain-http site (the first test's) sends no List-Unsubscribe: the RFC wants https.
  expect(scene.mailbox.received.every((m) => rawHeader(m, 'list-unsubscribe') === undefined)).toBe(
    true,
  );
  scene.mailbox.received.length = 0;
  t.clock.now = new Date(NOW.getTime() + 21 * 86_400_000);
  await sendReceiptReminders({ ...deps, publicUrl: 'https://helder.example' });
  await vi.waitFor(() => expect(scene.mailbox.received.length).toBeGreaterThanOrEqual(2));

  const oneClick = async (owner: CreatedUser, send: (path: string) => Promise<Injected>) => {
    const mail = scene.mailbox.received.find(
      (m) => !Array.isArray(m.to) && m.to?.text === owner.user.email,
    )!;
    const header = rawHeader(mail, 'list-unsubscribe');
    const link = /^<(https:\/\/helder\.example\/reminders\/unsubscribe\?token=[^>\s]+)>$/.exec(
      header ?? '',
    );
    expect(link, header).not.toBeNull();
    expect(rawHeader(mail, 'list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    // The link is the page's, also in the mail's text.
    expect(mail.text).toContain(link![1]);
    const url = new URL(link![1]!);
    const path = `${url.pathname}${url.search}`;
    // Opening the link (a person, or a scanner that follows links) turns nothing off: it is the
    // web's page where a built web app is served, and no route of the API otherwise.
    expect([200, 404]).toContain((await t.app.inject({ url: path })).statusCode);
    expect(await remindersOn(owner)).toBe(true);
    const res = await send(path);
    expect(res.statusCode, res.body).toBe(200);
    expect(await remindersOn(owner)).toBe(false);
    // A second click, as the RFC's retries may make, answers the same.
    expect((await send(path)).statusCode).toBe(200);
  };
  const remindersOn = async (owner: CreatedUser) =>
    (
      await t.database.db
        .select({ on: users.receiptReminders })
        .from(users)
        .where(eq(users.id, owner.user.id))
    )[0]!.on;

  // As RFC 8058's own example sends it: multipart/form-data.
  await oneClick(multipartUser, async (path) => {
    const form = await multipart({ 'List-Unsubscribe': 'One-Click' });
    return t.app.inject({ method: 'POST', url: path, ...form, remoteAddress: nextIp() });
  });
  await oneClick(formUser, (path) =>
    t.app.inject({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
      remoteAddress: nextIp(),
    }),
  );
});

it('refuses a one-click POST without the form, with another form or without a good token', async () => {
  const owner = await createUser(t);
  const token = await signUnsubscribeToken(t.config.secretKey, owner.user.id, t.clock.now);
  const path = `/reminders/unsubscribe?token=${encodeURIComponent(token)}`;
  const post = (url: string, type: string | undefined, payload: string) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: type ? { 'content-type': type } : {},
      payload,
      remoteAddress: nextIp(),
    });
  const form = 'application/x-www-form-urlencoded';
  const cases: Array<[string, Promise<Injected>, number, string]> = [
    ['another value', post(path, form, 'List-Unsubscribe=Yes'), 422, 'VALIDATION_ERROR'],
    ['no form', post(path, undefined, ''), 415, 'UNSUPPORTED_MEDIA_TYPE'],
    ['JSON', post(path, 'application/json', '{"token":"x"}'), 415, 'UNSUPPORTED_MEDIA_TYPE'],
    [
      'a broken multipart body',
      post(path, 'multipart/form-data; boundary=x', '--x\r\nbad'),
      400,
      'BAD_REQUEST',
    ],
    [
      'a body over 4 KB',
      post(path, form, `List-Unsubscribe=One-Click&x=${'a'.repeat(5000)}`),
      413,
      'PAYLOAD_TOO_LARGE',
    ],
    [
      'no token',
      post('/reminders/unsubscribe', form, 'List-Unsubscribe=One-Click'),
      400,
      'BAD_TOKEN',
    ],
    ['two tokens', post(`${path}&token=x`, form, 'List-Unsubscribe=One-Click'), 400, 'BAD_TOKEN'],
    [
      'a bad token',
      post('/reminders/unsubscribe?token=a.b.c', form, 'List-Unsubscribe=One-Click'),
      400,
      'BAD_TOKEN',
    ],
  ];
  for (const [label, response, status, code] of cases) {
    const res = await response;
    expect(res.statusCode, label).toBe(status);
    expect(res.json(), label).toMatchObject({ code });
    expect(typeof res.json<{ detail: unknown }>().detail, label).toBe('string');
  }
  const [row] = await t.database.db
    .select({ on: users.receiptReminders })
    .from(users)
    .where(eq(users.id, owner.user.id));
  expect(row!.on).toBe(true);
});
