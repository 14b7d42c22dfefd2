import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Actor } from '@helder/shared/permissions';
import type { Executor } from '../db/client';
import { users } from '../db/schema';
import { verifyAccessToken } from '../lib/jwt';

declare module 'fastify' {
  interface FastifyRequest {
    actor: Actor | null;
  }
}

interface AuthOptions {
  db: Executor;
  secret: string;
  clock: () => Date;
}

/**
 * Sets `request.actor`. A missing header, `Bearer `, `Bearer undefined`, a bad or expired token,
 * a deactivated user, or a token from before the user's last password change all mean anonymous; routes that need login answer 401 themselves.
 */
async function auth(app: FastifyInstance, { db, secret, clock }: AuthOptions) {
  app.decorateRequest('actor', null);
  app.addHook('onRequest', async (request) => {
    const header = request.headers.authorization;
    const match = header?.match(/^Bearer\s+(\S+)$/i);
    if (!match) return;
    const token = await verifyAccessToken(secret, match[1]!, clock());
    if (token === null) return;
    const [user] = await db
      .select({
        id: users.id,
        role: users.role,
        isSuperuser: users.isSuperuser,
        isActive: users.isActive,
        tokenVersion: users.tokenVersion,
      })
      .from(users)
      .where(eq(users.id, token.id));
    if (user?.isActive && user.tokenVersion === token.version) {
      request.actor = { id: user.id, role: user.role, isSuperuser: user.isSuperuser };
    }
  });
}

export default fp(auth, { name: 'helder-auth' });
