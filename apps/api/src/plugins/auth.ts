import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Actor } from '@helder/shared/permissions';
import type { Executor } from '../db/client';
import { users } from '../db/schema';
import { KeptUntilChange, type Changes } from '../http/kept-until-change';
import { unexpired, verifyAccessToken, type VerifiedToken } from '../lib/jwt';

declare module 'fastify' {
  interface FastifyRequest {
    actor: Actor | null;
  }
}

interface AuthOptions {
  db: Executor;
  secret: string;
  clock: () => Date;
  /** Keeps the users read for the token check (ADR 0023); null asks the database each time. */
  keep: { changes: Changes; seconds: number } | null;
}

type TokenUser = Actor & { isActive: boolean; tokenVersion: number };

/** More than the people who log in to one installation; a user record is a few dozen bytes. */
const MAX_KEPT_USERS = 10_000;
/** Tokens whose signature was checked: a few hundred bytes each, the oldest dropped first. */
const MAX_KEPT_TOKENS = 10_000;

/**
 * Sets `request.actor`. A missing header, `Bearer `, `Bearer undefined`, a bad or expired token,
 * a deactivated user, or a token from before the user's last password change all mean anonymous; routes that need login answer 401 themselves.
 *
 * The user behind a token is kept in memory until any write (ADR 0023): deactivating a user or
 * changing a password is a write, so it ends their tokens at once here and, on other servers,
 * when PostgreSQL's notification arrives.
 */
async function auth(app: FastifyInstance, { db, secret, clock, keep }: AuthOptions) {
  const kept = new KeptUntilChange<number, TokenUser | null>(
    (keep?.seconds ?? 0) * 1000,
    MAX_KEPT_USERS,
  );
  keep?.changes.follow(kept);

  const tokenUser = async (id: number): Promise<TokenUser | null> => {
    const known = kept.get(id);
    if (known !== undefined) return known;
    const generation = kept.begin();
    const [user = null] = await db
      .select({
        id: users.id,
        role: users.role,
        isSuperuser: users.isSuperuser,
        isActive: users.isActive,
        tokenVersion: users.tokenVersion,
      })
      .from(users)
      .where(eq(users.id, id));
    if (keep !== null) kept.store(id, generation, user);
    return user;
  };

  // A token's signature and claims, once checked, hold until it expires: what it says is kept, so
  // that a reader's requests check the signature once (ADR 0023). Its expiry is still checked on
  // every request, and whether its user may still use it (active, token version) below.
  const tokens = new Map<string, VerifiedToken>();
  const verified = async (token: string, now: Date): Promise<VerifiedToken | null> => {
    const known = tokens.get(token);
    if (known !== undefined && unexpired(known, now)) return known;
    if (known !== undefined) tokens.delete(token);
    const checked = await verifyAccessToken(secret, token, now);
    if (checked === null) return null;
    if (tokens.size >= MAX_KEPT_TOKENS) tokens.delete(tokens.keys().next().value!);
    tokens.set(token, checked);
    return checked;
  };

  const actorOf = (token: VerifiedToken, user: TokenUser | null): Actor | null =>
    user?.isActive && user.tokenVersion === token.version
      ? { id: user.id, role: user.role, isSuperuser: user.isSuperuser }
      : null;

  app.decorateRequest('actor', null);
  // A callback hook: when the token and its user are both known, as for a reader's every request
  // after the first, it answers without a promise or a turn of the event loop.
  app.addHook('onRequest', (request, _reply, done) => {
    const header = request.headers.authorization;
    const match = header?.match(/^Bearer\s+(\S+)$/i);
    if (!match) return done();
    const now = clock();
    const known = tokens.get(match[1]!);
    const user = known !== undefined && unexpired(known, now) ? kept.get(known.id) : undefined;
    if (known !== undefined && user !== undefined) {
      request.actor = actorOf(known, user);
      return done();
    }
    verified(match[1]!, now)
      .then(async (token) => {
        if (token !== null) request.actor = actorOf(token, await tokenUser(token.id));
      })
      .then(() => done(), done);
  });
}

export default fp(auth, { name: 'helder-auth' });
