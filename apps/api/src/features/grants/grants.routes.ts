import type { FastifyInstance } from 'fastify';
import { grantsContract } from '@helder/shared/grants';
import { registerEndpoint } from '../../http/routes';
import {
  createGrant,
  deleteGrant,
  getGrant,
  listGrants,
  setOverseers,
  updateGrant,
} from './grants.service';

/** HTTP only: every rule lives in grants.service.ts. */
export async function grantsRoutes(api: FastifyInstance) {
  registerEndpoint(api, grantsContract.list, async ({ ctx, params }) => ({
    grants: await listGrants(ctx, params),
  }));
  registerEndpoint(api, grantsContract.create, ({ ctx, params, body }) =>
    createGrant(ctx, params, body),
  );
  registerEndpoint(api, grantsContract.get, ({ ctx, params }) => getGrant(ctx, params));
  registerEndpoint(api, grantsContract.update, ({ ctx, params, body }) =>
    updateGrant(ctx, params, body),
  );
  registerEndpoint(api, grantsContract.remove, async ({ ctx, params }) => {
    await deleteGrant(ctx, params);
    return undefined;
  });
  registerEndpoint(api, grantsContract.setOverseers, async ({ ctx, params, body }) => ({
    users: await setOverseers(ctx, params, body.user_ids),
  }));
}
