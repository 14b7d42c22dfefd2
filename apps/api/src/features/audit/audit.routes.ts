import type { FastifyInstance } from 'fastify';
import { auditContract } from '@helder/shared/audit';
import { registerEndpoint } from '../../http/routes';
import { listAudit } from './audit.service';

/** HTTP only: every rule lives in audit.service.ts. */
export async function auditRoutes(api: FastifyInstance) {
  registerEndpoint(api, auditContract.list, ({ ctx, query }) => listAudit(ctx, query));
}
