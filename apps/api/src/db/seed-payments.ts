import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { eurosToCents } from '@helder/shared/money';
import { SANDBOX_INSTITUTION } from '@helder/shared/bank-accounts';
import { routeOfAmount } from '@helder/shared/payments';
import { fileAccountKey } from '../features/bank-accounts/institutions';
import { audit } from '../lib/audit';
import type { Tx } from './client';
import { activities, bankAccounts, bankAccountUsers, initiatives, payments, users } from './schema';

/**
 * Demo bank payments: a bank account of the demo initiative owner, read from her bank's statement
 * files, shared with a co-owner of her initiative, with a few months of imported transactions.
 * (The demo's live link to the sandbox bank is made at the first start, demo-link.ts.) Some are
 * linked to her initiative (one to an activity, two hidden), most are not, so that linking on
 * /transactions can be tried at once. The grant's income is already in the manual payments of
 * seed-initiatives.ts; only a final subsidy payment arrives here, unlinked.
 */

/** Seed keys (DEMO_USERS in seed.ts) of the account's owner and the user it is shared with. */
const OWNER = 'initiativeOwner';
const SHARED_WITH = 'userLotte';
/** The owner's initiative (Lotte co-owns it) and the activity the linked payments go to. */
const INITIATIVE = 'Buurtmoestuin Slotermeer';
const ACTIVITY = 'Oogstfeest';

/** The demo bank's code in the IBAN: no real bank uses it, so no demo IBAN is a real account. */
const BANK_CODE = 'SNDB';
const ACCOUNT_NUMBER = '0123456789';

/**
 * An imported transaction: days before seeding (so the account looks freshly synced whenever the
 * demo starts), euros signed as the bank books them, counterparty, description, and what it is
 * linked to in the demo initiative, if anything.
 */
type BankLine = [
  days: number,
  euros: number,
  counterparty: string,
  text: string,
  link?: 'initiative' | 'activity',
  hidden?: boolean,
];

const BANK_LINES: BankLine[] = [
  [78, -86.4, 'Intratuin Amsterdam', 'Pootaardappelen en uien', 'initiative'],
  [71, 2250, 'Gemeente Amsterdam', 'Slotbetaling subsidie AMS-2026-0234'],
  [64, -149.95, 'Hornbach Amsterdam', 'Regenton en gieters', 'initiative'],
  [57, -124, 'Gamma Amsterdam-West', 'Tuinslang en sproeiers'],
  [50, -212.5, 'Eetcafé De Plas', 'Aanbetaling catering oogstfeest', 'activity'],
  // A private purchase paid from this account by mistake, and its refund: a bank payment is
  // never deleted by hand (docs/api-rules.md §5), so the demo shows hiding instead.
  [43, -18.75, 'Bakkerij Slotermeer', 'Privé-aankoop, per abuis betaald', 'initiative', true],
  [42, 18.75, 'N. Jansen', 'Terugstorting privé-aankoop', 'initiative', true],
  [36, -59.99, 'Bol.com', 'Plantenlabels en kweekpotjes'],
  [29, 250, 'Woningcorporatie Stadgenoot', 'Bijdrage tuinproject Slotermeer', 'initiative'],
  [22, -75, 'Waternet', 'Waterverbruik moestuin derde kwartaal'],
  [15, 63.5, 'Buurtmarkt Slotermeer', 'Opbrengst verkoop oogst'],
  [8, -310, 'Kwekerij De Boomgaard', 'Fruitbomen voor de moestuin'],
  [3, -4.95, 'Sandbox Finance', 'Kosten betaalrekening'],
];

/** The two check digits of an IBAN (ISO 13616: mod 97 of the rearranged number must be 1). */
function ibanCheckDigits(country: string, bban: string): string {
  const digits = `${bban}${country}00`.replace(/[A-Z]/g, (c) => String(c.charCodeAt(0) - 55));
  let rest = 0;
  // Digit by digit, because the whole number is far beyond a safe integer.
  for (const d of digits) rest = (rest * 10 + Number(d)) % 97;
  return String(98 - rest).padStart(2, '0');
}

