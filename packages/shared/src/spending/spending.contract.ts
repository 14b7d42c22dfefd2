import { z } from 'zod';
import { endpoint, idSchema, parentIdSchema } from '../http';
import { routeTable } from './spending.routes';
import { regulationSpendingResponse, spendingQuery, spendingResponse } from './spending.schema';

export const spendingContract = {
  initiative: endpoint({
    ...routeTable.initiative,
    summary:
      "The initiative's visible expenses per week, month or year, with their running total, oldest first",
    params: z.object({ initiativeId: idSchema }),
    query: spendingQuery,
    response: spendingResponse,
  }),
  regulation: endpoint({
    ...routeTable.regulation,
    summary:
      "The money of a regulation's initiatives the caller may see under it, most spent first",
    params: z.object({ funderId: parentIdSchema, regulationId: idSchema }),
    response: regulationSpendingResponse,
  }),
};
