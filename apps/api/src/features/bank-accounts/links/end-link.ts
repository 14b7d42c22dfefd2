import { and, eq } from 'drizzle-orm';
import { bankAccounts, bankLinks } from '../../../db/schema';
import type { Ctx } from '../../../http/context';

/**
 * Ends the consent at the provider once no account still reads through it (the server rules'
 * revoke). The account is revoked or gone already: a provider that fails here leaves a consent
 * that expires by itself, so the failure is logged, not shown.
 */
export async function endBankLink(ctx: Ctx, linkRowId: number | null) {
  if (linkRowId === null || !ctx.bank) return;
  const [link] = await ctx.db.select().from(bankLinks).where(eq(bankLinks.id, linkRowId));
  if (!link?.linkId || link.provider !== ctx.bank.provider.name) return;
  const [stillUsed] = await ctx.db
    .select({ id: bankAccounts.id })
    .from(bankAccounts)
    .where(and(eq(bankAccounts.bankLinkId, linkRowId), eq(bankAccounts.isRevoked, false)))
    .limit(1);
  if (stillUsed) return;
  try {
    await ctx.bank.provider.deleteLink(link.linkId);
    await ctx.db.update(bankLinks).set({ status: 'ended' }).where(eq(bankLinks.id, link.id));
  } catch (e) {
    ctx.log.warn({ err: e, link: link.id }, 'bank link not ended at the provider');
  }
}
