import { z } from 'zod';
import { endpoint, idSchema, parentIdSchema } from '../http';
import {
  officerSchema,
  officersBody,
  regulationBody,
  regulationPatch,
  regulationSchema,
  regulationSummarySchema,
} from './regulations.schema';

const funderParams = z.object({ funderId: idSchema });
const regulationParams = z.object({ funderId: parentIdSchema, regulationId: idSchema });

export const regulationsContract = {
  list: endpoint({
    method: 'GET',
    path: '/funder/:funderId/regulations',
    summary: "A funder's regulations by name",
    public: true,
    params: funderParams,
    response: z.object({ regulations: z.array(regulationSummarySchema) }),
  }),
  create: endpoint({
    method: 'POST',
    path: '/funder/:funderId/regulation',
    summary: 'Create a regulation under a funder',
    params: funderParams,
    body: regulationBody,
    response: regulationSchema,
  }),
  get: endpoint({
    method: 'GET',
    path: '/funder/:funderId/regulation/:regulationId',
    summary: 'Read a regulation with its grants and officers',
    public: true,
    params: regulationParams,
    response: regulationSchema,
  }),
  update: endpoint({
    method: 'PATCH',
    path: '/funder/:funderId/regulation/:regulationId',
    summary: 'Edit a regulation',
    params: regulationParams,
    body: regulationPatch,
    response: regulationSchema,
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/funder/:funderId/regulation/:regulationId',
    summary: 'Delete a regulation and everything beneath it',
    params: regulationParams,
    response: z.undefined(),
    status: 204,
  }),
  setOfficers: endpoint({
    method: 'PATCH',
    path: '/funder/:funderId/regulation/:regulationId/officers',
    summary: "Replace the regulation's grant officers or policy officers",
    params: regulationParams,
    body: officersBody,
    response: z.object({ users: z.array(officerSchema) }),
  }),
};
