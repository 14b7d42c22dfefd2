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
import { routeTable } from './initiatives.routes';

const grantParams = z.object({
  funderId: parentIdSchema,
  regulationId: parentIdSchema,
  grantId: idSchema,
});

export const initiativesContract = {
  list: endpoint({
    ...routeTable.list,
    summary:
      'Initiatives visible to the caller, newest first (id descending); only_mine needs a login',
    query: initiativesQuery,
    response: z.object({ initiatives: z.array(initiativeListItemSchema) }),
  }),
  create: endpoint({
    ...routeTable.create,
    summary: 'Create an initiative under a grant (admins and grant officers of the regulation)',
    params: grantParams,
    body: initiativeBody,
    response: initiativeSchema,
  }),
  get: endpoint({
    ...routeTable.get,
    summary: 'Read an initiative with its grant, owners and visible activities',
    params: idParams,
    response: initiativeSchema,
  }),
  update: endpoint({
    ...routeTable.update,
    summary: 'Edit an initiative (fields per edit-fields)',
    params: idParams,
    body: initiativePatch,
    response: initiativeSchema,
  }),
  remove: endpoint({
    ...routeTable.remove,
    summary: 'Delete an initiative, its activities and manual payments; bank payments are unlinked',
    params: idParams,
    response: z.undefined(),
  }),
  setOwners: endpoint({
    ...routeTable.setOwners,
    summary: "Replace the initiative's owners (initiatiefnemers)",
    params: idParams,
    body: userIdsBody,
    response: z.object({ users: z.array(ownerSchema) }),
  }),
  uploadPicture: endpoint({
    ...routeTable.uploadPicture,
    summary: 'Upload or replace the initiative picture (multipart field "file")',
    params: idParams,
    response: pictureSchema,
  }),
  removePicture: endpoint({
    ...routeTable.removePicture,
    summary: 'Remove the initiative picture and its files (also when there is none)',
    params: idParams,
    response: emptyResponse,
  }),
};
