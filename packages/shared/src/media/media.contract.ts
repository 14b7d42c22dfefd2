import { z } from 'zod';
import { endpoint, idSchema, pagingQuery, parentIdSchema } from '../http';
import { mediaPageResponse, receiptReadingSchema } from './media.schema';
import { routeTable } from './media.routes';

export const mediaContract = {
  initiative: endpoint({
    ...routeTable.initiative,
    summary: "Attachments of the initiative's visible payments (its activities' too), newest first",
    params: z.object({ initiativeId: idSchema }),
    query: pagingQuery,
    response: mediaPageResponse,
  }),
  activity: endpoint({
    ...routeTable.activity,
    summary: "Attachments of the activity's visible payments, newest first",
    params: z.object({ initiativeId: parentIdSchema, activityId: idSchema }),
    query: pagingQuery,
    response: mediaPageResponse,
  }),
  reading: endpoint({
    ...routeTable.reading,
    summary: "What reading a receipt proposes for its payment's fields, once the job is done",
    params: z.object({ mediaId: idSchema }),
    response: receiptReadingSchema,
  }),
};
