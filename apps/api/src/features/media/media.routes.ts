import type { FastifyInstance } from 'fastify';
import { mediaContract } from '@helder/shared/media';
import { registerEndpoint } from '../../http/routes';
import { activityMedia, initiativeMedia } from './media.service';

/** HTTP only: the rules live in media.service.ts. */
export async function mediaRoutes(api: FastifyInstance) {
  registerEndpoint(api, mediaContract.initiative, async ({ ctx, params, query }) => ({
    attachments: await initiativeMedia(ctx, params.initiativeId, query),
  }));
  registerEndpoint(api, mediaContract.activity, async ({ ctx, params, query }) => ({
    attachments: await activityMedia(ctx, params, query),
  }));
}
