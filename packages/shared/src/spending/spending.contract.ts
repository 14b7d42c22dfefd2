import { z } from 'zod';
import { endpoint, idSchema } from '../http';
import { routeTable } from './spending.routes';
import { spendingQuery, spendingResponse } from './spending.schema';

export const spendingContract = {
  initiative: endpoint({
    ...routeTable.initiative,
    summary:
      "The initiative's visible expenses per week, month or year, with their running total, oldest first",
    params: z.object({ initiativeId: idSchema }),
    query: spendingQuery,
    response: spendingResponse,
  }),
};
