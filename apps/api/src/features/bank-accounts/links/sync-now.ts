import { eq } from 'drizzle-orm';
import { bankAccounts } from '../../../db/schema';
import { requireActor, type Ctx } from '../../../http/context';
import { AppError, conflict, notFound } from '../../../http/errors';
import type { PresentUser } from '../providers/provider';
import { nextAllowedCall } from './sync-budget';

/**
 * 'Nu synchroniseren' by the account's owner: queued when the provider's budget allows a call
 * now, otherwise the time it will; never a failure for asking too early.
 */
export async function syncNow(ctx: Ctx, userId: number, accountId: number, user: PresentUser) {
  const actor = requireActor(ctx);
  const [account] = await ctx.db.select().from(bankAccounts).where(eq(bankAccounts.id, accountId));
  // Only the owner holds the consent; anyone else learns nothing of the account.
  if (!account || account.ownerId !== actor.id || userId !== actor.id) {
    throw notFound('Bank account');
  }
  if (!ctx.bank || account.provider !== ctx.bank.provider.name) {
    throw conflict('CONFLICT', 'This account is not synced through a bank link');
  }
  const now = ctx.clock();
  if (account.isRevoked || !account.expirationDate || account.expirationDate <= now) {
    throw conflict('CONFLICT', 'The consent has ended: renew it first');
  }
  const allowed = await nextAllowedCall(ctx.db, accountId, now);
  if (allowed > now) {
    await ctx.db
      .update(bankAccounts)
      .set({ nextSyncAt: allowed })
      .where(eq(bankAccounts.id, accountId));
    return { status: 'waiting' as const, next_sync_at: allowed.toISOString() };
  }
  try {
    await ctx.bank.enqueueSync(accountId, user);
  } catch (e) {
    ctx.log.warn({ err: e, account: accountId }, 'sync not queued');
    throw new AppError(503, 'SERVICE_UNAVAILABLE', 'The sync could not be started; try again');
  }
  return { status: 'queued' as const, next_sync_at: now.toISOString() };
}
