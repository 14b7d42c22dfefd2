import { z } from 'zod';
import { endpoint, idParams, pagingQuery } from '../http';
import { funderBody, funderDetailSchema, funderPatch, funderSchema } from './funders.schema';

export const fundersContract = {
  list: endpoint({
    method: 'GET',
    path: '/funders',
    summary: 'List funders (sponsors) by name',
    public: true,
    query: pagingQuery.partial(),
    response: z.object({ funders: z.array(funderSchema) }),
  }),
  create: endpoint({
    method: 'POST',
    path: '/funder',
    summary: 'Create a funder',
    body: funderBody,
    response: funderSchema,
  }),
  get: endpoint({
    method: 'GET',
    path: '/funder/:id',
    summary: 'Read one funder with its regulations ({id, name}, by name)',
    public: true,
    params: idParams,
    response: funderDetailSchema,
  }),
  update: endpoint({
    method: 'PATCH',
    path: '/funder/:id',
    summary: 'Edit a funder',
    params: idParams,
    body: funderPatch,
    response: funderSchema,
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/funder/:id',
    summary: 'Delete a funder and everything beneath it',
    params: idParams,
    response: z.undefined(),
    status: 204,
  }),
};
