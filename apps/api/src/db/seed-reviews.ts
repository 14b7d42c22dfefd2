import { and, eq, lt } from 'drizzle-orm';
import { audit } from '../lib/audit';
import type { Tx } from './client';
import { initiatives, paymentReviews, payments } from './schema';

/**
 * Demo reviews (docs/api-rules.md §20): 'Groen in de Wijk' reviews its expenses (seed-sponsors.ts),
 * and its grant officer has judged a few of the moestuin's: two approved, one rejected with a
 * comment its owners can answer. The rest stay open, so the review screens have work to show.
 */
const INITIATIVE = 'Buurtmoestuin Slotermeer';
const REVIEWER = 'grantOfficer';
const DAY_MS = 86_400_000;

/** Expense description, verdict, the reviewer's comment, and how many days ago. */
const REVIEWS: Array<[string, 'approved' | 'rejected', string, number]> = [
  ['Waterpunt aanleggen', 'approved', '', 20],
  ['Hekwerk moestuin', 'approved', '', 20],
  [
    'Regenton en gieters',
    'rejected',
    'Regentonnen staan niet in het begrote plan. Licht toe waarvoor ze nodig zijn, dan kijk ik er opnieuw naar.',
    12,
  ],
];

/** Runs after seedPayments and seedMedia: the expenses and their receipts exist by then. */
export async function seedReviews(tx: Tx, userIds: Record<string, number>, now: Date) {
  const reviewerId = userIds[REVIEWER];
  if (reviewerId === undefined) throw new Error(`seed-reviews: no demo user with key ${REVIEWER}`);
  const expenses = await tx
    .select({ id: payments.id, text: payments.shortUserDescription })
    .from(payments)
    .innerJoin(initiatives, eq(initiatives.id, payments.initiativeId))
    .where(and(eq(initiatives.name, INITIATIVE), lt(payments.amountCents, 0)));
  for (const [text, status, comment, daysAgo] of REVIEWS) {
    const expense = expenses.find((e) => e.text === text);
    if (!expense) throw new Error(`seed-reviews: no expense '${text}' of ${INITIATIVE}`);
    await tx.insert(paymentReviews).values({
      paymentId: expense.id,
      status,
      comment,
      reviewerId,
      reviewedAt: new Date(now.getTime() - daysAgo * DAY_MS),
    });
    await audit(tx, {
      actorId: reviewerId,
      entityClass: 'Payment',
      entityId: expense.id,
      action: 'update',
      changes: {
        review_status: { from: 'open', to: status },
        ...(comment ? { review_comment: { from: '', to: comment } } : {}),
      },
    });
  }
  return REVIEWS.length;
}
