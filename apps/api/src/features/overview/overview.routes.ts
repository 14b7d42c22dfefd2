import type { FastifyInstance } from 'fastify';
import type { Readable } from 'node:stream';
import { overviewContract, type Overview } from '@helder/shared/overview';
import { registerEndpoint } from '../../http/routes';
import { sendExport, type ExportFile } from '../payments';
import { grantOverview, regulationOverview } from './overview.service';

/**
 * A file goes out as a stream, past the JSON serializer (the contract's response documents the
 * JSON form); the JSON as it is.
 */
const send = (reply: Parameters<typeof sendExport>[0], result: Overview | ExportFile) =>
  'body' in result ? (sendExport(reply, result) satisfies Readable as never) : result;

/** HTTP only: the overview is made in the service. */
export async function overviewRoutes(api: FastifyInstance) {
  const c = overviewContract;
  registerEndpoint(api, c.regulation, async ({ ctx, params, query, reply }) =>
    send(reply, await regulationOverview(ctx, params, query)),
  );
  registerEndpoint(api, c.grant, async ({ ctx, params, query, reply }) =>
    send(reply, await grantOverview(ctx, params, query)),
  );
}
