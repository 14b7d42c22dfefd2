import { centsToEuros } from '@helder/shared/money';
import type { SpendingInterval, SpendingResponse } from '@helder/shared/spending';
import type { Ctx } from '../../http/context';
import { findInitiative } from '../initiatives';
import { selectSpending } from './spending.queries';

/**
 * An initiative's expenses over time, as the caller sees its payment list; 404 when the
 * initiative is hidden from the caller (docs/api-rules.md §17).
 */
export async function initiativeSpending(
  ctx: Ctx,
  initiativeId: number,
  interval: SpendingInterval,
): Promise<SpendingResponse> {
  await findInitiative(ctx, initiativeId);
  const rows = await selectSpending(ctx.db, ctx.actor, { initiativeId }, interval);
  return {
    interval,
    periods: rows.map((row) => ({
      period: row.period,
      expenses: centsToEuros(row.cents),
      cumulative_expenses: centsToEuros(row.cumulativeCents),
    })),
  };
}
