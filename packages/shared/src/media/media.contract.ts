import { z } from 'zod';
import { endpoint, idSchema, pagingQuery, parentIdSchema } from '../http';
import { mediaResponse } from './media.schema';

export const mediaContract = {
  initiative: endpoint({
    method: 'GET',
    path: '/initiative/:initiativeId/media',
    summary: "Attachments of the initiative's visible payments (its activities' too), newest first",
    public: true,
    params: z.object({ initiativeId: idSchema }),
    query: pagingQuery,
    response: mediaResponse,
  }),
  activity: endpoint({
    method: 'GET',
    path: '/initiative/:initiativeId/activity/:activityId/media',
    summary: "Attachments of the activity's visible payments, newest first",
    public: true,
    params: z.object({ initiativeId: parentIdSchema, activityId: idSchema }),
    query: pagingQuery,
    response: mediaResponse,
  }),
};
