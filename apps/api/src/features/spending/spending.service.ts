import { centsToEuros } from '@helder/shared/money';
import type {
  RegulationSpendingResponse,
  SpendingInterval,
  SpendingResponse,
} from '@helder/shared/spending';
import type { Ctx } from '../../http/context';
import { findInitiative } from '../initiatives';
import { findRegulation, type RegulationPath } from '../regulations';
import { figuresInEuros } from '../../lib/figures';
import { selectRegulationSpending, selectSpending } from './spending.queries';

/**
 * An initiative's expenses over time, as the caller sees its payment list; 404 when the
 * initiative is hidden from the caller (docs/api-rules.md §21).
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

/**
 * What a regulation's initiatives have and spent, for the chart of its page: those the caller
 * may see under it (docs/api-rules.md §21); 404 for an unknown regulation or funder.
 */
export async function regulationSpending(
  ctx: Ctx,
  path: RegulationPath,
): Promise<RegulationSpendingResponse> {
  await findRegulation(ctx, path);
  const rows = await selectRegulationSpending(ctx.db, ctx.actor, path.regulationId);
  return {
    initiatives: rows.map((row) => ({
      id: row.id,
      name: row.name,
      grant: { id: row.grantId, name: row.grantName },
      ...figuresInEuros(row),
    })),
  };
}
