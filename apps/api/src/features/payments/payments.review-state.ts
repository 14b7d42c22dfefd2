import { and, eq } from 'drizzle-orm';
import type { Review } from '@helder/shared/payments';
import { reviewLocked, seesReviews, type Actor, type Subject } from '@helder/shared/permissions';
import type { Executor } from '../../db/client';
import { paymentReviews } from '../../db/schema';
import { conflict } from '../../http/errors';
import { audit } from '../../lib/audit';

/**
 * What the payment's other writes need of its review (docs/api-rules.md §20): how it shows, the
 * lock of an approved expense and the owner's answer to a rejection.
 */

type PaymentSubject = Extract<Subject, { type: 'Payment' }>;

/** The review as the payment's details show it, for callers who see reviews. */
export function toReview(
  actor: Actor | null,
  subject: PaymentSubject,
  row: {
    reviewStatus: Review['status'] | null;
    reviewComment: string | null;
    reviewerName: string;
    reviewedAt: Date | null;
  },
): { review?: Review } {
  if (!subject.reviewable || !seesReviews(actor, subject.relations)) return {};
  return {
    review: {
      status: row.reviewStatus ?? 'open',
      comment: row.reviewComment ?? '',
      reviewer_name: row.reviewStatus === null ? '' : row.reviewerName,
      reviewed_at: row.reviewedAt?.toISOString() ?? null,
    },
  };
}

/**
 * 409 REVIEW_LOCKED when the payment is an approved expense and the caller is not one of its
 * reviewers; checked after the caller's own permission, so the 403 comes first
 * (docs/api-rules.md §2).
 */
export function assertNotLocked(actor: Actor, subject: PaymentSubject) {
  if (reviewLocked(actor, subject)) {
    throw conflict('REVIEW_LOCKED', 'This expense is approved; reopen its review to change it');
  }
}

/**
 * The owner's answer to a rejection: a correction or a receipt turns 'rejected' into 'answered'
 * in the transaction of the change, so the reviewer sees it as open again. Written for any
 * change of a rejected expense, a reviewer's own included.
 */
export async function answerRejection(tx: Executor, actorId: number, paymentId: number) {
  const answered = await tx
    .update(paymentReviews)
    .set({ status: 'answered' })
    .where(and(eq(paymentReviews.paymentId, paymentId), eq(paymentReviews.status, 'rejected')))
    .returning({ id: paymentReviews.paymentId });
  if (answered.length > 0) {
    await audit(tx, {
      actorId,
      entityClass: 'Payment',
      entityId: paymentId,
      action: 'update',
      changes: { review_status: { from: 'rejected', to: 'answered' } },
    });
  }
}
