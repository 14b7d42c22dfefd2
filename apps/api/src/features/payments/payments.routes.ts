import type { FastifyInstance } from 'fastify';
import { paymentsContract } from '@helder/shared/payments';
import type { Config } from '../../config/env';
import type { Changes } from '../../http/kept-until-change';
import { registerEndpoint } from '../../http/routes';
import {
  addAttachments,
  MAX_ATTACHMENTS_PER_REQUEST,
  removeAttachment,
} from './payments.attachments';
import { bulkLink } from './payments.bulk';
import { exportActivityPayments, exportInitiativePayments, sendExport } from './payments.export';
import {
  activityPayments,
  initiativePayments,
  linkableActivities,
  linkableInitiatives,
  userPayments,
} from './payments.lists';
import { keepTotals } from './payments.page';
import { reopenReview, reviewPayment, reviewSummary } from './payments.reviews';
import {
  createPayment,
  deletePayment,
  getPayment,
  linkActivity,
  linkInitiative,
  updatePayment,
} from './payments.service';

/** HTTP only: every rule lives in the payments service, lists and attachments modules. */
export async function paymentsRoutes(
  api: FastifyInstance,
  config: Config,
  changes: Changes | null,
) {
  const c = paymentsContract;
  const kept = keepTotals(changes, config.publicCacheSeconds);
  registerEndpoint(api, c.create, ({ ctx, body }) => createPayment(ctx, body));
  registerEndpoint(api, c.get, ({ ctx, params }) => getPayment(ctx, params.paymentId));
  registerEndpoint(api, c.update, ({ ctx, params, body }) =>
    updatePayment(ctx, params.paymentId, body),
  );
  registerEndpoint(api, c.remove, async ({ ctx, params }) => {
    await deletePayment(ctx, params.paymentId);
    return undefined;
  });
  registerEndpoint(api, c.linkInitiative, ({ ctx, params, body }) =>
    linkInitiative(ctx, params.paymentId, body.initiative_id),
  );
  registerEndpoint(api, c.linkActivity, ({ ctx, params, body }) =>
    linkActivity(ctx, params.paymentId, body),
  );
  registerEndpoint(api, c.bulkLink, ({ ctx, body }) => bulkLink(ctx, body.links));
  registerEndpoint(
    api,
    c.addAttachments,
    async ({ ctx, params, files }) => {
      const added = await addAttachments(ctx, params.paymentId, files);
      // After the commit: the reading job must find the attachments it reads.
      await api.receiptReadings?.queue(added.attachments.map((a) => a.id));
      return added;
    },
    { maxFiles: MAX_ATTACHMENTS_PER_REQUEST },
  );
  registerEndpoint(api, c.removeAttachment, async ({ ctx, params }) => {
    await removeAttachment(ctx, params.paymentId, params.attachmentId);
    return undefined;
  });
  registerEndpoint(api, c.review, ({ ctx, params, body }) =>
    reviewPayment(ctx, params.paymentId, body),
  );
  registerEndpoint(api, c.reopen, ({ ctx, params }) => reopenReview(ctx, params.paymentId));
  registerEndpoint(api, c.reviewSummary, ({ ctx, params }) =>
    reviewSummary(ctx, params.initiativeId),
  );
  registerEndpoint(api, c.initiative, ({ ctx, params, query }) =>
    initiativePayments(ctx, params.initiativeId, query, kept),
  );
  registerEndpoint(api, c.activity, ({ ctx, params, query }) =>
    activityPayments(ctx, params, query, kept),
  );
  registerEndpoint(api, c.initiativeExport, async ({ ctx, params, query, reply }) =>
    sendExport(reply, await exportInitiativePayments(ctx, params.initiativeId, query)),
  );
  registerEndpoint(api, c.activityExport, async ({ ctx, params, query, reply }) =>
    sendExport(reply, await exportActivityPayments(ctx, params, query)),
  );
  registerEndpoint(api, c.user, ({ ctx, params, query }) =>
    userPayments(ctx, params.userId, query),
  );
  registerEndpoint(api, c.linkableInitiatives, async ({ ctx }) => ({
    initiatives: await linkableInitiatives(ctx),
  }));
  registerEndpoint(api, c.linkableActivities, async ({ ctx, params }) => ({
    activities: await linkableActivities(ctx, params.initiativeId),
  }));
}
