import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  entityAccessQuery,
  forgotPasswordBody,
  loginBody,
  resetPasswordBody,
  TokenResponse,
} from '@helder/shared/auth';
import { allowedActions, classActions, editableFields } from '@helder/shared/permissions';
import { users } from '../../db/schema';
import type { Executor } from '../../db/client';
import type { Ctx } from '../../http/context';
import { badRequest, notFound } from '../../http/errors';
import { audit } from '../../lib/audit';
import { signAccessToken } from '../../lib/jwt';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import { consumePasswordToken, sendPasswordReset, storePassword } from './auth.tokens';
import { loadSubject, type SubjectLoaders } from './subjects';

type LoginInput = z.output<typeof loginBody>;
type ForgotInput = z.output<typeof forgotPasswordBody>;
type ResetInput = z.output<typeof resetPasswordBody>;
type EntityAccessInput = z.output<typeof entityAccessQuery>;

/** The user with this e-mail address, compared case-insensitively (docs/api-rules.md §3, §9). */
export async function findUserByEmail(db: Executor, email: string) {
  const [user] = await db
    .select({
      id: users.id,
      email: users.email,
      passwordHash: users.passwordHash,
      isActive: users.isActive,
      tokenVersion: users.tokenVersion,
    })
    .from(users)
    .where(sql`lower(${users.email}) = ${email.trim().toLowerCase()}`);
  return user ?? null;
}

/**
 * One answer for an unknown e-mail, a wrong password and an inactive account, so that the
 * response never tells which addresses exist. An unknown user is still checked against a dummy
 * hash (see verifyPassword) to keep the timing alike.
 */
export async function login(ctx: Ctx, input: LoginInput): Promise<TokenResponse> {
  const user = await findUserByEmail(ctx.db, input.username);
  const ok = await verifyPassword(user?.passwordHash ?? null, input.password);
  if (!user || !ok || !user.isActive) {
    throw badRequest('Incorrect e-mail address or password', 'BAD_CREDENTIALS');
  }
  const accessToken = await signAccessToken(ctx.config.secretKey, user, ctx.clock());
  return { access_token: accessToken, token_type: 'bearer' };
}

/**
 * Always succeeds (202) whether or not the address is known. For an active user a reset link
 * is mailed; the reply does not wait for it, so neither its timing nor a mail failure reveals
 * that the account exists.
 */
export async function forgotPassword(ctx: Ctx, input: ForgotInput): Promise<void> {
  if (input.email === '') return;
  const user = await findUserByEmail(ctx.db, input.email);
  if (!user?.isActive) return;
  void sendPasswordReset(ctx, user).catch((err: unknown) => {
    ctx.log.error({ err, userId: user.id }, 'password reset mail failed');
  });
}

/**
 * Sets a new password with a mailed token (reset or invitation): one transaction that consumes
 * every token of the user, stores the argon2id hash, marks the account verified and audits it.
 */
export async function resetPassword(ctx: Ctx, input: ResetInput): Promise<void> {
  const passwordHash = await hashPassword(input.password);
  await ctx.db.transaction(async (tx) => {
    const userId = await consumePasswordToken(tx, input.token, ctx.clock());
    if (userId === null) throw badRequest('Invalid or expired token', 'BAD_TOKEN');
    const [before] = await tx
      .select({ isVerified: users.isVerified })
      .from(users)
      .where(eq(users.id, userId));
    if (!before) throw badRequest('Invalid or expired token', 'BAD_TOKEN');
    await storePassword(tx, userId, passwordHash, { isVerified: true });
    await audit(tx, {
      actorId: userId,
      entityClass: 'User',
      entityId: userId,
      action: 'update',
      changes: {
        password: { from: '***', to: '***' },
        ...(before.isVerified ? {} : { is_verified: { from: false, to: true } }),
      },
    });
  });
}

/** The caller's actions: class-level without an id, else on the entity (404 if not readable). */
export async function entityActions(
  ctx: Ctx,
  loaders: SubjectLoaders,
  input: EntityAccessInput,
): Promise<string[]> {
  if (input.entity_id === undefined) return classActions(ctx.actor, input.entity_class);
  const subject = await loadSubject(ctx, loaders, input.entity_class, input.entity_id);
  if (!subject) throw notFound(input.entity_class);
  return allowedActions(ctx.actor, subject);
}

/** The fields the caller may PATCH on the entity; none at class level. */
export async function entityEditFields(
  ctx: Ctx,
  loaders: SubjectLoaders,
  input: EntityAccessInput,
): Promise<string[]> {
  if (input.entity_id === undefined) return [];
  const subject = await loadSubject(ctx, loaders, input.entity_class, input.entity_id);
  if (!subject) throw notFound(input.entity_class);
  return editableFields(ctx.actor, subject);
}
