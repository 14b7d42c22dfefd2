import type { FastifyInstance } from 'fastify';
import { bankAccountsContract } from '@helder/shared/bank-accounts';
import { registerEndpoint } from '../../http/routes';
import {
  deleteAccount,
  getAccount,
  listAccounts,
  revokeAccount,
  setAccountUsers,
} from './bank-accounts.service';
import {
  cancelStatement,
  confirmStatement,
  MAX_STATEMENT_BYTES,
  previewStatement,
  statementProgress,
} from './statement-imports.service';
import { bankLinkRoutes } from './links/bank-links.routes';
import { PREVIEW_LIMIT, PREVIEW_LIMIT_WINDOW_MS } from './preview-limits';

/** HTTP only: the rules live in the bank-accounts and statement-imports services. */
export async function bankAccountsRoutes(api: FastifyInstance) {
  const c = bankAccountsContract;
  registerEndpoint(api, c.list, ({ ctx, params }) => listAccounts(ctx, params.userId));
  registerEndpoint(api, c.get, ({ ctx, params }) =>
    getAccount(ctx, params.userId, params.bankAccountId),
  );
  registerEndpoint(api, c.revoke, ({ ctx, params }) =>
    revokeAccount(ctx, params.userId, params.bankAccountId),
  );
  registerEndpoint(api, c.setUsers, ({ ctx, params, body }) =>
    setAccountUsers(ctx, params.userId, params.bankAccountId, body.user_ids),
  );
  registerEndpoint(api, c.remove, async ({ ctx, params }) => {
    await deleteAccount(ctx, params.userId, params.bankAccountId);
    return undefined;
  });
  registerEndpoint(
    api,
    c.preview,
    ({ ctx, params, body, files }) => previewStatement(ctx, params.userId, body, files),
    {
      maxFiles: 1,
      maxFileBytes: MAX_STATEMENT_BYTES,
      rateLimit: { max: PREVIEW_LIMIT, timeWindow: PREVIEW_LIMIT_WINDOW_MS, perUser: true },
    },
  );
  registerEndpoint(api, c.confirm, ({ ctx, params, query }) =>
    confirmStatement(ctx, params.userId, params.importId, query.bank),
  );
  registerEndpoint(api, c.progress, ({ ctx, params }) =>
    statementProgress(ctx, params.userId, params.importId),
  );
  registerEndpoint(api, c.cancel, async ({ ctx, params }) => {
    await cancelStatement(ctx, params.userId, params.importId);
    return undefined;
  });
  await bankLinkRoutes(api);
}
