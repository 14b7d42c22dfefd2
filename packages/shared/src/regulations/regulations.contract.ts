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
import { routeTable } from './regulations.routes';

const funderParams = z.object({ funderId: idSchema });
const regulationParams = z.object({ funderId: parentIdSchema, regulationId: idSchema });

export const regulationsContract = {
  list: endpoint({
    ...routeTable.list,
    summary: "A funder's regulations by name",
    params: funderParams,
    response: z.object({ regulations: z.array(regulationSummarySchema) }),
  }),
  create: endpoint({
    ...routeTable.create,
    summary: 'Create a regulation under a funder',
    params: funderParams,
    body: regulationBody,
    response: regulationSchema,
  }),
  get: endpoint({
    ...routeTable.get,
    summary: 'Read a regulation with its grants and officers',
    params: regulationParams,
    response: regulationSchema,
  }),
  update: endpoint({
    ...routeTable.update,
    summary: 'Edit a regulation',
    params: regulationParams,
    body: regulationPatch,
    response: regulationSchema,
  }),
  remove: endpoint({
    ...routeTable.remove,
    summary: 'Delete a regulation and everything beneath it',
    params: regulationParams,
    response: z.undefined(),
  }),
  setOfficers: endpoint({
    ...routeTable.setOfficers,
    summary: "Replace the regulation's grant officers or policy officers",
    params: regulationParams,
    body: officersBody,
    response: z.object({ users: z.array(officerSchema) }),
  }),
};
