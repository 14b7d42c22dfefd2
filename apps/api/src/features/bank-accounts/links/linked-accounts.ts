import { and, eq, or, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { bankAccounts, bankLinks } from '../../../db/schema';
import type { FinishedLink } from '../providers/provider';
import { isSandboxBank, sandboxIban } from './sandbox-bank';

type LinkRow = typeof bankLinks.$inferSelect;

export type KeptLink =
  | { outcome: 'success'; accountIds: number[]; replacedLinks: number[] }
  | { outcome: 'account-taken' | 'third-party-error' };

/**
 * The owner's live statement-file account of this IBAN, locked: linking the same account through
 * the bank continues it rather than starting a second account whose sync repeats its bookings.
 */
async function ownFileAccount(db: Executor, ownerId: number, iban: string) {
  const [row] = await db
    .select({ id: bankAccounts.id })
    .from(bankAccounts)
    .where(
      and(
        eq(bankAccounts.ownerId, ownerId),
        eq(bankAccounts.provider, 'file'),
        eq(bankAccounts.isRevoked, false),
        sql`replace(upper(${bankAccounts.iban}), ' ', '') = ${iban.replace(/\s+/g, '').toUpperCase()}`,
      ),
    )
    .orderBy(bankAccounts.id)
    .limit(1)
    .for('update');
  return row?.id ?? null;
}

/**
 * Stores what a finished link granted, in one transaction: each account by the provider's id,
 * or, when the provider gave it a new id (a renewal), by what stays the same for it. A renewal
 * keeps the row, its payments and shares, and only moves the consent on. The owner's account of
 * the same IBAN from a statement file is taken over the same way. An account someone
 * else holds is never shared this way: the whole link is refused and nothing is written.
 */
export async function keepLinkedAccounts(
  db: Executor,
  link: LinkRow,
  finished: FinishedLink,
  now: Date,
): Promise<KeptLink> {
  const sandbox = isSandboxBank(link.institutionId);
  const granted = finished.accounts
    .map((a) => (a.iban === null && sandbox ? { ...a, iban: sandboxIban(a.stableKey) } : a))
    .filter((a) => a.iban !== null);
  if (granted.length === 0) return { outcome: 'third-party-error' };
  return db.transaction(async (tx) => {
    const plans: Array<{
      existing: number | null;
      adopted: boolean;
      account: (typeof granted)[number];
    }> = [];
    const replacedLinks = new Set<number>();
    for (const account of granted) {
      const rows = await tx
        .select({
          id: bankAccounts.id,
          ownerId: bankAccounts.ownerId,
          linkId: bankAccounts.bankLinkId,
          isRevoked: bankAccounts.isRevoked,
        })
        .from(bankAccounts)
        .where(
          and(
            eq(bankAccounts.provider, link.provider),
            or(
              eq(bankAccounts.providerAccountId, account.accountId),
              eq(bankAccounts.stableKey, account.stableKey),
            ),
          ),
        )
        .for('update');
      // Someone else's live account is theirs; one they revoked is a closed record of theirs,
      // which a new owner does not take over (a row of its own starts instead).
      if (rows.some((r) => r.ownerId !== link.userId && !r.isRevoked)) {
        return { outcome: 'account-taken' };
      }
      const existing = rows.find((r) => r.ownerId === link.userId);
      if (existing?.linkId != null && existing.linkId !== link.id)
        replacedLinks.add(existing.linkId);
      const fileRow = existing ? null : await ownFileAccount(tx, link.userId, account.iban!);
      plans.push({ existing: existing?.id ?? fileRow, adopted: fileRow !== null, account });
    }
    const fields = (account: (typeof granted)[number]) => ({
      providerAccountId: account.accountId,
      stableKey: account.stableKey,
      iban: account.iban!,
      name: account.name,
      holderName: account.holderName,
      institutionId: link.institutionId,
      institutionName: link.institutionName,
      institutionLogo: link.institutionLogo,
      bankLinkId: link.id,
      expirationDate: finished.validUntil,
      expiryWarnedAt: null,
      isRevoked: false,
      syncProblem: null,
      nextSyncAt: now,
    });
    const accountIds: number[] = [];
    for (const { existing, adopted, account } of plans) {
      if (existing !== null) {
        // A statement file's account becomes the linked one; its first sync then reads the
        // whole granted history, as a new account's does.
        const adoption = adopted ? { provider: link.provider, lastSyncedAt: null } : {};
        await tx
          .update(bankAccounts)
          .set({ ...fields(account), ...adoption })
          .where(eq(bankAccounts.id, existing));
        accountIds.push(existing);
      } else {
        const [row] = await tx
          .insert(bankAccounts)
          .values({ ownerId: link.userId, provider: link.provider, ...fields(account) })
          .returning({ id: bankAccounts.id });
        accountIds.push(row!.id);
      }
    }
    await tx
      .update(bankLinks)
      .set({ status: 'linked', linkId: finished.linkId, validUntil: finished.validUntil })
      .where(eq(bankLinks.id, link.id));
    return { outcome: 'success', accountIds, replacedLinks: [...replacedLinks] };
  });
}
