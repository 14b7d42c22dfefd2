import type { FastifyInstance } from 'fastify';
import { usersContract } from '@helder/shared/users';
import { registerEndpoint } from '../../http/routes';
import {
  deleteUser,
  getUser,
  inviteUser,
  listUsers,
  removeUserPicture,
  updateUser,
  uploadPicture,
} from './users.service';

/** HTTP only: every rule lives in users.service.ts. */
export async function usersRoutes(api: FastifyInstance) {
  registerEndpoint(api, usersContract.list, async ({ ctx, query }) => ({
    users: await listUsers(ctx, query),
  }));
  registerEndpoint(api, usersContract.get, ({ ctx, params }) => getUser(ctx, params.id));
  registerEndpoint(api, usersContract.invite, ({ ctx, body }) => inviteUser(ctx, body));
  registerEndpoint(api, usersContract.update, ({ ctx, params, body }) =>
    updateUser(ctx, params.id, body),
  );
  registerEndpoint(api, usersContract.remove, async ({ ctx, params }) => {
    await deleteUser(ctx, params.id);
    return undefined;
  });
  registerEndpoint(
    api,
    usersContract.uploadPicture,
    ({ ctx, params, files }) => uploadPicture(ctx, params.id, files),
    { maxFiles: 1 },
  );
  registerEndpoint(api, usersContract.removePicture, async ({ ctx, params }) => {
    await removeUserPicture(ctx, params.id);
    return undefined;
  });
}
