import { eq } from 'drizzle-orm';
import { users } from '../../db/schema';
import type { Ctx } from '../../http/context';
import { badRequest } from '../../http/errors';
import { audit } from '../../lib/audit';
import { verifyUnsubscribeToken } from '../../lib/jwt';

/**
 * Turns the receipt reminders off for the user a mail's signed link names, without a login
 * (docs/api-rules.md §17). Idempotent: a second click answers the same.
 */
export async function unsubscribeReminders(ctx: Ctx, token: string): Promise<void> {
  const userId = await verifyUnsubscribeToken(ctx.config.secretKey, token, ctx.clock());
  if (userId === null) throw badRequest('Invalid or expired token', 'BAD_TOKEN');
  await ctx.db.transaction(async (tx) => {
    const [before] = await tx
      .select({ on: users.receiptReminders })
      .from(users)
      .where(eq(users.id, userId))
      .for('update');
    // A user deleted since the mail: there is nothing to turn off.
    if (!before) throw badRequest('Invalid or expired token', 'BAD_TOKEN');
    if (!before.on) return;
    await tx.update(users).set({ receiptReminders: false }).where(eq(users.id, userId));
    await audit(tx, {
      actorId: userId,
      entityClass: 'User',
      entityId: userId,
      action: 'update',
      changes: { receipt_reminders: { from: true, to: false } },
    });
  });
}
