import type { FastifyInstance } from 'fastify';
import { spendingContract } from '@helder/shared/spending';
import { registerEndpoint } from '../../http/routes';
import { initiativeSpending, regulationSpending } from './spending.service';

/** HTTP only: the sums are made in the service. */
export async function spendingRoutes(api: FastifyInstance) {
  registerEndpoint(api, spendingContract.initiative, ({ ctx, params, query }) =>
    initiativeSpending(ctx, params.initiativeId, query.interval),
  );
  registerEndpoint(api, spendingContract.regulation, ({ ctx, params }) =>
    regulationSpending(ctx, params),
  );
}
