import type { FastifyInstance } from 'fastify';
import { initiativesContract } from '@helder/shared/initiatives';
import { registerEndpoint } from '../../http/routes';
import {
  createInitiative,
  deleteInitiative,
  getInitiative,
  listInitiatives,
  updateInitiative,
} from './initiatives.service';
import {
  removeInitiativePicture,
  setInitiativeOwners,
  uploadInitiativePicture,
} from './initiatives.owners';

/** HTTP only: every rule lives in initiatives.service.ts. */
export async function initiativesRoutes(api: FastifyInstance) {
  registerEndpoint(api, initiativesContract.list, async ({ ctx, query }) => ({
    initiatives: await listInitiatives(ctx, query),
  }));
  registerEndpoint(api, initiativesContract.create, ({ ctx, params, body }) =>
    createInitiative(ctx, params, body),
  );
  registerEndpoint(api, initiativesContract.get, ({ ctx, params }) =>
    getInitiative(ctx, params.id),
  );
  registerEndpoint(api, initiativesContract.update, ({ ctx, params, body }) =>
    updateInitiative(ctx, params.id, body),
  );
  registerEndpoint(api, initiativesContract.remove, async ({ ctx, params }) => {
    await deleteInitiative(ctx, params.id);
    return undefined;
  });
  registerEndpoint(api, initiativesContract.setOwners, async ({ ctx, params, body }) => ({
    users: await setInitiativeOwners(ctx, params.id, body.user_ids),
  }));
  registerEndpoint(
    api,
    initiativesContract.uploadPicture,
    ({ ctx, params, files }) => uploadInitiativePicture(ctx, params.id, files),
    { maxFiles: 1 },
  );
  registerEndpoint(api, initiativesContract.removePicture, async ({ ctx, params }) => {
    await removeInitiativePicture(ctx, params.id);
    return undefined;
  });
}
