import type { FastifyInstance } from 'fastify';
import { activitiesContract } from '@helder/shared/activities';
import { registerEndpoint } from '../../http/routes';
import {
  removeActivityPicture,
  setActivityOwners,
  uploadActivityPicture,
} from './activities.owners';
import { createActivity, deleteActivity, getActivity, updateActivity } from './activities.service';

/** HTTP only: every rule lives in activities.service.ts and activities.owners.ts. */
export async function activitiesRoutes(api: FastifyInstance) {
  registerEndpoint(api, activitiesContract.create, ({ ctx, params, body }) =>
    createActivity(ctx, params.initiativeId, body),
  );
  registerEndpoint(api, activitiesContract.get, ({ ctx, params }) => getActivity(ctx, params));
  registerEndpoint(api, activitiesContract.update, ({ ctx, params, body }) =>
    updateActivity(ctx, params, body),
  );
  registerEndpoint(api, activitiesContract.remove, async ({ ctx, params }) => {
    await deleteActivity(ctx, params);
    return undefined;
  });
  registerEndpoint(api, activitiesContract.setOwners, async ({ ctx, params, body }) => ({
    users: await setActivityOwners(ctx, params, body.user_ids),
  }));
  registerEndpoint(
    api,
    activitiesContract.uploadPicture,
    ({ ctx, params, files }) => uploadActivityPicture(ctx, params, files),
    { maxFiles: 1 },
  );
  registerEndpoint(api, activitiesContract.removePicture, async ({ ctx, params }) => {
    await removeActivityPicture(ctx, params);
    return undefined;
  });
}
