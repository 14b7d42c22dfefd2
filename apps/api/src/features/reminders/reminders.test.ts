import { and, eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditLog, payments, users } from '../../db/schema';
import { signAccessToken, signUnsubscribeToken } from '../../lib/jwt';
import type { Mailer, MailMessage } from '../../lib/mail';
import { createTestApp, type TestApp } from '../../test/app';
import { createUser, type CreatedUser } from '../../test/factories';
import { createFunderTree } from '../../test/funder-factories';
import { callAs, postJson } from '../../test/http';
import {
  addActivityOwner,
  addInitiativeOwner,
  createActivity,
  createAttachment,
  createInitiative,
  createPayment,
} from '../../test/initiative-factories';
import { isoWeek, sendReceiptReminders, type RemindersDeps } from './reminders.jobs';
import { LINES_PER_MAIL, selectReminders } from './reminders.queries';

const DAY = 86_400_000;
/** A Monday morning, when the cron runs. */
const NOW = new Date('2026-11-23T06:00:00Z');
const ago = (days: number, plusMs = 0) => new Date(NOW.getTime() - days * DAY + plusMs);

let t: TestApp;
let sent: MailMessage[];
let deps: RemindersDeps;
beforeAll(async () => {
  t = await createTestApp();
  t.clock.now = NOW;
});
afterAll(() => t?.close());
beforeEach(() => {
  sent = [];
  t.clock.now = NOW;
  deps = {
    db: t.database.db,
    mail: { send: async (m) => void sent.push(m) },
    clock: () => t.clock.now,
    log: pino({ enabled: false }),
    publicUrl: 'http://helder.test',
    secret: t.config.secretKey,
  };
});

const owner = () => createUser(t, { password: null });
const mailsTo = (who: CreatedUser) => sent.filter((m) => m.to === who.user.email);
const expense = (initiativeId: number, amountCents: number, bookingDate: Date, more = {}) =>
  createPayment(t, { initiativeId, amountCents, bookingDate, creditorName: 'Bakker', ...more });

/** An initiative with an activity; `a` owns the initiative, `b` the activity. */
async function scene() {
  const { grant } = await createFunderTree(t);
  const initiative = await createInitiative(t, grant.id);
  const activity = await createActivity(t, initiative.id);
  const [a, b] = [await owner(), await owner()];
  await addInitiativeOwner(t, initiative.id, a.user.id);
  await addActivityOwner(t, activity.id, b.user.id);
  return { initiative, activity, a, b };
}

async function remindersOf(...who: CreatedUser[]) {
  const ids = new Set(who.map((w) => w.user.id));
  const all = await selectReminders(t.database.db, NOW, isoWeek(NOW));
  return all
    .filter((r) => ids.has(r.userId))
    .map((r) => ({ user: r.userId, total: r.total, payments: r.lines.map((l) => l.paymentId) }));
}

