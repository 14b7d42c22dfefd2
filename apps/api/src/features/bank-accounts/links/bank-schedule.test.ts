import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bankAccounts } from '../../../db/schema';
import type { Mailer, MailMessage } from '../../../lib/mail';
import { useCastApp } from '../../../test/cast-app';
import { createUser } from '../../../test/factories';
import { createBankAccount } from '../../../test/payment-factories';
import { dueAccounts, warnExpiringConsents } from './bank-schedule';

const scene = useCastApp();
const DAY = 86_400_000;

async function linkedAccount(expiresInDays: number, nextSyncInHours = 1) {
  const owner = await createUser(scene.t, { password: null });
  const account = await createBankAccount(scene.t, owner.user.id);
  const now = Date.now();
  await scene.t.database.db
    .update(bankAccounts)
    .set({
      provider: 'gocardless',
      expirationDate: new Date(now + expiresInDays * DAY),
      nextSyncAt: new Date(now + nextSyncInHours * 3_600_000),
    })
    .where(eq(bankAccounts.id, account.id));
  return { owner, account };
}

describe('the bank schedule', () => {
  it('mails an owner once when the consent ends within a week, and again after a renewal', async () => {
    const soon = await linkedAccount(6);
    const later = await linkedAccount(30);
    const { db } = scene.t.database;
    const mail = { sent: [] as MailMessage[] };
    const mailer: Mailer = { send: async (m) => void mail.sent.push(m) };
    const url = 'https://helder.example';
    const now = new Date();
    await warnExpiringConsents(db, mailer, url, now);
    await warnExpiringConsents(db, mailer, url, now);
    const mine = mail.sent.filter((m) => m.to === soon.owner.user.email);
    expect(mine).toHaveLength(1);
    expect(mine[0]!.subject).toBe('Je bankkoppeling verloopt binnenkort');
    expect(mine[0]!.text).toContain(`${url}/transactions/bankconnections`);
    expect(mine[0]!.text).toContain(soon.account.iban);
    expect(mail.sent.some((m) => m.to === later.owner.user.email)).toBe(false);
    // A renewal clears the mark: the next consent's end is told again.
    await db
      .update(bankAccounts)
      .set({ expiryWarnedAt: null, expirationDate: new Date(Date.now() + 5 * DAY) })
      .where(eq(bankAccounts.id, soon.account.id));
    await warnExpiringConsents(db, mailer, url, now);
    expect(mail.sent.filter((m) => m.to === soon.owner.user.email)).toHaveLength(2);
  });

  it('gives a failed mail its claim back, to try on the next tick', async () => {
    const soon = await linkedAccount(3);
    const { db } = scene.t.database;
    const failing: Mailer = {
      send: async (m) => {
        if (m.to === soon.owner.user.email) throw new Error('SMTP down');
      },
    };
    await warnExpiringConsents(db, failing, 'https://x', new Date());
    const [row] = await db.select().from(bankAccounts).where(eq(bankAccounts.id, soon.account.id));
    expect(row!.expiryWarnedAt).toBeNull();
  });

  it('finds the accounts whose sync is due, never an expired or revoked one', async () => {
    const due = await linkedAccount(30, -1);
    const notYet = await linkedAccount(30, 2);
    const expired = await linkedAccount(-1, -1);
    const revoked = await linkedAccount(30, -1);
    await scene.t.database.db
      .update(bankAccounts)
      .set({ isRevoked: true })
      .where(eq(bankAccounts.id, revoked.account.id));
    const found = await dueAccounts(scene.t.database.db, 'gocardless', new Date());
    expect(found).toContain(due.account.id);
    for (const other of [notYet, expired, revoked]) expect(found).not.toContain(other.account.id);
    expect(await dueAccounts(scene.t.database.db, 'enablebanking', new Date())).not.toContain(
      due.account.id,
    );
  });
});
