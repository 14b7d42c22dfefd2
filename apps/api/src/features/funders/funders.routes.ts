import type { FastifyInstance } from 'fastify';
import { fundersContract } from '@helder/shared/funders';
import { registerEndpoint } from '../../http/routes';
import {
  createFunder,
  deleteFunder,
  getFunder,
  listFunders,
  removeFunderLogo,
  updateFunder,
  uploadFunderLogo,
} from './funders.service';
import { openDataCsv, openDataGrants } from './open-data';

/** HTTP only: every rule lives in funders.service.ts. */
export async function fundersRoutes(api: FastifyInstance) {
  registerEndpoint(api, fundersContract.list, async ({ ctx, query }) => ({
    funders: await listFunders(ctx, query),
  }));
  registerEndpoint(api, fundersContract.create, ({ ctx, body }) => createFunder(ctx, body));
  registerEndpoint(api, fundersContract.get, ({ ctx, params }) => getFunder(ctx, params.id));
  registerEndpoint(api, fundersContract.update, ({ ctx, params, body }) =>
    updateFunder(ctx, params.id, body),
  );
  registerEndpoint(api, fundersContract.remove, async ({ ctx, params }) => {
    await deleteFunder(ctx, params.id);
    return undefined;
  });
  registerEndpoint(
    api,
    fundersContract.uploadLogo,
    ({ ctx, params, files }) => uploadFunderLogo(ctx, params.id, files),
    { maxFiles: 1 },
  );
  registerEndpoint(api, fundersContract.removeLogo, async ({ ctx, params }) => {
    await removeFunderLogo(ctx, params.id);
    return undefined;
  });
  registerEndpoint(api, fundersContract.openDataJson, async ({ ctx, params }) => ({
    grants: await openDataGrants(ctx, params.id),
  }));
  registerEndpoint(api, fundersContract.openDataCsv, async ({ ctx, params, reply }) => {
    const csv = openDataCsv(await openDataGrants(ctx, params.id));
    void reply
      .header('Content-Type', 'text/csv; charset=utf-8')
      .header('Content-Disposition', `inline; filename="360giving-funder-${params.id}.csv"`);
    return csv;
  });
}
