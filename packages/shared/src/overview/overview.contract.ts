import { z } from 'zod';
import { endpoint, idSchema, parentIdSchema } from '../http';
import { routeTable } from './overview.routes';
import { overviewQuery, overviewSchema } from './overview.schema';

export const overviewContract = {
  regulation: endpoint({
    ...routeTable.regulation,
    summary:
      "The funder's overview of a regulation: every initiative's budget, income, expenses and receipts per grant, exceptions first",
    params: z.object({ funderId: parentIdSchema, regulationId: idSchema }),
    query: overviewQuery,
    response: overviewSchema,
  }),
  grant: endpoint({
    ...routeTable.grant,
    summary: "The funder's overview of one grant, as the regulation's",
    params: z.object({ funderId: parentIdSchema, regulationId: parentIdSchema, grantId: idSchema }),
    query: overviewQuery,
    response: overviewSchema,
  }),
};
