import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { isAdmin, type Actor } from '@helder/shared/permissions';
import { initiatives, paymentReviews, payments, regulations, users } from '../db/schema';
import { correlated } from './initiative-sql';

/**
 * The funder's review of expenses (docs/api-rules.md §20) as SQL that both the payments and the
 * grants feature read: the grants feature derives its 'Verantwoord' fields from it, and the
 * payments feature sits above grants, so this lives below both (ADR 0010).
 */

const reviewer = alias(users, 'reviewer');
const grantInitiative = alias(initiatives, 'reviewed_initiative');
const grantExpense = alias(payments, 'reviewed_expense');
const expenseReview = alias(paymentReviews, 'expense_review');
const reviewRegulation = alias(regulations, 'review_regulation');

/**
 * The name of the review's reviewer, '' when there is none or the caller may not see that user
 * (a hidden user is seen by themselves and admins only, docs/api-rules.md §5). For a select that
 * left-joins payment_reviews.
 */
export function reviewerNameOf(actor: Actor | null): SQL<string> {
  const admin: boolean = isAdmin(actor);
  const visible = admin
    ? sql`true`
    : actor === null
      ? sql`${reviewer.hidden} = false`
      : sql`(${reviewer.hidden} = false or ${reviewer.id} = ${actor.id})`;
  return correlated<string>(sql`coalesce((
    select trim(concat_ws(' ', ${reviewer.firstName}, ${reviewer.lastName}))
    from ${users} ${reviewer}
    where ${reviewer.id} = ${paymentReviews.reviewerId} and ${visible}), '')`);
}

/**
 * The grant's spending is accounted for: its regulation reviews expenses, the grant has at least
 * one, and every expense of every initiative under it is approved. A grant without expenses has
 * nothing to account for yet. Read on every grant read, so an approval or a reopen shows at once
 * and no stored flag can disagree with the reviews (docs/api-rules.md §20).
 */
export function everyExpenseApproved(grantId: SQLWrapper, regulationId: SQLWrapper): SQL<boolean> {
  const expensesOfGrant = sql`from ${payments} ${grantExpense}
    join ${initiatives} ${grantInitiative} on ${grantInitiative.id} = ${grantExpense.initiativeId}
    where ${grantInitiative.grantId} = ${grantId} and ${grantExpense.amountCents} < 0`;
  return correlated<boolean>(sql`(
    exists (select 1 from ${regulations} ${reviewRegulation}
      where ${reviewRegulation.id} = ${regulationId} and ${reviewRegulation.reviewEnabled})
    and exists (select 1 ${expensesOfGrant})
    and not exists (select 1 ${expensesOfGrant} and not exists (
      select 1 from ${paymentReviews} ${expenseReview}
      where ${expenseReview.paymentId} = ${grantExpense.id}
        and ${expenseReview.status} = 'approved')))`);
}
