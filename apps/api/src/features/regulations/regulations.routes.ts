import type { FastifyInstance } from 'fastify';
import { regulationsContract } from '@helder/shared/regulations';
import { registerEndpoint } from '../../http/routes';
import {
  createRegulation,
  deleteRegulation,
  getRegulation,
  listRegulations,
  setOfficers,
  updateRegulation,
} from './regulations.service';

/** HTTP only: every rule lives in regulations.service.ts. */
export async function regulationsRoutes(api: FastifyInstance) {
  registerEndpoint(api, regulationsContract.list, async ({ ctx, params }) => ({
    regulations: await listRegulations(ctx, params.funderId),
  }));
  registerEndpoint(api, regulationsContract.create, ({ ctx, params, body }) =>
    createRegulation(ctx, params.funderId, body),
  );
  registerEndpoint(api, regulationsContract.get, ({ ctx, params }) => getRegulation(ctx, params));
  registerEndpoint(api, regulationsContract.update, ({ ctx, params, body }) =>
    updateRegulation(ctx, params, body),
  );
  registerEndpoint(api, regulationsContract.remove, async ({ ctx, params }) => {
    await deleteRegulation(ctx, params);
    return undefined;
  });
  registerEndpoint(api, regulationsContract.setOfficers, async ({ ctx, params, body }) => ({
    users: await setOfficers(ctx, params, body),
  }));
}
