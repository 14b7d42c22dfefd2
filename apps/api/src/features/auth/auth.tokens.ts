import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { passwordTokens, users } from '../../db/schema';
import type { Ctx } from '../../http/context';
import { invitationMail, resetMail } from './auth.mails';

const RESET_TTL_MS = 60 * 60 * 1000;
const INVITE_TTL_MS = 7 * 24 * 60 * 60 * 1000;

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * Issues a single-use token: any older token of the user dies, so only the newest link works.
 * Only the token's hash is stored.
 */
export async function issuePasswordToken(
  db: Executor,
  userId: number,
  purpose: 'invite' | 'reset',
  now: Date,
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const ttl = purpose === 'invite' ? INVITE_TTL_MS : RESET_TTL_MS;
  await db.delete(passwordTokens).where(eq(passwordTokens.userId, userId));
  await db.insert(passwordTokens).values({
    userId,
    tokenHash: hashToken(token),
    purpose,
    expiresAt: new Date(now.getTime() + ttl),
  });
  return token;
}

/** The user id a valid token belongs to, consuming every token of that user; null otherwise. */
export async function consumePasswordToken(db: Executor, token: string, now: Date) {
  const [row] = await db
    .delete(passwordTokens)
    .where(and(eq(passwordTokens.tokenHash, hashToken(token)), gt(passwordTokens.expiresAt, now)))
    .returning({ userId: passwordTokens.userId });
  if (!row) return null;
  await db.delete(passwordTokens).where(eq(passwordTokens.userId, row.userId));
  return row.userId;
}

/**
 * Stores a new password and ends what was issued before it: mailed set/reset links and access
 * tokens (their version no longer matches), so a leaked token dies with the old password.
 */
export async function storePassword(
  db: Executor,
  userId: number,
  passwordHash: string,
  extra: { isVerified?: true } = {},
) {
  await db
    .update(users)
    .set({ passwordHash, ...extra, tokenVersion: sql`${users.tokenVersion} + 1` })
    .where(eq(users.id, userId));
  await db.delete(passwordTokens).where(eq(passwordTokens.userId, userId));
}

export const passwordLink = (publicUrl: string, token: string) =>
  `${publicUrl}/reset-password?token=${encodeURIComponent(token)}`;

/** Creates an invitation token and mails the set-password link (valid 7 days). */
export async function sendInvitation(ctx: Ctx, user: { id: number; email: string }) {
  const token = await issuePasswordToken(ctx.db, user.id, 'invite', ctx.clock());
  await ctx.mail.send(invitationMail(user.email, passwordLink(ctx.config.publicUrl, token)));
}

/** Creates a reset token and mails the link (valid 1 hour). */
export async function sendPasswordReset(ctx: Ctx, user: { id: number; email: string }) {
  const token = await issuePasswordToken(ctx.db, user.id, 'reset', ctx.clock());
  await ctx.mail.send(resetMail(user.email, passwordLink(ctx.config.publicUrl, token)));
}
