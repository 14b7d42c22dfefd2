import { z } from 'zod';
import { endpoint, idSchema, parentIdSchema, userIdsBody } from '../http';
import { officerSchema } from '../regulations';
import { grantBody, grantPatch, grantSchema } from './grants.schema';
import { routeTable } from './grants.routes';

const regulationParams = z.object({ funderId: parentIdSchema, regulationId: idSchema });
const grantParams = z.object({
  funderId: parentIdSchema,
  regulationId: parentIdSchema,
  grantId: idSchema,
});

export const grantsContract = {
  list: endpoint({
    ...routeTable.list,
    summary: "A regulation's grants",
    params: regulationParams,
    response: z.object({ grants: z.array(grantSchema) }),
  }),
  create: endpoint({
    ...routeTable.create,
    summary: 'Create a grant (beschikking) under a regulation',
    params: regulationParams,
    body: grantBody,
    response: grantSchema,
  }),
  get: endpoint({
    ...routeTable.get,
    summary: 'Read a grant with its overseers and initiatives',
    params: grantParams,
    response: grantSchema,
  }),
  update: endpoint({
    ...routeTable.update,
    summary: 'Edit a grant',
    params: grantParams,
    body: grantPatch,
    response: grantSchema,
  }),
  remove: endpoint({
    ...routeTable.remove,
    summary: 'Delete a grant and everything beneath it',
    params: grantParams,
    response: z.undefined(),
  }),
  setOverseers: endpoint({
    ...routeTable.setOverseers,
    summary: "Replace the grant's overseers (penvoerders)",
    params: grantParams,
    body: userIdsBody,
    response: z.object({ users: z.array(officerSchema) }),
  }),
};
