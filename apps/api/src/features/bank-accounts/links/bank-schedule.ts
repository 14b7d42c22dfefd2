/**
 * What the queue's clock does for linked accounts: finds the accounts whose next sync is due,
 * and tells owners once that their consent ends within a week (docs/api-rules.md §12).
 */
import { and, asc, eq, gt, inArray, isNull, lte } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { bankAccounts, users } from '../../../db/schema';
import { composeMail, type Mailer } from '../../../lib/mail';
import type { ProviderName } from '../providers/provider';

const WARN_DAYS = 7;
/** Accounts queued per tick; the rest come on the next tick, so one tick never floods the queue. */
const DUE_PER_TICK = 500;

export async function dueAccounts(
  db: Executor,
  provider: ProviderName,
  now: Date,
): Promise<number[]> {
  const rows = await db
    .select({ id: bankAccounts.id })
    .from(bankAccounts)
    .where(
      and(
        eq(bankAccounts.provider, provider),
        eq(bankAccounts.isRevoked, false),
        lte(bankAccounts.nextSyncAt, now),
        gt(bankAccounts.expirationDate, now),
      ),
    )
    .orderBy(asc(bankAccounts.nextSyncAt))
    .limit(DUE_PER_TICK);
  return rows.map((r) => r.id);
}

const dateNl = (at: Date) =>
  new Intl.DateTimeFormat('nl-NL', { dateStyle: 'long', timeZone: 'Europe/Amsterdam' }).format(at);

const expiryMail = (to: string, iban: string, endsAt: Date, link: string) =>
  composeMail(
    to,
    'Je bankkoppeling verloopt binnenkort',
    [
      'Hallo,',
      `De toegang tot je bankrekening ${iban} verloopt op ${dateNl(endsAt)}. Daarna komen er geen nieuwe transacties meer binnen.`,
      "Vernieuw de koppeling via de link hieronder en kies 'Vernieuw nu' bij de rekening. Er gaat niets verloren: de transacties tot nu toe blijven staan.",
    ],
    link,
    'Koppeling vernieuwen',
  );

/**
 * Mails each owner whose consent ends within a week, once per consent: the account is claimed
 * (its `expiryWarnedAt` set) in the same statement that picks it, so two instances never both
 * mail; a renewal clears it. A failed send gives the claim back, to try on the next tick.
 */
export async function warnExpiringConsents(
  db: Executor,
  mail: Mailer,
  publicUrl: string,
  now: Date,
): Promise<number> {
  const until = new Date(now.getTime() + WARN_DAYS * 24 * 3_600_000);
  const claimable = db
    .select({ id: bankAccounts.id })
    .from(bankAccounts)
    .where(
      and(
        inArray(bankAccounts.provider, ['gocardless', 'enablebanking']),
        eq(bankAccounts.isRevoked, false),
        isNull(bankAccounts.expiryWarnedAt),
        gt(bankAccounts.expirationDate, now),
        lte(bankAccounts.expirationDate, until),
      ),
    );
  const claimed = await db
    .update(bankAccounts)
    .set({ expiryWarnedAt: now })
    .where(and(inArray(bankAccounts.id, claimable), isNull(bankAccounts.expiryWarnedAt)))
    .returning({
      id: bankAccounts.id,
      iban: bankAccounts.iban,
      endsAt: bankAccounts.expirationDate,
      ownerId: bankAccounts.ownerId,
    });
  if (claimed.length === 0) return 0;
  const owners = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(
      inArray(
        users.id,
        claimed.map((c) => c.ownerId),
      ),
    );
  const emailOf = new Map(owners.map((o) => [o.id, o.email]));
  let sent = 0;
  for (const account of claimed) {
    const to = emailOf.get(account.ownerId);
    if (!to) continue;
    try {
      await mail.send(
        expiryMail(to, account.iban, account.endsAt!, `${publicUrl}/transactions/bankconnections`),
      );
      sent++;
    } catch {
      await db
        .update(bankAccounts)
        .set({ expiryWarnedAt: null })
        .where(eq(bankAccounts.id, account.id));
    }
  }
  return sent;
}
