import { z } from 'zod';
import { endpoint, idSchema } from '../http';
import { routeTable } from './verantwoording.routes';
import { verantwoordingFileResponse, verantwoordingQuery } from './verantwoording.schema';

export const verantwoordingContract = {
  initiative: endpoint({
    ...routeTable.initiative,
    summary:
      "The initiative's accountability package: its visible payments' ledger and receipts, for a period",
    params: z.object({ initiativeId: idSchema }),
    query: verantwoordingQuery,
    response: verantwoordingFileResponse,
  }),
  activity: endpoint({
    ...routeTable.activity,
    summary:
      "The activity's accountability package: its visible payments' ledger and receipts, for a period",
    params: z.object({ initiativeId: idSchema, activityId: idSchema }),
    query: verantwoordingQuery,
    response: verantwoordingFileResponse,
  }),
};
