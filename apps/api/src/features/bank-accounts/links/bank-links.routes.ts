import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { bankAccountsContract } from '@helder/shared/bank-accounts';
import { registerEndpoint } from '../../../http/routes';
import type { PresentUser } from '../providers/provider';
import { finishLink, initiateLink, listInstitutions } from './bank-links.service';
import { syncNow } from './sync-now';

/** The person in front of the request, for the provider's "user present" headers. */
const presentUser = (request: FastifyRequest): PresentUser => ({
  ipAddress: request.ip,
  userAgent: request.headers['user-agent'] ?? '',
});

/** Where the add-bank flow shows how linking ended (spec: step 3 and its message). */
const resultStep = (outcome: string) =>
  `/transactions/bankconnections/add-bank?step=3&message=${encodeURIComponent(outcome)}`;

export async function bankLinkRoutes(api: FastifyInstance) {
  const c = bankAccountsContract;
  registerEndpoint(api, c.institutions, ({ ctx }) => listInstitutions(ctx));
  registerEndpoint(api, c.initiate, ({ ctx, params, query, request }) =>
    initiateLink(ctx, params.userId, query, presentUser(request)),
  );
  registerEndpoint(api, c.sync, ({ ctx, params, request }) =>
    syncNow(ctx, params.userId, params.bankAccountId, presentUser(request)),
  );
  // The provider sends the browser here, without our token: the signed state says who it is.
  // Whatever arrives ends on a result screen, never on an error page.
  type Callback = { Params: { userId?: string }; Querystring: Record<string, string | undefined> };
  const callback = async (request: FastifyRequest<Callback>, reply: FastifyReply) => {
    const raw = request.params.userId;
    const userId = raw === undefined ? null : /^\d{1,9}$/.test(raw) ? Number(raw) : 0;
    const outcome =
      userId === 0
        ? 'user-404'
        : await finishLink(request.ctx, userId, request.query, presentUser(request));
    reply.header('cache-control', 'no-store');
    return reply.redirect(resultStep(outcome), 303);
  };
  api.get<Callback>('/users/:userId/gocardless-callback', { schema: { hide: true } }, callback);
  api.get<Callback>('/utils/gocardless/callback', { schema: { hide: true } }, callback);
}