describe('who is reminded of what', () => {
  it('lists expenses older than 14 days without a receipt, to the owners of their initiative and activity', async () => {
    const { initiative, activity, a, b } = await scene();
    const old = await expense(initiative.id, -2_000, ago(20));
    // Too recent, and exactly 14 days: not older than 14 days yet.
    await expense(initiative.id, -3_000, ago(10));
    await expense(initiative.id, -3_100, ago(14));
    const justOver = await expense(initiative.id, -3_200, ago(14, -60_000));
    const withReceipt = await expense(initiative.id, -4_000, ago(20));
    await createAttachment(t, withReceipt.id, 'pdf');
    const ofActivity = await createPayment(t, {
      activityId: activity.id,
      amountCents: -5_000,
      bookingDate: ago(30),
    });
    const hidden = await expense(initiative.id, -700, ago(40), { hidden: true });
    await createPayment(t, {
      initiativeId: initiative.id,
      amountCents: 10_000,
      bookingDate: ago(30),
    });
    const deleted = await expense(initiative.id, -800, ago(50));
    await t.database.db.delete(payments).where(eq(payments.id, deleted.id));

    // Someone else's initiative, with its own owner: not listed to a or b.
    const { grant } = await createFunderTree(t);
    const elsewhere = await createInitiative(t, grant.id);
    const c = await owner();
    await addInitiativeOwner(t, elsewhere.id, c.user.id);
    const theirs = await expense(elsewhere.id, -900, ago(25));

    expect(await remindersOf(a, b, c)).toEqual([
      {
        user: a.user.id,
        total: 4,
        payments: [hidden.id, ofActivity.id, old.id, justOver.id],
      },
      { user: b.user.id, total: 1, payments: [ofActivity.id] },
      { user: c.user.id, total: 1, payments: [theirs.id] },
    ]);
  });

  it('lists a payment once to who owns both its initiative and its activity', async () => {
    const { activity, a } = await scene();
    await addActivityOwner(t, activity.id, a.user.id);
    const p = await createPayment(t, {
      activityId: activity.id,
      amountCents: -1_000,
      bookingDate: ago(20),
    });
    expect(await remindersOf(a)).toEqual([{ user: a.user.id, total: 1, payments: [p.id] }]);
  });

  it('mails nobody who unsubscribed, is deactivated, or has nothing without a receipt', async () => {
    const { initiative, a, b } = await scene();
    await expense(initiative.id, -1_000, ago(20));
    const d = await owner();
    await addInitiativeOwner(t, initiative.id, d.user.id);
    await t.database.db
      .update(users)
      .set({ receiptReminders: false })
      .where(eq(users.id, a.user.id));
    await t.database.db.update(users).set({ isActive: false }).where(eq(users.id, d.user.id));
    await sendReceiptReminders(deps);
    expect(mailsTo(a)).toEqual([]);
    expect(mailsTo(d)).toEqual([]);
    // b owns only the activity, which has no expenses.
    expect(mailsTo(b)).toEqual([]);
  });

  it(`lists the oldest ${LINES_PER_MAIL} in one mail and says how many more there are`, async () => {
    const { initiative, a } = await scene();
    for (let i = 0; i < LINES_PER_MAIL + 2; i++) {
      await expense(initiative.id, -100 - i, ago(15 + i));
    }
    await sendReceiptReminders(deps);
    const [mail] = mailsTo(a);
    expect(mail?.text).toContain(`Bij ${LINES_PER_MAIL + 2} uitgaven van meer dan 14 dagen`);
    expect(mail?.text.match(/^- /gm)).toHaveLength(LINES_PER_MAIL);
    expect(mail?.text).toContain('En nog 2 meer.');
    // The two most recent are the ones left out.
    expect(mail?.text).toMatch(/€\s-1,51 /);
    expect(mail?.text).toMatch(/€\s-1,02 /);
    expect(mail?.text).not.toMatch(/€\s-1,0[01] /);
  });
});

describe('once a week', () => {
  it('mails each user once per ISO week, however often the job runs, and again the next week', async () => {
    const { initiative, a } = await scene();
    await expense(initiative.id, -1_000, ago(20));
    await sendReceiptReminders(deps);
    await sendReceiptReminders(deps);
    // Two runs at once, as two instances would: the claim lets one of them mail.
    await Promise.all([sendReceiptReminders(deps), sendReceiptReminders(deps)]);
    expect(mailsTo(a)).toHaveLength(1);
    // Later the same week (Sunday evening in Amsterdam) is still the same week.
    t.clock.now = new Date('2026-11-29T22:30:00Z');
    await sendReceiptReminders(deps);
    expect(mailsTo(a)).toHaveLength(1);
    t.clock.now = new Date(NOW.getTime() + 7 * DAY);
    await sendReceiptReminders(deps);
    expect(mailsTo(a)).toHaveLength(2);
  });

  it('gives the week back when a mail fails and fails the run, so that its retry sends it', async () => {
    const { initiative, a } = await scene();
    await expense(initiative.id, -1_000, ago(20));
    const other = await scene();
    await expense(other.initiative.id, -2_000, ago(20));
    let down = true;
    const flaky: Mailer = {
      send: async (m) => {
        if (down && m.to === a.user.email) throw new Error('SMTP down');
        sent.push(m);
      },
    };
    await expect(sendReceiptReminders({ ...deps, mail: flaky })).rejects.toThrow('SMTP down');
    expect(mailsTo(other.a)).toHaveLength(1);
    down = false;
    await sendReceiptReminders({ ...deps, mail: flaky });
    expect(mailsTo(a)).toHaveLength(1);
    expect(mailsTo(other.a)).toHaveLength(1);
  });

  it('names the ISO week in Amsterdam', () => {
    expect(isoWeek(new Date('2026-11-23T06:00:00Z'))).toBe('2026-W48');
    // Sunday 23:30 UTC is already Monday in Amsterdam.
    expect(isoWeek(new Date('2026-11-29T23:30:00Z'))).toBe('2026-W49');
    expect(isoWeek(new Date('2027-01-01T12:00:00Z'))).toBe('2026-W53');
    expect(isoWeek(new Date('2024-12-30T12:00:00Z'))).toBe('2025-W01');
  });
});

