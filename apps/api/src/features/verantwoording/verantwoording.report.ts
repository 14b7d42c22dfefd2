/**
 * What the PDF report states besides its lines, each figure summed in SQL: the cover (the
 * sponsors only where the initiative's page shows them, docs/api-rules.md §6), the budget
 * against the stored income and expenses the pages show, and the ledger's groups with their
 * subtotals over exactly the rows the ledger lists (the same WHERE).
 */
import { and, asc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import {
  activities,
  funders,
  grants,
  initiatives,
  paymentAttachments,
  payments,
  regulations,
} from '../../db/schema';
import type { Ctx } from '../../http/context';
import { activityVisible, sponsorLinkVisible } from '../../lib/initiative-sql';
import { scopeWhere, type Scope } from '../payments';
import type { Period } from './verantwoording.ledger';

export interface Cover {
  initiative: string;
  activity: string | null;
  /** Null when the initiative hides its sponsors from the caller. */
  sponsors: { grant: string; reference: string; regulation: string; funder: string } | null;
}

export async function selectCover(ctx: Ctx, scope: Scope): Promise<Cover> {
  const [row] = await ctx.db
    .select({
      initiative: initiatives.name,
      shown: sql<boolean>`${sponsorLinkVisible(ctx.actor)}`,
      grant: grants.name,
      reference: grants.reference,
      regulation: regulations.name,
      funder: funders.name,
    })
    .from(initiatives)
    .innerJoin(grants, eq(grants.id, initiatives.grantId))
    .innerJoin(regulations, eq(regulations.id, grants.regulationId))
    .innerJoin(funders, eq(funders.id, regulations.funderId))
    .where(eq(initiatives.id, scope.initiativeId));
  const activity =
    scope.activityId === undefined
      ? null
      : ((
          await ctx.db
            .select({ name: activities.name })
            .from(activities)
            .where(eq(activities.id, scope.activityId))
        )[0]?.name ?? null);
  const { initiative, shown, ...sponsors } = row!;
  return { initiative, activity, sponsors: shown ? sponsors : null };
}

export interface BudgetRow {
  name: string | null;
  budgetCents: number;
  incomeCents: number;
  expensesCents: number;
  leftCents: number;
}

const figures = (t: typeof activities | typeof initiatives) => ({
  budgetCents: sql<number>`${t.budgetCents}`.mapWith(Number),
  incomeCents: sql<number>`${t.incomeCents}`.mapWith(Number),
  expensesCents: sql<number>`${t.expensesCents}`.mapWith(Number),
  // Expenses are negative: what is left of the budget, below 0 when overspent.
  leftCents: sql<number>`${t.budgetCents} + ${t.expensesCents}`.mapWith(Number),
});

/**
 * The budget per activity the caller sees and the total: the initiative's, or for an activity's
 * package the activity's own.
 */
export async function selectBudget(ctx: Ctx, scope: Scope) {
  const rows: BudgetRow[] = await ctx.db
    .select({ name: activities.name, ...figures(activities) })
    .from(activities)
    .innerJoin(initiatives, eq(initiatives.id, activities.initiativeId))
    .where(
      and(
        eq(activities.initiativeId, scope.initiativeId),
        scope.activityId === undefined ? undefined : eq(activities.id, scope.activityId),
        activityVisible(ctx.actor, activities.hidden),
      ),
    )
    .orderBy(asc(activities.name), asc(activities.id));
  if (scope.activityId !== undefined) return { rows, total: rows[0]! };
  const [total] = await ctx.db
    .select({ name: initiatives.name, ...figures(initiatives) })
    .from(initiatives)
    .where(eq(initiatives.id, scope.initiativeId));
  return { rows, total: total! };
}

export interface LedgerGroup {
  /** Null: the payments without an activity. */
  activityId: number | null;
  name: string | null;
  count: number;
  totalCents: number;
}

const activityOfPayment = and(
  eq(activities.id, payments.activityId),
  eq(activities.initiativeId, payments.initiativeId),
);

/** The ledger's groups (activities by name, then those without one) with their subtotals. */
export async function selectGroups(ctx: Ctx, scope: Scope, period: Period) {
  const where = scopeWhere(ctx.actor, scope, period);
  const rows = await ctx.db
    .select({
      activityId: activities.id,
      name: activities.name,
      count: sql<number>`count(*)`.mapWith(Number),
      totalCents: sql<number>`coalesce(sum(${payments.amountCents}), 0)`.mapWith(Number),
    })
    .from(payments)
    .innerJoin(initiatives, eq(initiatives.id, payments.initiativeId))
    .leftJoin(activities, activityOfPayment)
    .where(where)
    .groupBy(activities.id, activities.name)
    .orderBy(sql`${activities.name} asc nulls last`, asc(activities.id));
  const [all] = await ctx.db
    .select({ totalCents: sql<number>`coalesce(sum(${payments.amountCents}), 0)`.mapWith(Number) })
    .from(payments)
    .innerJoin(initiatives, eq(initiatives.id, payments.initiativeId))
    .leftJoin(activities, activityOfPayment)
    .where(where);
  return { groups: rows satisfies LedgerGroup[], totalCents: all?.totalCents ?? 0 };
}

/** The payments of one group. */
export const inGroup = (group: LedgerGroup): SQL =>
  group.activityId === null
    ? isNull(payments.activityId)
    : eq(payments.activityId, group.activityId);

/** Expenses without any receipt. */
export const withoutReceipt: SQL = sql`${payments.amountCents} < 0 and not exists (
  select 1 from ${paymentAttachments} where ${paymentAttachments.paymentId} = ${payments.id})`;
