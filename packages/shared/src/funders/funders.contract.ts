import { z } from 'zod';
import { emptyResponse, endpoint, idParams, pagingQuery } from '../http';
import { pictureSchema } from '../users/users.schema';
import { funderBody, funderDetailSchema, funderPatch, funderSchema } from './funders.schema';
import { routeTable } from './funders.routes';
import { openDataCsvResponse, openDataPackageSchema } from './open-data.schema';

export const fundersContract = {
  list: endpoint({
    ...routeTable.list,
    summary: 'List funders (sponsors) by name',
    query: pagingQuery.partial(),
    response: z.object({ funders: z.array(funderSchema) }),
  }),
  create: endpoint({
    ...routeTable.create,
    summary: 'Create a funder',
    body: funderBody,
    response: funderSchema,
  }),
  get: endpoint({
    ...routeTable.get,
    summary: 'Read one funder with its regulations ({id, name}, by name)',
    params: idParams,
    response: funderDetailSchema,
  }),
  update: endpoint({
    ...routeTable.update,
    summary: 'Edit a funder',
    params: idParams,
    body: funderPatch,
    response: funderSchema,
  }),
  remove: endpoint({
    ...routeTable.remove,
    summary: 'Delete a funder and everything beneath it',
    params: idParams,
    response: z.undefined(),
  }),
  uploadLogo: endpoint({
    ...routeTable.uploadLogo,
    summary: 'Upload or replace the funder’s logo (multipart field "file"; png, jpeg or webp)',
    params: idParams,
    response: pictureSchema,
  }),
  removeLogo: endpoint({
    ...routeTable.removeLogo,
    summary: 'Remove the funder’s logo and its files (also when there is none)',
    params: idParams,
    response: emptyResponse,
  }),
  openDataJson: endpoint({
    ...routeTable.openDataJson,
    summary: 'Open data: the funder’s grants to visible initiatives in the 360Giving Data Standard',
    params: idParams,
    response: openDataPackageSchema,
  }),
  openDataCsv: endpoint({
    ...routeTable.openDataCsv,
    summary: 'Open data: the same grants as 360Giving’s flattened CSV',
    params: idParams,
    response: openDataCsvResponse,
  }),
};
