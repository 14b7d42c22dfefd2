/**
 * The funder's overview in one statement: every initiative of the grants in scope with its kept
 * totals (the figures the screens show, docs/api-rules.md §8) and its expenses' receipts, plus a
 * total row per grant and one for all, summed by PostgreSQL (grouping sets), so no figure is
 * added up twice in two places.
 */
import { and, asc, eq, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { alias, QueryBuilder } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';
import { grants, initiatives, paymentAttachments, payments } from '../../db/schema';
import { correlated } from '../../lib/initiative-sql';

const paid = alias(payments, 'overview_payment');
const receipt = alias(paymentAttachments, 'overview_receipt');
const queryBuilder = new QueryBuilder();

const expense = sql`${paid.amountCents} < 0`;
const hasReceipt = sql`exists (select 1 from ${paymentAttachments} ${receipt} where ${receipt.paymentId} = ${paid.id})`;

/**
 * Per initiative (a lateral join): its expenses, how many have no receipt, and the amount of
 * those that have one. Hidden payments count, as they do in the totals (docs/api-rules.md §8):
 * every caller of the overview is an insider of these initiatives.
 */
const receiptFigures = queryBuilder
  .select({
    expenseCount: correlated<number>(sql`count(*) filter (where ${expense})`).as('expense_count'),
    withoutReceipt: correlated<number>(
      sql`count(*) filter (where ${expense} and not ${hasReceipt})`,
    ).as('without_receipt'),
    expenseCents: correlated<number>(
      sql`coalesce(sum(${paid.amountCents}) filter (where ${expense}), 0)`,
    ).as('expense_cents'),
    coveredCents: correlated<number>(
      sql`coalesce(sum(${paid.amountCents}) filter (where ${expense} and ${hasReceipt}), 0)`,
    ).as('covered_cents'),
  })
  .from(paid)
  .where(eq(paid.initiativeId, initiatives.id))
  .as('receipt_figures');

/** sum(x) of a grouping set, 0 when it has no rows. */
const total = (x: SQLWrapper) => sql<number>`coalesce(sum(${x}), 0)`.mapWith(Number);

const left = sql`(${initiatives.budgetCents} + ${initiatives.expensesCents})`;

/**
 * The lines of the overview of the grants `where` selects: per grant (by name) its initiatives
 * (by name), then its total (`level` 1); last the total of all (`level` 3). A grant without
 * initiatives has only its total row (its initiative row, all null, is dropped by the caller).
 */
export function selectOverviewLines(db: Executor, where: SQL) {
  const level = sql<number>`grouping(${grants.id}, ${initiatives.id})`.mapWith(Number);
  const grantColumns = sql`${grants.id}, ${grants.name}, ${grants.reference}, ${grants.budgetCents}`;
  return db
    .select({
      level,
      grantId: grants.id,
      grantName: grants.name,
      grantReference: grants.reference,
      grantBudgetCents: grants.budgetCents,
      id: initiatives.id,
      name: initiatives.name,
      hidden: initiatives.hidden,
      budgetCents: total(initiatives.budgetCents),
      incomeCents: total(initiatives.incomeCents),
      expensesCents: total(initiatives.expensesCents),
      availableCents: total(sql`greatest(${left}, 0)`),
      overBudgetCents: total(sql`greatest(-${left}, 0)`),
      expenseCount: total(receiptFigures.expenseCount),
      withoutReceipt: total(receiptFigures.withoutReceipt),
      receiptCoverage: sql<number | null>`round(
        sum(${receiptFigures.coveredCents})::numeric / nullif(sum(${receiptFigures.expenseCents}), 0),
        4)`.mapWith((v) => (v === null ? null : Number(v))),
    })
    .from(grants)
    .leftJoin(initiatives, eq(initiatives.grantId, grants.id))
    .leftJoinLateral(receiptFigures, sql`true`)
    .where(and(where))
    .groupBy(
      sql`grouping sets ((${grantColumns}, ${initiatives.id}, ${initiatives.name},
        ${initiatives.hidden}), (${grantColumns}), ())`,
    )
    .orderBy(
      sql`grouping(${grants.id})`,
      asc(sql`lower(${grants.name})`),
      asc(grants.id),
      sql`grouping(${initiatives.id})`,
      asc(sql`lower(${initiatives.name})`),
      asc(initiatives.id),
    );
}
export type OverviewLine = Awaited<ReturnType<typeof selectOverviewLines>>[number];
