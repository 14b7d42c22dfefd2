import type { FastifyInstance } from 'fastify';
import { mediaContract } from '@helder/shared/media';
import { MAX_RECEIPTS_PER_REQUEST, receiptsContract } from '@helder/shared/receipts';
import { registerEndpoint } from '../../http/routes';
import { matchReceipts, paymentFromReceipt } from './inbox.attach';
import { addToInbox, listInbox, removeFromInbox } from './inbox.service';
import { getReading } from './receipts.service';

/** HTTP only: the rules live in receipts.service.ts and the inbox modules. */
export async function receiptsRoutes(api: FastifyInstance) {
  registerEndpoint(api, mediaContract.reading, ({ ctx, params }) =>
    getReading(ctx, params.mediaId),
  );
  const c = receiptsContract;
  // After each commit: the reading job must find the rows it reads.
  const requeue = (moved: Array<{ attachmentId: number }>) =>
    api.receiptReadings?.queue(moved.map((m) => m.attachmentId));
  registerEndpoint(
    api,
    c.add,
    async ({ ctx, query, files }) => {
      const ids = await addToInbox(ctx, query.initiative_id, files);
      await api.receiptReadings?.queueInbox(ids);
      return listInbox(ctx, query.initiative_id);
    },
    { maxFiles: MAX_RECEIPTS_PER_REQUEST },
  );
  registerEndpoint(api, c.list, ({ ctx, query }) => listInbox(ctx, query.initiative_id));
  registerEndpoint(api, c.matchAll, async ({ ctx, body }) => {
    const { matched, requeue: queued } = await matchReceipts(ctx, body.matches);
    await requeue(queued);
    return { matched };
  });
  registerEndpoint(api, c.match, async ({ ctx, params, body }) => {
    const { matched, requeue: queued } = await matchReceipts(ctx, [
      { receipt_id: params.receiptId, payment_id: body.payment_id },
    ]);
    await requeue(queued);
    return matched[0]!;
  });
  registerEndpoint(api, c.createPayment, async ({ ctx, params, body }) => {
    const { matched, requeue: queued } = await paymentFromReceipt(ctx, params.receiptId, body);
    await requeue(queued);
    return matched;
  });
  registerEndpoint(api, c.remove, async ({ ctx, params }) => {
    await removeFromInbox(ctx, params.receiptId);
    return undefined;
  });
}
