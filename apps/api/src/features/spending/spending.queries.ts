import { and, asc, desc, eq, lt, sql } from 'drizzle-orm';
import type { SpendingInterval } from '@helder/shared/spending';
import type { Actor } from '@helder/shared/permissions';
import type { Executor } from '../../db/client';
import { activities, grants, initiatives, payments } from '../../db/schema';
import { listedUnderSponsor } from '../../lib/initiative-sql';
import { activityOfPayment, scopeWhere, type Scope } from '../payments';

/**
 * The unit `date_trunc` cuts by, as SQL text of its own: a bound value would be a different
 * parameter in the select and the group by, which PostgreSQL does not see as one expression.
 */
const UNIT = {
  week: sql.raw(`'week'`),
  month: sql.raw(`'month'`),
  year: sql.raw(`'year'`),
} satisfies Record<SpendingInterval, unknown>;

/**
 * The scope's expenses the caller sees, summed per period of Amsterdam time, with their running
 * total, oldest first: one statement. Which payments count is the payment list's own WHERE
 * (scopeWhere), joined as the list joins, so the chart and the list can never disagree.
 */
export async function selectSpending(
  db: Executor,
  actor: Actor | null,
  scope: Scope,
  interval: SpendingInterval,
) {
  const start = sql`date_trunc(${UNIT[interval]}, ${payments.bookingDate} at time zone 'Europe/Amsterdam')`;
  const perPeriod = db
    .select({
      start: sql<string>`${start}`.as('start'),
      cents: sql<number>`sum(${payments.amountCents})`.as('cents'),
    })
    .from(payments)
    .innerJoin(initiatives, eq(initiatives.id, payments.initiativeId))
    .leftJoin(activities, activityOfPayment)
    .where(and(scopeWhere(actor, scope, {}), lt(payments.amountCents, 0)))
    .groupBy(sql`1`)
    .as('per_period');
  return db
    .select({
      period: sql<string>`to_char(${perPeriod.start}, 'YYYY-MM-DD')`,
      cents: sql<number>`${perPeriod.cents}`.mapWith(Number),
      cumulativeCents:
        sql<number>`sum(${perPeriod.cents}) over (order by ${perPeriod.start})`.mapWith(Number),
    })
    .from(perPeriod)
    .orderBy(asc(perPeriod.start));
}

/**
 * A regulation's initiatives the caller may see listed under their sponsor
 * (docs/api-rules.md §7), with their kept totals as their own pages show them, most spent
 * first: one statement.
 */
export async function selectRegulationSpending(
  db: Executor,
  actor: Actor | null,
  regulationId: number,
) {
  return db
    .select({
      id: initiatives.id,
      name: initiatives.name,
      grantId: grants.id,
      grantName: grants.name,
      budgetCents: initiatives.budgetCents,
      incomeCents: initiatives.incomeCents,
      expensesCents: initiatives.expensesCents,
    })
    .from(initiatives)
    .innerJoin(grants, eq(grants.id, initiatives.grantId))
    .where(and(eq(grants.regulationId, regulationId), listedUnderSponsor(actor)))
    .orderBy(asc(initiatives.expensesCents), desc(initiatives.budgetCents), asc(initiatives.id));
}
