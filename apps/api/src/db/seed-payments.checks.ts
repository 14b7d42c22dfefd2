import { and, eq, lt } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../test/app';
import {
  activities,
  bankAccounts,
  bankAccountUsers,
  initiativeOwners,
  initiatives,
  paymentAttachments,
  payments,
  users,
} from './schema';

let t: TestApp;
let seededAt: Date;

const userIdOf = async (email: string) =>
  (await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0]!.id;

/** ISO 13616 written out independently of the seed: the rearranged IBAN mod 97 is 1. */
const validIban = (iban: string) =>
  /^NL\d{2}[A-Z]{4}\d{10}$/.test(iban) &&
  BigInt(
    `${iban.slice(4)}${iban.slice(0, 4)}`.replace(/[A-Z]/g, (c) => String(c.charCodeAt(0) - 55)),
  ) %
    97n ===
    1n;

/** Checks of the demo seed, run on the one seeded database of seed-demo.test.ts. */
export function paymentsSeeded(seeded: () => { t: TestApp; seededAt: Date }) {
  describe('the demo seed: payments', () => {
    beforeAll(() => {
      ({ t, seededAt } = seeded());
    });

    it("seeds the initiative owner's statement account, shared with one other user", async () => {
      const db = t.database.db;
      const noor = await userIdOf('initiatief@helder.demo');
      // No account claims a live bank link it does not have: the demo's sandbox link is made at
      // the first start (demo-link.ts), the other seeded account is the activity owner's.
      expect(
        await db.select().from(bankAccounts).where(eq(bankAccounts.provider, 'sandbox')),
      ).toEqual([]);
      const accounts = await db
        .select()
        .from(bankAccounts)
        .where(and(eq(bankAccounts.provider, 'file'), eq(bankAccounts.ownerId, noor)));
      expect(accounts).toHaveLength(1);
      const [account] = accounts;
      expect(account).toMatchObject({
        ownerId: noor,
        provider: 'file',
        holderName: 'Noor Jansen',
        institutionName: 'Sandbox',
        isRevoked: false,
        expirationDate: null,
        nextSyncAt: null,
        bankLinkId: null,
      });
      expect(validIban(account!.iban)).toBe(true);
      expect(validIban(`${account!.iban.slice(0, 2)}00${account!.iban.slice(4)}`)).toBe(false);
      expect(Math.abs(account!.lastSyncedAt!.getTime() - seededAt.getTime())).toBeLessThan(60_000);

      const shared = await db
        .select({ userId: bankAccountUsers.userId })
        .from(bankAccountUsers)
        .where(eq(bankAccountUsers.bankAccountId, account!.id));
      expect(shared).toEqual([{ userId: await userIdOf('lotte@helder.demo') }]);
    });

    it("imports bank payments on it: several unlinked, some in the owner's initiative", async () => {
      const db = t.database.db;
      const [account] = await db
        .select()
        .from(bankAccounts)
        .where(
          and(
            eq(bankAccounts.provider, 'file'),
            eq(bankAccounts.ownerId, await userIdOf('initiatief@helder.demo')),
          ),
        );
      const bank = await db
        .select()
        .from(payments)
        .where(and(eq(payments.type, 'bank'), eq(payments.bankAccountId, account!.id)));
      expect(bank.length).toBeGreaterThanOrEqual(10);
      expect(new Set(bank.map((p) => p.transactionId)).size).toBe(bank.length);
      for (const p of bank) {
        expect(p.bankAccountId).toBe(account!.id);
        expect(p.iban).toBe(account!.iban);
        expect(p.transactionId).toBeTruthy();
        for (const field of [p.creditorName, p.debtorName, p.shortUserDescription]) {
          expect(field).toBeTruthy();
        }
        expect(validIban(p.creditorAccount!) && validIban(p.debtorAccount!)).toBe(true);
        // The account's own side of the transaction is the account itself.
        expect(p.amountCents < 0 ? p.debtorAccount : p.creditorAccount).toBe(account!.iban);
        expect(p.bookingDate.getTime()).toBeLessThanOrEqual(seededAt.getTime() + 60_000);
      }
      const unlinked = bank.filter((p) => p.initiativeId === null && p.activityId === null);
      expect(unlinked.length).toBeGreaterThanOrEqual(6);

      const linked = bank.filter((p) => p.initiativeId !== null);
      expect(linked.length).toBeGreaterThanOrEqual(3);
      const owned = await db
        .select({ initiativeId: initiativeOwners.initiativeId })
        .from(initiativeOwners)
        .where(eq(initiativeOwners.userId, account!.ownerId));
      const ownedIds = owned.map((o) => o.initiativeId);
      for (const p of linked) expect(ownedIds).toContain(p.initiativeId);
      expect(linked.filter((p) => p.activityId !== null)).toHaveLength(1);

      const manual = await db.select().from(payments).where(eq(payments.type, 'handmatig'));
      expect(manual.every((p) => p.bankAccountId === null)).toBe(true);
    });

    it('keeps every route with its sign and every activity payment in its initiative', async () => {
      const db = t.database.db;
      const rows = await db
        .select({
          amountCents: payments.amountCents,
          route: payments.route,
          initiativeId: payments.initiativeId,
          activityId: payments.activityId,
          activityInitiativeId: activities.initiativeId,
        })
        .from(payments)
        .leftJoin(activities, eq(activities.id, payments.activityId));
      expect(rows.length).toBeGreaterThan(90);
      for (const p of rows) {
        expect(p.amountCents).not.toBe(0);
        expect(p.route).toBe(p.amountCents >= 0 ? 'inkomen' : 'uitgaven');
        if (p.activityId !== null) expect(p.initiativeId).toBe(p.activityInitiativeId);
      }
    });

    it('gives every initiative its grant income and shows hidden payments in visible initiatives', async () => {
      const db = t.database.db;
      const all = await db
        .select({ id: initiatives.id, hidden: initiatives.hidden })
        .from(initiatives);
      const income = await db
        .select({ initiativeId: payments.initiativeId })
        .from(payments)
        .where(eq(payments.route, 'inkomen'));
      for (const i of all) expect(income.map((p) => p.initiativeId)).toContain(i.id);

      const hidden = await db
        .select({ type: payments.type })
        .from(payments)
        .innerJoin(initiatives, eq(initiatives.id, payments.initiativeId))
        .where(and(eq(payments.hidden, true), eq(initiatives.hidden, false)));
      expect(hidden.length).toBeGreaterThanOrEqual(3);
      expect(new Set(hidden.map((p) => p.type))).toEqual(new Set(['handmatig', 'bank']));
    });

    it('attaches a stored receipt or invoice, made from the payment, to most expenses', async () => {
      const db = t.database.db;
      const expenses = await db
        .select({
          id: payments.id,
          amountCents: payments.amountCents,
          creditorName: payments.creditorName,
        })
        .from(payments)
        .where(lt(payments.amountCents, 0));
      const attachments = await db.select().from(paymentAttachments);
      const withDocument = new Set(attachments.map((a) => a.paymentId));
      const share = expenses.filter((p) => withDocument.has(p.id)).length / expenses.length;
      expect(share).toBeGreaterThanOrEqual(0.6);
      expect(share).toBeLessThan(0.9);

      const kinds = new Set<string>();
      for (const a of attachments) {
        const file = await t.storage.get(a.storageKey);
        expect(file, a.storageKey).not.toBeNull();
        expect(file!.length).toBeLessThan(200_000);
        if (a.storageKey.endsWith('.pdf')) {
          kinds.add('pdf');
          expect(file!.subarray(0, 5).toString()).toBe('%PDF-');
        } else {
          kinds.add('png');
          const { format, width, height } = await sharp(file!).metadata();
          expect(format).toBe('png');
          expect(width).toBeLessThanOrEqual(480);
          expect(height).toBeLessThanOrEqual(640);
          const thumbnail = a.storageKey.replace(/\.png$/, '_128.webp');
          expect(await t.storage.get(thumbnail), thumbnail).not.toBeNull();
        }
      }
      expect(kinds).toEqual(new Set(['pdf', 'png']));

      // An invoice names its supplier and the amount paid (the text of a PDF is latin-1).
      const invoices = attachments.filter((a) => a.storageKey.endsWith('.pdf'));
      const checked = await Promise.all(
        invoices.map(async (a) => {
          const text = (await t.storage.get(a.storageKey))!.toString('latin1');
          const p = expenses.find((e) => e.id === a.paymentId)!;
          const cents = -p.amountCents;
          const whole = String(Math.floor(cents / 100)).replace(/\B(?=(\d{3})+$)/g, '.');
          const euros = `${whole},${String(cents % 100).padStart(2, '0')}`;
          return (
            text.includes(`Totaal`) &&
            text.includes(`EUR ${euros}`) &&
            text.includes(p.creditorName!)
          );
        }),
      );
      // Every one, the barbecue's showcase invoice included.
      expect(checked.filter((ok) => !ok)).toHaveLength(0);
    });
  });
}
