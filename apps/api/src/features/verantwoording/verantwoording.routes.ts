import type { FastifyInstance } from 'fastify';
import { verantwoordingContract } from '@helder/shared/verantwoording';
import { registerEndpoint } from '../../http/routes';
import { sendExport } from '../payments';
import { activityPackage, initiativePackage } from './verantwoording.service';

/** HTTP only: the package is made in the service. */
export async function verantwoordingRoutes(api: FastifyInstance) {
  const c = verantwoordingContract;
  registerEndpoint(api, c.initiative, async ({ ctx, params, query, reply }) =>
    sendExport(reply, await initiativePackage(ctx, params.initiativeId, query)),
  );
  registerEndpoint(api, c.activity, async ({ ctx, params, query, reply }) =>
    sendExport(reply, await activityPackage(ctx, params, query)),
  );
}
