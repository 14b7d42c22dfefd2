import type { FastifyInstance } from 'fastify';
import { mediaContract } from '@helder/shared/media';
import { registerEndpoint } from '../../http/routes';
import { getReading } from './receipts.service';

/** HTTP only: the rules live in receipts.service.ts. */
export async function receiptsRoutes(api: FastifyInstance) {
  registerEndpoint(api, mediaContract.reading, ({ ctx, params }) =>
    getReading(ctx, params.mediaId),
  );
}
