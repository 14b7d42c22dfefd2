import { asc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../test/app';
import { pictureKeys } from '../lib/pictures';
import { activities, initiatives, paymentAttachments, payments } from './schema';
import { invoiceOf, localTime, money, receiptOf } from './seed-media';

let t: TestApp;

/** The seeded documents with the payment each belongs to, in the order they were attached. */
async function documents() {
  return t.database.db
    .select({
      key: paymentAttachments.storageKey,
      id: payments.id,
      amountCents: payments.amountCents,
      bookingDate: payments.bookingDate,
      creditorName: payments.creditorName,
      debtorName: payments.debtorName,
      shortUserDescription: payments.shortUserDescription,
      activityName: activities.name,
    })
    .from(paymentAttachments)
    .innerJoin(payments, eq(payments.id, paymentAttachments.paymentId))
    .leftJoin(activities, eq(activities.id, payments.activityId))
    .orderBy(asc(paymentAttachments.id));
}

/** The stored files of a picture: the original and its thumbnails, each as bytes. */
async function pictureFiles(key: string) {
  return Promise.all(pictureKeys(key).map(async (k) => [k, await t.storage.get(k)] as const));
}

/** Checks of the demo seed, run on the one seeded database of seed-demo.test.ts. */
export function mediaSeeded(seeded: () => { t: TestApp }) {
  describe('the demo seed: receipts and invoices', () => {
    beforeAll(() => {
      ({ t } = seeded());
    });

    it('draws every document from its own payment: that shop, date and amount', async () => {
      const docs = await documents();
      expect(docs.length).toBeGreaterThan(10);
      for (const doc of docs) {
        const stored = await t.storage.get(doc.key);
        const pdf = doc.key.endsWith('.pdf');
        const expected = pdf ? invoiceOf(doc) : await receiptOf(doc);
        expect(stored?.equals(expected), `${doc.key} of payment ${doc.id}`).toBe(true);
        if (pdf) {
          // What a reader sees on the invoice, in its own words.
          const text = stored!.toString('latin1');
          expect(text).toContain(`(${doc.creditorName})`);
          expect(text).toContain(`(Factuurdatum: ${localTime(doc.bookingDate).date})`);
          expect(text).toContain(`(EUR ${money(-doc.amountCents)})`);
        }
      }
    });

    it("gives the barbecue's catering both documents, each of that payment", async () => {
      const showcase = (await documents()).filter((doc) => doc.activityName === 'Buurtbarbecue');
      expect(showcase.map((doc) => [doc.creditorName, doc.amountCents])).toEqual([
        ['Slagerij Van Dam', -812_50],
        ['Slagerij Van Dam', -812_50],
      ]);
      const invoice = await t.storage.get(showcase[0]!.key);
      expect(invoice!.toString('latin1')).toContain('(EUR 812,50)');
      expect(invoice!.toString('latin1')).not.toContain('99,35');
    });
  });

  describe('the demo seed: covers', () => {
    beforeAll(() => {
      ({ t } = seeded());
    });

    it('gives every initiative and activity a cover of its own, with thumbnails, under 200 KB', async () => {
      const rows = [
        ...(await t.database.db.select({ key: initiatives.pictureKey }).from(initiatives)),
        ...(await t.database.db.select({ key: activities.pictureKey }).from(activities)),
      ];
      expect(rows.length).toBeGreaterThan(30);
      const originals = new Set<string>();
      for (const { key } of rows) {
        expect(key).toMatch(/^(initiatives|activities)\/\d+\/\w+\.png$/);
        for (const [k, file] of await pictureFiles(key!)) {
          expect(file, k).not.toBeNull();
          expect(file!.length, k).toBeLessThan(200_000);
        }
        originals.add((await t.storage.get(key!))!.toString('base64'));
      }
      // Drawn from each name: no two alike.
      expect(originals.size).toBe(rows.length);
    });

    it('serves a cover as any uploaded picture, in the list and the detail', async () => {
      const res = await t.app.inject({ url: '/api/initiatives?limit=100' });
      const { initiatives: list } = res.json<{
        initiatives: Array<{
          id: number;
          profile_picture: { attachment_thumbnail_url_256: string } | null;
        }>;
      }>();
      expect(list.length).toBeGreaterThan(5);
      for (const initiative of list) {
        const url = new URL(initiative.profile_picture!.attachment_thumbnail_url_256);
        const file = await t.app.inject({ url: `${url.pathname}${url.search}` });
        expect(file.statusCode).toBe(200);
        expect(file.headers['content-type']).toBe('image/webp');
      }
    });
  });
}
