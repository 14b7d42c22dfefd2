import { z } from 'zod';
import { emptyResponse, endpoint, idSchema, parentIdSchema, userIdsBody } from '../http';
import { ownerSchema } from '../initiatives/initiatives.schema';
import { pictureSchema } from '../users/users.schema';
import { activityBody, activityPatch, activitySchema } from './activities.schema';

const initiativeParams = z.object({ initiativeId: idSchema });
const activityParams = z.object({ initiativeId: parentIdSchema, activityId: idSchema });
const base = '/initiative/:initiativeId/activity';

export const activitiesContract = {
  create: endpoint({
    method: 'POST',
    path: base,
    summary: 'Create an activity in an initiative (managers and initiative owners)',
    params: initiativeParams,
    body: activityBody,
    response: activitySchema,
  }),
  get: endpoint({
    method: 'GET',
    path: `${base}/:activityId`,
    summary: 'Read an activity with its owners and initiative',
    public: true,
    params: activityParams,
    response: activitySchema,
  }),
  update: endpoint({
    method: 'PATCH',
    path: `${base}/:activityId`,
    summary: 'Edit an activity (fields per edit-fields)',
    params: activityParams,
    body: activityPatch,
    response: activitySchema,
  }),
  remove: endpoint({
    method: 'DELETE',
    path: `${base}/:activityId`,
    summary: 'Delete an activity and its manual payments; bank payments are unlinked from it',
    params: activityParams,
    response: z.undefined(),
    status: 204,
  }),
  setOwners: endpoint({
    method: 'PATCH',
    path: `${base}/:activityId/owners`,
    summary: "Replace the activity's owners (activiteitnemers)",
    params: activityParams,
    body: userIdsBody,
    response: z.object({ users: z.array(ownerSchema) }),
  }),
  uploadPicture: endpoint({
    method: 'POST',
    path: `${base}/:activityId/profile-picture`,
    summary: 'Upload or replace the activity picture (multipart field "file")',
    bodyType: 'multipart',
    params: activityParams,
    response: pictureSchema,
  }),
  removePicture: endpoint({
    method: 'DELETE',
    path: `${base}/:activityId/profile-picture`,
    summary: 'Remove the activity picture and its files (also when there is none)',
    params: activityParams,
    response: emptyResponse,
    status: 204,
  }),
};
