import { beforeAll, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { users } from '../../db/schema';
import type { TestApp } from '../../test/app';
import { createUser } from '../../test/factories';
import { createFunderTree } from '../../test/funder-factories';
import { postJson } from '../../test/http';
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
