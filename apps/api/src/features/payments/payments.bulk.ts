/**
 * POST /payments/links: many links at once, in one transaction (docs/api-rules.md §5 for each).
 * Each link goes the way the single link calls go, with their checks and audit rows; the first
 * that is refused refuses them all, and nothing is changed. Undoing is the same call with the
 * links from before, so it is checked as strictly.
 */
import type { z } from 'zod';
import type { bulkLinkBody, Payment } from '@helder/shared/payments';
import { requireActor, type Ctx } from '../../http/context';
import { findPayment, linkActivity, linkInitiative } from './payments.service';

type BulkLinks = z.output<typeof bulkLinkBody>['links'];

export async function bulkLink(ctx: Ctx, links: BulkLinks): Promise<{ payments: Payment[] }> {
  requireActor(ctx);
  return ctx.db.transaction(async (tx) => {
    const inTx: Ctx = { ...ctx, db: tx };
    const done: Payment[] = [];
    for (const link of links) {
      const id = link.payment_id;
      const row = await findPayment(inTx, id);
      let linked: Payment | undefined;
      // The order the single calls allow: out of the activity, then the initiative, then in.
      const moves = row.initiativeId !== link.initiative_id;
      if (row.initiativeId !== null && row.activityId !== null) {
        if (moves || link.activity_id !== row.activityId) {
          linked = await linkActivity(inTx, id, {
            initiative_id: row.initiativeId,
            activity_id: null,
          });
        }
      }
      if (moves) linked = await linkInitiative(inTx, id, link.initiative_id);
      if (link.initiative_id !== null && link.activity_id !== null) {
        linked = await linkActivity(inTx, id, {
          initiative_id: link.initiative_id,
          activity_id: link.activity_id,
        });
      }
      done.push(linked ?? (await linkInitiative(inTx, id, row.initiativeId)));
    }
    return { payments: done };
  });
}
