import { z } from 'zod';
import { emptyResponse, endpoint, idSchema, parentIdSchema, userIdsBody } from '../http';
import { ownerSchema } from '../initiatives/initiatives.schema';
import { pictureSchema } from '../users/users.schema';
import { activityBody, activityPatch, activitySchema } from './activities.schema';
import { routeTable } from './activities.routes';

const initiativeParams = z.object({ initiativeId: idSchema });
const activityParams = z.object({ initiativeId: parentIdSchema, activityId: idSchema });

export const activitiesContract = {
  create: endpoint({
    ...routeTable.create,
    summary: 'Create an activity in an initiative (managers and initiative owners)',
    params: initiativeParams,
    body: activityBody,
    response: activitySchema,
  }),
  get: endpoint({
    ...routeTable.get,
    summary: 'Read an activity with its owners and initiative',
    params: activityParams,
    response: activitySchema,
  }),
  update: endpoint({
    ...routeTable.update,
    summary: 'Edit an activity (fields per edit-fields)',
    params: activityParams,
    body: activityPatch,
    response: activitySchema,
  }),
  remove: endpoint({
    ...routeTable.remove,
    summary: 'Delete an activity and its manual payments; bank payments are unlinked from it',
    params: activityParams,
    response: z.undefined(),
  }),
  setOwners: endpoint({
    ...routeTable.setOwners,
    summary: "Replace the activity's owners (activiteitnemers)",
    params: activityParams,
    body: userIdsBody,
    response: z.object({ users: z.array(ownerSchema) }),
  }),
  uploadPicture: endpoint({
    ...routeTable.uploadPicture,
    summary: 'Upload or replace the activity picture (multipart field "file")',
    params: activityParams,
    response: pictureSchema,
  }),
  removePicture: endpoint({
    ...routeTable.removePicture,
    summary: 'Remove the activity picture and its files (also when there is none)',
    params: activityParams,
    response: emptyResponse,
  }),
};
