import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { centsToEuros } from '@helder/shared/money';
import type { ReviewSummary, reviewBody } from '@helder/shared/payments';
import { seesReviews } from '@helder/shared/permissions';
import { grants, initiatives, paymentReviews, payments, regulations } from '../../db/schema';
import { requireActor, type Ctx } from '../../http/context';
import { authorize, write } from '../../lib/write';
import { findInitiative } from '../initiatives';
import { findPayment, getPayment } from './payments.service';

/**
 * The funder's review of expenses (docs/api-rules.md §20). A review row holds the current state;
 * every change of it is an audit row of the payment (`review_status`, `review_comment`), so the
 * History panel shows who approved, rejected, answered or reopened it.
 */

type ReviewInput = z.output<typeof reviewBody>;

/** PUT /payment/{id}/review: approve, or reject with a comment (review on the payment). */
export async function reviewPayment(ctx: Ctx, id: number, input: ReviewInput) {
  const actor = requireActor(ctx);
  const row = await findPayment(ctx, id);
  authorize(actor, 'review', row.subject, 'You may not review this payment');
  const before = { review_status: row.reviewStatus ?? 'open', review_comment: row.reviewComment };
  const after = { review_status: input.status, review_comment: input.comment };
  const values = {
    status: input.status,
    comment: input.comment,
    reviewerId: actor.id,
    reviewedAt: ctx.clock(),
  };
  await write(ctx, actor, {
    run: async (tx) => {
      await tx
        .insert(paymentReviews)
        .values({ paymentId: id, ...values })
        .onConflictDoUpdate({ target: paymentReviews.paymentId, set: values });
    },
    audit: () => ({
      entityClass: 'Payment',
      entityId: id,
      action: 'update',
      // The same verdict again is still a review: its audit row says who confirmed it.
      changes: {
        review_status: { from: before.review_status, to: after.review_status },
        ...(before.review_comment === after.review_comment
          ? {}
          : { review_comment: { from: before.review_comment ?? '', to: after.review_comment } }),
      },
    }),
  });
  return getPayment(ctx, id);
}

/** DELETE /payment/{id}/review: the review is open again, an approved expense editable. */
export async function reopenReview(ctx: Ctx, id: number) {
  const actor = requireActor(ctx);
  const row = await findPayment(ctx, id);
  authorize(actor, 'review', row.subject, 'You may not review this payment');
  if (row.reviewStatus !== null) {
    await write(ctx, actor, {
      run: async (tx) => {
        await tx.delete(paymentReviews).where(eq(paymentReviews.paymentId, id));
      },
      audit: () => ({
        entityClass: 'Payment',
        entityId: id,
        action: 'update',
        changes: { review_status: { from: row.reviewStatus, to: 'open' } },
      }),
    });
  }
  return getPayment(ctx, id);
}

const counted = (n: number, cents: number) => ({ count: n, amount: centsToEuros(-cents) });

/**
 * GET /payments/initiative/{id}/review: the initiative's expenses by review status, summed in one
 * statement. Only callers who see reviews get the sums (404 for an initiative they cannot read).
 */
export async function reviewSummary(ctx: Ctx, initiativeId: number): Promise<ReviewSummary> {
  const initiative = await findInitiative(ctx, initiativeId);
  const status = sql`coalesce(${paymentReviews.status}, 'open')`;
  const sumOf = (condition: ReturnType<typeof sql>) =>
    sql<number>`coalesce(sum(${payments.amountCents}) filter (where ${condition}), 0)`.mapWith(
      Number,
    );
  const countOf = (condition: ReturnType<typeof sql>) =>
    sql<number>`count(*) filter (where ${condition})`.mapWith(Number);
  const approved = sql`${status} = 'approved'`;
  const rejected = sql`${status} = 'rejected'`;
  const open = sql`${status} in ('open', 'answered')`;
  const [row] = await ctx.db
    .select({
      enabled: regulations.reviewEnabled,
      n: countOf(sql`${payments.id} is not null`),
      cents: sumOf(sql`true`),
      nApproved: countOf(approved),
      approvedCents: sumOf(approved),
      nRejected: countOf(rejected),
      rejectedCents: sumOf(rejected),
      nOpen: countOf(and(open, sql`${payments.id} is not null`)!),
      openCents: sumOf(open),
    })
    .from(initiatives)
    .innerJoin(grants, eq(grants.id, initiatives.grantId))
    .innerJoin(regulations, eq(regulations.id, grants.regulationId))
    .leftJoin(
      payments,
      and(eq(payments.initiativeId, initiatives.id), sql`${payments.amountCents} < 0`),
    )
    .leftJoin(paymentReviews, eq(paymentReviews.paymentId, payments.id))
    .where(eq(initiatives.id, initiativeId))
    .groupBy(regulations.reviewEnabled);
  const enabled = row?.enabled === true;
  if (!row || !enabled || !seesReviews(ctx.actor, initiative.subject.relations)) {
    return { enabled, summary: null };
  }
  return {
    enabled,
    summary: {
      expenses: counted(row.n, row.cents),
      reviewed: counted(row.nApproved + row.nRejected, row.approvedCents + row.rejectedCents),
      approved: counted(row.nApproved, row.approvedCents),
      rejected: counted(row.nRejected, row.rejectedCents),
      open: counted(row.nOpen, row.openCents),
    },
  };
}