describe('POST /api/reminders/unsubscribe', () => {
  const unsubscribe = (token: string) =>
    postJson(t, '/api/reminders/unsubscribe', { token }).then((res) => ({
      status: res.statusCode,
      body: res.json<Record<string, unknown>>(),
    }));
  const remindersOn = async (who: CreatedUser) =>
    (
      await t.database.db
        .select({ on: users.receiptReminders })
        .from(users)
        .where(eq(users.id, who.user.id))
    )[0]!.on;

  it('turns the setting off with a valid token, once in the audit log, and again answers the same', async () => {
    const u = await owner();
    const token = await signUnsubscribeToken(t.config.secretKey, u.user.id, NOW);
    t.clock.now = new Date(NOW.getTime() + 30 * DAY);
    expect(await unsubscribe(token)).toEqual({ status: 200, body: {} });
    expect(await remindersOn(u)).toBe(false);
    expect(await unsubscribe(token)).toEqual({ status: 200, body: {} });
    const rows = await t.database.db
      .select({ actorId: auditLog.actorId, changes: auditLog.changes })
      .from(auditLog)
      .where(and(eq(auditLog.entityClass, 'User'), eq(auditLog.entityId, u.user.id)));
    expect(rows).toEqual([
      { actorId: u.user.id, changes: { receipt_reminders: { from: true, to: false } } },
    ]);
  });

  it('refuses an expired, a tampered, a foreign and an access token (400 BAD_TOKEN), changing nothing', async () => {
    const u = await owner();
    const token = await signUnsubscribeToken(t.config.secretKey, u.user.id, NOW);
    const [head, payload, signature] = token.split('.') as [string, string, string];
    const other = JSON.parse(Buffer.from(payload, 'base64url').toString()) as { sub: string };
    other.sub = String(u.user.id + 1);
    const forged = `${head}.${Buffer.from(JSON.stringify(other)).toString('base64url')}.${signature}`;
    const flipped = `${head}.${payload}.${signature.slice(0, -2)}${signature.endsWith('AA') ? 'BB' : 'AA'}`;
    const foreign = await signUnsubscribeToken(
      'another-secret-that-is-long-enough-12345',
      u.user.id,
      NOW,
    );
    const access = await signAccessToken(t.config.secretKey, u.user, NOW);
    for (const bad of [forged, flipped, foreign, access, 'not-a-token']) {
      expect(await unsubscribe(bad), bad).toEqual({
        status: 400,
        body: expect.objectContaining({ code: 'BAD_TOKEN' }) as unknown,
      });
    }
    t.clock.now = new Date(NOW.getTime() + 61 * DAY);
    expect((await unsubscribe(token)).status).toBe(400);
    expect(await remindersOn(u)).toBe(true);
  });
});

describe('the setting in the user API', () => {
  it('is read and changed by the user themself; admins read it but may not change it', async () => {
    const u = await createUser(t);
    const admin = await createUser(t, { role: 'administrator' });
    const stranger = await createUser(t);
    const own = await callAs(t, 'GET', `/user/${u.user.id}`, u);
    expect(own.json()).toMatchObject({ receipt_reminders: true, language: 'nl' });
    expect(
      (await callAs(t, 'GET', `/user/${u.user.id}`, stranger)).json<object>(),
    ).not.toHaveProperty('receipt_reminders');

    const patched = await callAs(t, 'PATCH', `/user/${u.user.id}`, u, {
      receipt_reminders: false,
      language: 'fy',
    });
    expect(patched.statusCode).toBe(200);
    expect(patched.json()).toMatchObject({ receipt_reminders: false, language: 'fy' });
    expect((await callAs(t, 'GET', `/user/${u.user.id}`, admin)).json()).toMatchObject({
      receipt_reminders: false,
      language: 'fy',
    });
    const byAdmin = await callAs(t, 'PATCH', `/user/${u.user.id}`, admin, {
      receipt_reminders: true,
    });
    expect(byAdmin.statusCode).toBe(403);
    expect((await callAs(t, 'PATCH', `/user/${u.user.id}`, u, { language: 'de' })).statusCode).toBe(
      422,
    );
  });
});
