import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Payment, ReviewSummary } from '@helder/shared/payments';
import { signAccessToken } from '../lib/jwt';
import type { TestApp } from '../test/app';
import { initiatives, paymentReviews, regulations, users } from './schema';

let t: TestApp;

/** The headers of a demo user, by e-mail. */
async function as(email: string) {
  const [user] = await t.database.db.select().from(users).where(eq(users.email, email));
  const token = await signAccessToken(t.config.secretKey, user!, t.clock.now);
  return { authorization: `Bearer ${token}` };
}

/** Checks of the demo seed, run on the one seeded database of seed-demo.test.ts. */
export function reviewsSeeded(seeded: () => { t: TestApp; seededAt: Date }) {
  describe('the demo seed: review of expenses', () => {
    beforeAll(() => {
      ({ t } = seeded());
    });

    it("shows the moestuin's grant officer reviews: approved, rejected with a comment, open", async () => {
      const officer = await as('subsidie@helder.demo');
      const [moestuin] = await t.database.db
        .select({ id: initiatives.id })
        .from(initiatives)
        .where(eq(initiatives.name, 'Buurtmoestuin Slotermeer'));
      const res = await t.app.inject({
        url: `/api/payments/initiative/${moestuin!.id}/review`,
        headers: officer,
      });
      expect(res.statusCode).toBe(200);
      const { enabled, summary } = res.json<ReviewSummary>();
      expect(enabled).toBe(true);
      expect(summary).toMatchObject({ approved: { count: 2 }, rejected: { count: 1 } });
      expect(summary!.open.count).toBeGreaterThan(0);

      const reviews = await t.database.db.select().from(paymentReviews);
      const rejected = reviews.find((r) => r.status === 'rejected')!;
      // Its owner reads the comment and who wrote it, as the screens show them.
      const owner = await as('initiatief@helder.demo');
      const payment = await t.app.inject({
        url: `/api/payment/${rejected.paymentId}`,
        headers: owner,
      });
      expect(payment.json<Payment>().review).toMatchObject({
        status: 'rejected',
        comment: expect.stringContaining('Regentonnen') as unknown,
      });
      expect(payment.json<Payment>().review!.reviewer_name).not.toBe('');
    });

    it('reviews in one regulation only, so the others show the screens without review', async () => {
      const rows = await t.database.db
        .select({ name: regulations.name, on: regulations.reviewEnabled })
        .from(regulations);
      expect(rows.filter((r) => r.on).map((r) => r.name)).toEqual(['Groen in de Wijk']);
      expect(rows.length).toBeGreaterThan(1);
    });
  });
}