/** A Dutch IBAN at the demo bank for a ten-digit account number. */
const sandboxIban = (accountNumber: string) =>
  `NL${ibanCheckDigits('NL', `${BANK_CODE}${accountNumber}`)}${BANK_CODE}${accountNumber}`;

/** A stable demo account for a counterparty, so the same shop always has the same IBAN. */
const counterpartyIban = (name: string) => {
  const hash = BigInt(`0x${createHash('sha256').update(name).digest('hex').slice(0, 15)}`);
  return sandboxIban(String(hash % 10_000_000_000n).padStart(10, '0'));
};

/** A booking time `days` before `now`, on a weekday-ish morning that varies with `days`. */
const daysBefore = (now: Date, days: number) =>
  new Date(
    Date.UTC(
      now.getUTCFullYear(),
      now.getUTCMonth(),
      now.getUTCDate() - days,
      8 + (days % 9),
      (days * 17) % 60,
    ),
  );

const yyyymmdd = (d: Date) => d.toISOString().slice(0, 10).replace(/-/g, '');

/**
 * Inserts the statement bank account and its payments inside the seed transaction; runs after
 * seedInitiatives (it links to a demo initiative) and before seedMedia (which gives expenses a
 * receipt). `userIds` maps seed keys to ids; `now` is the moment of seeding.
 */
export async function seedPayments(tx: Tx, userIds: Record<string, number>, now: Date) {
  const userId = (key: string) => {
    const id = userIds[key];
    if (id === undefined) throw new Error(`seed-payments: no demo user with key ${key}`);
    return id;
  };
  const ownerId = userId(OWNER);
  const [owner] = await tx
    .select({ firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(eq(users.id, ownerId));
  const [target] = await tx
    .select({ initiativeId: initiatives.id, activityId: activities.id })
    .from(initiatives)
    .innerJoin(activities, eq(activities.initiativeId, initiatives.id))
    .where(and(eq(initiatives.name, INITIATIVE), eq(activities.name, ACTIVITY)));
  if (!owner || !target) throw new Error(`seed-payments: no ${INITIATIVE} › ${ACTIVITY}`);

  const holder = `${owner.firstName} ${owner.lastName}`;
  const iban = sandboxIban(ACCOUNT_NUMBER);
  const [account] = await tx
    .insert(bankAccounts)
    .values({
      ownerId,
      provider: 'file',
      providerAccountId: fileAccountKey(ownerId, iban, null),
      iban,
      name: 'Betaalrekening moestuin',
      holderName: holder,
      institutionName: SANDBOX_INSTITUTION,
      // No logo: the web's Content-Security-Policy loads pictures from our own origin only.
      institutionLogo: null,
      lastSyncedAt: now,
    })
    .returning({ id: bankAccounts.id });
  const bankAccountId = account!.id;
  await audit(tx, {
    actorId: null,
    entityClass: 'BankAccount',
    entityId: bankAccountId,
    action: 'create',
  });
  await tx.insert(bankAccountUsers).values({ bankAccountId, userId: userId(SHARED_WITH) });

  const rows = BANK_LINES.map(([days, euros, counterparty, text, link, hidden], i) => {
    const bookingDate = daysBefore(now, days);
    const ours = { name: holder, account: iban };
    const theirs = { name: counterparty, account: counterpartyIban(counterparty) };
    const [creditor, debtor] = euros < 0 ? [theirs, ours] : [ours, theirs];
    const row: typeof payments.$inferInsert = {
      type: 'bank',
      amountCents: eurosToCents(euros),
      route: routeOfAmount(euros),
      bookingDate,
      transactionId: `${BANK_CODE}${yyyymmdd(bookingDate)}${String(i + 1).padStart(6, '0')}`,
      creditorName: creditor.name,
      creditorAccount: creditor.account,
      debtorName: debtor.name,
      debtorAccount: debtor.account,
      iban,
      shortUserDescription: text,
      hidden: hidden ?? false,
      initiativeId: link ? target.initiativeId : null,
      activityId: link === 'activity' ? target.activityId : null,
      bankAccountId,
    };
    return row;
  });
  await tx.insert(payments).values(rows);
  return { bankAccounts: 1, payments: rows.length };
}
