import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { BankAccount } from '@helder/shared/bank-accounts';
import { can, isAdmin, type Actor } from '@helder/shared/permissions';
import type { Executor } from '../../db/client';
import {
  bankAccounts,
  bankAccountUsers,
  paymentAttachments,
  payments,
  users,
} from '../../db/schema';
import { requireActor, type Ctx } from '../../http/context';
import { forbidden, invalid, notFound } from '../../http/errors';
import { signedPicture } from '../../lib/pictures';
import { authorize, subjectLoader, write } from '../../lib/write';
import {
  selectAccount,
  selectAccountSummaries,
  type AccountRow,
  type AccountUserRow,
} from './bank-accounts.queries';
import { endBankLink } from './links/end-link';
import { forgetAccountParses } from './stored-parses';

/**
 * The `{uid}` of a bank-account path is the caller: only admins act for someone else
 * (docs/api-rules.md §13), and then only as far as the policy lets them (read, revoke).
 */
function assertActsFor(actor: Actor, userId: number) {
  if (actor.id !== userId && !isAdmin(actor)) {
    throw forbidden('You may only manage your own bank accounts');
  }
}

/** The account if the caller may read it (404 otherwise: no hint that it exists). */
async function findAccount(ctx: Ctx, userId: number, id: number) {
  const actor = requireActor(ctx);
  assertActsFor(actor, userId);
  const row = await selectAccount(ctx.db, actor, id);
  // Someone else's account is not found rather than forbidden: its existence is no one's business.
  if (!row || !can(actor, 'read', row.subject)) throw notFound('Bank account');
  return { actor, row };
}

export async function listAccounts(ctx: Ctx, userId: number) {
  assertActsFor(requireActor(ctx), userId);
  return selectAccountSummaries(ctx.db, userId);
}

/** A person with access, with the picture object users carry everywhere (docs/api-rules.md §13). */
function toAccountUser(ctx: Ctx, user: AccountUserRow) {
  return {
    id: user.id,
    email: user.email,
    profile_picture: user.picture_key ? signedPicture(ctx, user.picture_key) : null,
  };
}

function toAccount(ctx: Ctx, row: AccountRow): BankAccount {
  const { summary } = row;
  return {
    owner_id: row.ownerId,
    ...summary,
    owner: {
      first_name: row.owner.first_name,
      last_name: row.owner.last_name,
      ...toAccountUser(ctx, row.owner),
    },
    is_linked:
      !summary.is_revoked &&
      (summary.expiration_date === null ||
        Date.parse(summary.expiration_date) > ctx.clock().getTime()),
    logo: summary.institution_logo,
    users: row.users.map((u) => toAccountUser(ctx, u)),
  };
}

export async function getAccount(ctx: Ctx, userId: number, id: number) {
  const { row } = await findAccount(ctx, userId, id);
  return toAccount(ctx, row);
}

/** Shares the account with exactly these users (the owner only; never with the owner). */
export async function setAccountUsers(ctx: Ctx, userId: number, id: number, userIds: number[]) {
  const { actor, row } = await findAccount(ctx, userId, id);
  authorize(actor, 'set_users', row.subject, 'Only the owner shares a bank account');
  const wanted = [...new Set(userIds)].filter((u) => u !== row.ownerId);
  if (wanted.length > 0) {
    const known = await ctx.db
      .select({ id: users.id })
      .from(users)
      .where(inArray(users.id, wanted));
    if (known.length !== wanted.length) {
      throw invalid('user_ids', 'unknown_user', 'One or more users do not exist');
    }
  }
  const before = row.users.map((u) => u.id);
  await write(ctx, actor, {
    run: async (tx) => {
      await tx.delete(bankAccountUsers).where(eq(bankAccountUsers.bankAccountId, id));
      if (wanted.length > 0) {
        await tx
          .insert(bankAccountUsers)
          .values(wanted.map((user) => ({ bankAccountId: id, userId: user })));
      }
    },
    audit: () => ({
      entityClass: 'BankAccount',
      entityId: id,
      action: 'update',
      changes: { users: { from: before, to: wanted } },
    }),
  });
  return getAccount(ctx, userId, id);
}

/**
 * Removes the account's imported payments that are linked to nothing, with their receipts, and
 * the stored parses of its statements; the linked payments stay, as the account's owner
 * accounted for them (docs/api-rules.md §13).
 */
async function dropUnlinkedPayments(tx: Executor, accountId: number) {
  const parses = await forgetAccountParses(tx, accountId);
  const unlinked = and(eq(payments.bankAccountId, accountId), isNull(payments.initiativeId));
  const files = await tx
    .select({ key: paymentAttachments.storageKey })
    .from(paymentAttachments)
    .innerJoin(payments, eq(payments.id, paymentAttachments.paymentId))
    .where(unlinked);
  const gone = await tx.delete(payments).where(unlinked).returning({ id: payments.id });
  return { keys: [...parses, ...files.map((f) => f.key)], removed: gone.length };
}

/**
 * PATCH without a body: the account stays as a record, revoked, without its unlinked payments and
 * shared with no one, so that an import reviving it later brings none of its old shares back.
 */
export async function revokeAccount(ctx: Ctx, userId: number, id: number) {
  const { actor, row } = await findAccount(ctx, userId, id);
  authorize(actor, 'revoke', row.subject, 'Only the owner revokes a bank account');
  await write(ctx, actor, {
    run: async (tx) => {
      const dropped = await dropUnlinkedPayments(tx, id);
      await tx.delete(bankAccountUsers).where(eq(bankAccountUsers.bankAccountId, id));
      await tx
        .update(bankAccounts)
        .set({ isRevoked: true, nextSyncAt: null })
        .where(eq(bankAccounts.id, id));
      return dropped;
    },
    audit: (dropped) => ({
      entityClass: 'BankAccount',
      entityId: id,
      action: 'update',
      changes: {
        is_revoked: { from: row.isRevoked, to: true },
        users: { from: row.users.map((u) => u.id), to: [] },
        removed_payments: { from: null, to: dropped.removed },
      },
    }),
    files: (dropped) => dropped.keys,
  });
  await endBankLink(ctx, await linkOf(ctx, id));
  const after = await selectAccount(ctx.db, actor, id);
  return after!.summary;
}

/** DELETE: as revoke, and the account goes; its linked payments stay, without an account. */
export async function deleteAccount(ctx: Ctx, userId: number, id: number) {
  const { actor, row } = await findAccount(ctx, userId, id);
  authorize(actor, 'delete', row.subject, 'Only the owner deletes a bank account');
  const link = await linkOf(ctx, id);
  await write(ctx, actor, {
    run: async (tx) => {
      const dropped = await dropUnlinkedPayments(tx, id);
      await tx.delete(bankAccounts).where(eq(bankAccounts.id, id));
      return dropped;
    },
    audit: (dropped) => ({
      entityClass: 'BankAccount',
      entityId: id,
      action: 'delete',
      changes: {
        iban: { from: row.iban, to: null },
        removed_payments: { from: dropped.removed, to: null },
      },
    }),
    files: (dropped) => dropped.keys,
  });
  await endBankLink(ctx, link);
}

const linkOf = async (ctx: Ctx, id: number) =>
  (
    await ctx.db
      .select({ link: bankAccounts.bankLinkId })
      .from(bankAccounts)
      .where(eq(bankAccounts.id, id))
  )[0]?.link ?? null;

/** entity-access: the BankAccount subject, or null when it does not exist. */
export const loadBankAccountSubject = subjectLoader(selectAccount, (row) => row.subject);
