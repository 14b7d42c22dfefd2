import { z } from 'zod';
import { endpoint, idSchema, parentIdSchema, userIdsBody } from '../http';
import { officerSchema } from '../regulations';
import { grantBody, grantPatch, grantSchema } from './grants.schema';

const regulationParams = z.object({ funderId: parentIdSchema, regulationId: idSchema });
const grantParams = z.object({
  funderId: parentIdSchema,
  regulationId: parentIdSchema,
  grantId: idSchema,
});
const base = '/funder/:funderId/regulation/:regulationId';

export const grantsContract = {
  list: endpoint({
    method: 'GET',
    path: `${base}/grants`,
    summary: "A regulation's grants",
    public: true,
    params: regulationParams,
    response: z.object({ grants: z.array(grantSchema) }),
  }),
  create: endpoint({
    method: 'POST',
    path: `${base}/grant`,
    summary: 'Create a grant (beschikking) under a regulation',
    params: regulationParams,
    body: grantBody,
    response: grantSchema,
  }),
  get: endpoint({
    method: 'GET',
    path: `${base}/grant/:grantId`,
    summary: 'Read a grant with its overseers and initiatives',
    public: true,
    params: grantParams,
    response: grantSchema,
  }),
  update: endpoint({
    method: 'PATCH',
    path: `${base}/grant/:grantId`,
    summary: 'Edit a grant',
    params: grantParams,
    body: grantPatch,
    response: grantSchema,
  }),
  remove: endpoint({
    method: 'DELETE',
    path: `${base}/grant/:grantId`,
    summary: 'Delete a grant and everything beneath it',
    params: grantParams,
    response: z.undefined(),
    status: 204,
  }),
  setOverseers: endpoint({
    method: 'PATCH',
    path: `${base}/grant/:grantId/overseers`,
    summary: "Replace the grant's overseers (penvoerders)",
    params: grantParams,
    body: userIdsBody,
    response: z.object({ users: z.array(officerSchema) }),
  }),
};
