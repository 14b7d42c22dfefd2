import { centsToEuros } from '@helder/shared/money';
import type { PaymentListItem, PaymentsFilter, UserPayment } from '@helder/shared/payments';
import { isAdmin, seesReviews, type Relations } from '@helder/shared/permissions';
import { requireActor, type Ctx } from '../../http/context';
import { findActivity, readableActivity, type ActivityPath } from '../activities';
import { findInitiative, readableInitiative } from '../initiatives';
import {
  selectLinkableActivities,
  selectLinkableInitiatives,
  selectUserPayments,
  type UserPaymentsFilter,
} from './payments.managed';
import { selectPaymentPage, type KeptTotals, type Page } from './payments.page';
import type { Scope } from './payments.queries';
import { assertMayListFor, toPaymentFields } from './payments.service';
import { suggestionsFor } from './payments.suggestions';
import { toPossibleDuplicate } from './payments.twins';

type ListQuery = PaymentsFilter & Page;

const sumsInEuros = (sums: { incomeCents: number; expensesCents: number }) => ({
  income: centsToEuros(sums.incomeCents),
  expenses: centsToEuros(sums.expensesCents),
});

/**
 * A scope's page as the caller may read it (404 when the scope is unknown or hidden from them).
 * The page's rows carry the scope's access row, so that a page of payments needs no statement of
 * its own for the check (`readable`); an empty page, and a page after a cursor, whose lookup
 * must not answer before the check has, load it (`find`). The caller's relations to the scope
 * decide whether the list shows the review status of its expenses (docs/api-rules.md §20).
 */
async function page<S extends Scope, R extends { subject: { relations: Relations } }>(
  ctx: Ctx,
  scope: S,
  query: ListQuery,
  kept: KeptTotals | null,
  check: {
    find: () => Promise<R>;
    readable: (row: NonNullable<Awaited<ReturnType<typeof selectPaymentPage<S>>>['scope']>) => R;
  },
) {
  const { offset, limit, after, ...filter } = query;
  const checked = after === undefined ? undefined : await check.find();
  const found = await selectPaymentPage(
    ctx.db,
    ctx.actor,
    scope,
    filter,
    { offset, limit, after },
    kept,
  );
  const { subject } = checked ?? (found.scope ? check.readable(found.scope) : await check.find());
  const reviews = seesReviews(ctx.actor, subject.relations);
  const items: PaymentListItem[] = found.rows.map((row) => ({
    payment: toPaymentFields(ctx, row),
    activity_name: row.activityName,
    n_attachments: row.nAttachments,
    ...(reviews && row.reviewEnabled && row.amountCents < 0
      ? { review_status: row.reviewStatus ?? 'open' }
      : {}),
  }));
  return {
    payments: items,
    totalCount: found.totalCount,
    totals: sumsInEuros(found.listed),
    shielded: sumsInEuros(found.shielded),
  };
}

/** An initiative's visible payments, its activities' included (404 when it is hidden). */
export const initiativePayments = (
  ctx: Ctx,
  initiativeId: number,
  query: ListQuery,
  kept: KeptTotals | null,
) =>
  page(ctx, { initiativeId }, query, kept, {
    find: () => findInitiative(ctx, initiativeId),
    readable: (row) => readableInitiative(ctx, row),
  });

/** An activity's visible payments (404 when it or its initiative is hidden from the caller). */
export const activityPayments = (
  ctx: Ctx,
  path: ActivityPath,
  query: ListQuery,
  kept: KeptTotals | null,
) =>
  page(ctx, { initiativeId: path.initiativeId, activityId: path.activityId }, query, kept, {
    find: () => findActivity(ctx, path),
    readable: (row) => readableActivity(ctx, path, row),
  });

/**
 * GET /payments/user/{id}: what the user may link or manage, newest first; logged-in only, so the
 * texts are as stored, empty text "" (docs/api-rules.md §1).
 */
export async function userPayments(ctx: Ctx, userId: number, query: UserPaymentsFilter & Page) {
  assertMayListFor(ctx, userId);
  const { offset, limit, after, ...filter } = query;
  const { rows, totalCount, unlinkedCount } = await selectUserPayments(ctx.db, userId, filter, {
    offset,
    limit,
    after,
  });
  const suggestions = await suggestionsFor(
    ctx.db,
    requireActor(ctx),
    userId,
    rows.map((row) => {
      const out = row.amountCents < 0;
      return {
        counterpartyIban: out ? row.creditorAccount : row.debtorAccount,
        counterpartyName: out ? row.creditorName : row.debtorName,
        ownAccount: out
          ? (row.debtorAccount ?? row.debtorName)
          : (row.creditorAccount ?? row.creditorName),
        description: row.shortUserDescription,
        ...row,
      };
    }),
  );
  const payments: UserPayment[] = rows.map((row) => ({
    id: row.id,
    booking_date: row.bookingDate.toISOString(),
    initiative_id: row.initiativeId,
    initiative_name: row.initiativeName,
    activity_id: row.activityId,
    activity_name: row.activityName,
    creditor_name: row.creditorName ?? '',
    debtor_name: row.debtorName ?? '',
    short_user_description: row.shortUserDescription ?? '',
    iban: row.iban ?? '',
    transaction_amount: centsToEuros(row.amountCents),
    type: row.type,
    ...(suggestions.has(row.id) ? { suggestion: suggestions.get(row.id) } : {}),
    ...(row.fromOwnAccount ? { possible_duplicate_of: toPossibleDuplicate(row.twin) } : {}),
  }));
  return { payments, totalCount, unlinkedCount };
}

/** Initiatives the caller may link payments to (link_payment, docs/api-rules.md §5). */
export async function linkableInitiatives(ctx: Ctx) {
  const actor = requireActor(ctx);
  return selectLinkableInitiatives(ctx.db, actor, isAdmin(actor));
}

/**
 * Activities of an initiative the caller may link payments to: all of them with link_payment on
 * the initiative's every activity (admins, initiative owners, overseers), else their own.
 */
export async function linkableActivities(ctx: Ctx, initiativeId: number) {
  const actor = requireActor(ctx);
  const initiative = await findInitiative(ctx, initiativeId);
  const all =
    isAdmin(actor) ||
    initiative.subject.relations.some((r) => r === 'initiative_owner' || r === 'overseer');
  return selectLinkableActivities(ctx.db, actor, initiativeId, all);
}
