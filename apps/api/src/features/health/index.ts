import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';

/** Liveness plus a database round trip. */
export async function healthRoutes(api: FastifyInstance) {
  api.get('/health', { schema: { hide: true } }, async (request, reply) => {
    try {
      await request.ctx.db.execute(sql`select 1`);
      return { status: 'ok' };
    } catch (err) {
      request.log.error({ err }, 'health check failed');
      return reply.status(503).send({ status: 'unavailable' });
    }
  });
}
