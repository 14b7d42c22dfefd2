import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { NEVER_EXPIRES, type BankAccount, type BankAccounts } from '@helder/shared/bank-accounts';
import type { User } from '@helder/shared/users';
import { bankAccounts, payments } from '../../db/schema';
import { useCastApp } from '../../test/cast-app';
import { createUser } from '../../test/factories';
import { createPayment } from '../../test/initiative-factories';
import { createBankAccount } from '../../test/payment-factories';

const scene = useCastApp();
const { call } = scene;

/** An owner with an account shared with one user, one linked and one unlinked bank payment. */
async function sharedAccount() {
  const w = await scene.world();
  const owner = await createUser(scene.t, { password: null });
  const friend = await createUser(scene.t, { password: null });
  const account = await createBankAccount(scene.t, owner.user.id, [friend.user.id]);
  const bank = { type: 'bank' as const, bankAccountId: account.id, amountCents: -1250 };
  const linked = await createPayment(scene.t, { ...bank, initiativeId: w.initiative.id });
  const unlinked = await createPayment(scene.t, bank);
  const base = (user: { user: { id: number } }) =>
    `/user/${user.user.id}/bank-account/${account.id}`;
  return { w, owner, friend, account, linked, unlinked, base };
}

const exists = async (id: number) =>
  (await scene.t.database.db.select().from(payments).where(eq(payments.id, id))).length === 1;

describe('bank accounts', () => {
  it('lists owned and shared accounts; GET /user/{id} carries them for the user themself', async () => {
    const { owner, friend, account } = await sharedAccount();
    const own = (
      await call('GET', `/user/${owner.user.id}/bank-accounts`, owner)
    ).json<BankAccounts>();
    expect(own.ownedBankAccounts).toEqual([
      expect.objectContaining({
        id: account.id,
        iban: 'NL02ABNA0123456789',
        institution_name: 'ABN AMRO',
        holder_name: 'Stichting Buurt',
        provider: 'file',
        user_count: 1,
        is_revoked: false,
        expiration_date: NEVER_EXPIRES,
      }),
    ]);
    expect(own.usedBankAccounts).toEqual([]);
    const theirs = (
      await call('GET', `/user/${friend.user.id}/bank-accounts`, friend)
    ).json<BankAccounts>();
    expect(theirs.usedBankAccounts.map((a) => a.id)).toEqual([account.id]);
    const me = (await call('GET', `/user/${owner.user.id}`, owner)).json<User>();
    expect(me.owned_bank_accounts?.map((a) => a.id)).toEqual([account.id]);
    const seenByOther = (await call('GET', `/user/${owner.user.id}`, friend)).json<User>();
    expect(seenByOther).not.toHaveProperty('owned_bank_accounts');
    expect((await call('GET', `/user/${owner.user.id}/bank-accounts`, friend)).statusCode).toBe(
      403,
    );
  });

  it('reads an account with its users for owner, users and admins; 404 for others', async () => {
    const { owner, friend, base } = await sharedAccount();
    const read = await call('GET', base(owner), owner);
    expect(read.statusCode).toBe(200);
    expect(read.json<BankAccount>().users).toEqual([
      { id: friend.user.id, email: friend.user.email, profile_picture: null },
    ]);
    expect((await call('GET', base(friend), friend)).statusCode).toBe(200);
    expect((await call('GET', base(scene.cast.admin), scene.cast.admin)).statusCode).toBe(200);
    expect((await call('GET', base(scene.cast.user), scene.cast.user)).statusCode).toBe(404);
    expect((await call('GET', base(owner), null)).statusCode).toBe(401);
  });

  it('shares with exactly the given users; only the owner may', async () => {
    const { owner, friend, base } = await sharedAccount();
    const other = await createUser(scene.t, { password: null });
    const body = { user_ids: [String(other.user.id), owner.user.id] };
    expect((await call('PATCH', `${base(friend)}/users`, friend, body)).statusCode).toBe(403);
    const set = await call('PATCH', `${base(owner)}/users`, owner, body);
    expect(set.statusCode).toBe(200);
    // Set semantics: the friend is no longer in; the owner is never a user of their own account.
    expect(set.json<BankAccount>().users.map((u) => u.id)).toEqual([other.user.id]);
    const unknown = await call('PATCH', `${base(owner)}/users`, owner, { user_ids: [999999] });
    expect(unknown.statusCode).toBe(422);
  });

  it('a shared user sees and links the payments but cannot revoke or delete', async () => {
    const { w, friend, unlinked, base } = await sharedAccount();
    const list = await call('GET', `/payments/user/${friend.user.id}`, friend);
    expect(list.json<{ payments: Array<{ id: number }> }>().payments.map((p) => p.id)).toContain(
      unlinked.id,
    );
    expect((await call('PATCH', base(friend), friend)).statusCode).toBe(403);
    expect((await call('DELETE', base(friend), friend)).statusCode).toBe(403);
    // Linking needs link_payment on the target too: the friend owns no initiative, so 403 there.
    const link = await call('PATCH', `/payment/${unlinked.id}/initiative`, friend, {
      initiative_id: w.initiative.id,
    });
    expect(link.statusCode).toBe(403);
  });

  it('revoke drops the unlinked imported payments, keeps the linked ones and the account', async () => {
    const { owner, account, linked, unlinked, base } = await sharedAccount();
    const res = await call('PATCH', base(owner), owner);
    expect(res.statusCode).toBe(200);
    expect(res.json<{ is_revoked: boolean }>().is_revoked).toBe(true);
    expect(await exists(unlinked.id)).toBe(false);
    expect(await exists(linked.id)).toBe(true);
    const [row] = await scene.t.database.db
      .select()
      .from(bankAccounts)
      .where(eq(bankAccounts.id, account.id));
    expect(row?.isRevoked).toBe(true);
    const listed = (
      await call('GET', `/user/${owner.user.id}/bank-accounts`, owner)
    ).json<BankAccounts>();
    expect(listed.ownedBankAccounts).toEqual([]);
  });

  it('delete removes the account and its unlinked payments; linked ones stay, without account', async () => {
    const { owner, account, linked, unlinked, base } = await sharedAccount();
    expect((await call('DELETE', base(owner), owner)).statusCode).toBe(204);
    expect(await exists(unlinked.id)).toBe(false);
    const [kept] = await scene.t.database.db
      .select()
      .from(payments)
      .where(eq(payments.id, linked.id));
    expect(kept?.bankAccountId).toBeNull();
    const rows = await scene.t.database.db
      .select()
      .from(bankAccounts)
      .where(eq(bankAccounts.id, account.id));
    expect(rows).toEqual([]);
    expect((await call('GET', base(owner), owner)).statusCode).toBe(404);
  });

  it('an admin may revoke but not delete or share', async () => {
    const { account, unlinked } = await sharedAccount();
    const admin = scene.cast.admin;
    const base = `/user/${admin.user.id}/bank-account/${account.id}`;
    expect((await call('DELETE', base, admin)).statusCode).toBe(403);
    expect((await call('PATCH', `${base}/users`, admin, { user_ids: [] })).statusCode).toBe(403);
    expect((await call('PATCH', base, admin)).statusCode).toBe(200);
    expect(await exists(unlinked.id)).toBe(false);
  });
});
