import type { FastifyInstance } from 'fastify';
import { regulationsContract } from '@helder/shared/regulations';
import type { Config } from '../../config/env';
import type { Changes } from '../../http/kept-until-change';
import { registerEndpoint } from '../../http/routes';
import {
  createRegulation,
  deleteRegulation,
  getRegulation,
  keepGrants,
  listRegulations,
  setOfficers,
  updateRegulation,
} from './regulations.service';

/** HTTP only: every rule lives in regulations.service.ts. */
export async function regulationsRoutes(
  api: FastifyInstance,
  config: Config,
  changes: Changes | null,
) {
  const kept = keepGrants(changes, config.publicCacheSeconds);
  registerEndpoint(api, regulationsContract.list, async ({ ctx, params }) => ({
    regulations: await listRegulations(ctx, params.funderId),
  }));
  registerEndpoint(api, regulationsContract.create, ({ ctx, params, body }) =>
    createRegulation(ctx, params.funderId, body),
  );
  registerEndpoint(api, regulationsContract.get, ({ ctx, params }) =>
    getRegulation(ctx, params, kept),
  );
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
