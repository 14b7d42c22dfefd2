import { z } from 'zod';
import { emptyResponse, endpoint, idParams, idSchema, parentIdSchema, userIdsBody } from '../http';
import { pictureSchema } from '../users/users.schema';
import {
  initiativeBody,
  initiativeListItemSchema,
  initiativePatch,
  initiativeSchema,
  initiativesQuery,
  ownerSchema,
} from './initiatives.schema';

const grantParams = z.object({
  funderId: parentIdSchema,
  regulationId: parentIdSchema,
  grantId: idSchema,
});

export const initiativesContract = {
  list: endpoint({
    method: 'GET',
    path: '/initiatives',
    summary:
      'Initiatives visible to the caller, newest first (id descending); only_mine needs a login',
    public: true,
    query: initiativesQuery,
    response: z.object({ initiatives: z.array(initiativeListItemSchema) }),
  }),
  create: endpoint({
    method: 'POST',
    path: '/funder/:funderId/regulation/:regulationId/grant/:grantId/initiative',
    summary: 'Create an initiative under a grant (admins and grant officers of the regulation)',
    params: grantParams,
    body: initiativeBody,
    response: initiativeSchema,
  }),
  get: endpoint({
    method: 'GET',
    path: '/initiative/:id',
    summary: 'Read an initiative with its grant, owners and visible activities',
    public: true,
    params: idParams,
    response: initiativeSchema,
  }),
  update: endpoint({
    method: 'PATCH',
    path: '/initiative/:id',
    summary: 'Edit an initiative (fields per edit-fields)',
    params: idParams,
    body: initiativePatch,
    response: initiativeSchema,
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/initiative/:id',
    summary: 'Delete an initiative, its activities and manual payments; bank payments are unlinked',
    params: idParams,
    response: z.undefined(),
    status: 204,
  }),
  setOwners: endpoint({
    method: 'PATCH',
    path: '/initiative/:id/owners',
    summary: "Replace the initiative's owners (initiatiefnemers)",
    params: idParams,
    body: userIdsBody,
    response: z.object({ users: z.array(ownerSchema) }),
  }),
  uploadPicture: endpoint({
    method: 'POST',
    path: '/initiative/:id/profile-picture',
    summary: 'Upload or replace the initiative picture (multipart field "file")',
    bodyType: 'multipart',
    params: idParams,
    response: pictureSchema,
  }),
  removePicture: endpoint({
    method: 'DELETE',
    path: '/initiative/:id/profile-picture',
    summary: 'Remove the initiative picture and its files (also when there is none)',
    params: idParams,
    response: emptyResponse,
    status: 204,
  }),
};
