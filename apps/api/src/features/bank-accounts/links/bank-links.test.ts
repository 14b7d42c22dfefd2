import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BankAccounts } from '@helder/shared/bank-accounts';
import { bankAccounts, bankLinks, payments } from '../../../db/schema';
import { createTestApp, type TestApp } from '../../../test/app';
import { startProviderSandbox, type ProviderSandbox } from '../../../test/bank-sandbox';
import { createUser, type CreatedUser } from '../../../test/factories';

describe.each(['gocardless', 'enablebanking'] as const)('linking a bank through %s', (name) => {
  let t: TestApp;
  let sandbox: ProviderSandbox;
  let banks: string[];
  /**
   * A bank of its own for each link: a fake gives everyone who links a bank the same accounts, and
   * an account linked by one user is refused to the next.
   */
  let bankId: string;
  const nextBank = () => (bankId = banks.shift()!);
  beforeAll(async () => {
    sandbox = await startProviderSandbox(name);
    t = await createTestApp({ bank: sandbox.bank });
    const list = await t.app.inject({ url: '/api/utils/gocardless/institutions' });
    const institutions = list.json<{ institutions: Array<{ id: string; name: string }> }>()
      .institutions;
    banks = institutions.filter((i) => !/SANDBOX|Mock ASPSP/.test(i.id)).map((i) => i.id);
    nextBank();
  });
  afterAll(async () => {
    await t?.close();
    await sandbox?.server.close();
  });

  const initiate = (who: CreatedUser, query = `institution_id=${encodeURIComponent(bankId)}`) =>
    t.app.inject({
      url: `/api/users/${who.user.id}/gocardless-initiate?${query}`,
      headers: who.headers,
    });

  /** Follows the provider's redirect back into the app; answers the outcome it ends on. */
  const callback = async (back: URL) => {
    const reply = await t.app.inject({ url: back.pathname + back.search });
    expect(reply.statusCode).toBe(303);
    const location = new URL(reply.headers.location as string, 'http://x');
    expect(location.pathname).toBe('/transactions/bankconnections/add-bank');
    expect(location.searchParams.get('step')).toBe('3');
    return location.searchParams.get('message');
  };

  const linkBank = async (
    who: CreatedUser,
    action: 'allow' | 'cancel' = 'allow',
    bank: 'next' | 'same' = 'next',
  ) => {
    if (bank === 'next') nextBank();
    const started = await initiate(who);
    expect(started.statusCode).toBe(200);
    const back = await sandbox.consent(started.json<{ url: string }>().url, action);
    return { back, outcome: await callback(back) };
  };

  const owned = async (who: CreatedUser) =>
    (
      await t.app.inject({ url: `/api/user/${who.user.id}/bank-accounts`, headers: who.headers })
    ).json<BankAccounts>().ownedBankAccounts;

  const paymentsOf = async (accountId: number) =>
    (
      await t.database.db
        .select({ n: count() })
        .from(payments)
        .where(eq(payments.bankAccountId, accountId))
    )[0]!.n;

  it('lists the banks publicly, the sandbox bank among them', async () => {
    const reply = await t.app.inject({ url: '/api/utils/gocardless/institutions' });
    expect(reply.statusCode).toBe(200);
    const { institutions } = reply.json<{
      institutions: Array<{ id: string; logo: string | null; max_access_days: number }>;
    }>();
    expect(institutions.length).toBeGreaterThan(5);
    expect(institutions.every((i) => i.max_access_days >= 1 && i.max_access_days <= 90)).toBe(true);
    expect(institutions.some((i) => /SANDBOX|Mock ASPSP/.test(i.id))).toBe(true);
  });

  it('links, imports the booked history once, and shows the account with its consent', async () => {
    const owner = await createUser(t, { password: null });
    const { outcome } = await linkBank(owner);
    expect(outcome).toBe('success');
    const accounts = await owned(owner);
    expect(accounts.length).toBeGreaterThan(0);
    const account = accounts[0]!;
    expect(account).toMatchObject({ provider: name, institution_id: bankId, sync_problem: null });
    const days = (Date.parse(account.expiration_date!) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(80);
    expect(days).toBeLessThanOrEqual(90);
    expect(account.last_synced_at).not.toBeNull();
    const imported = await paymentsOf(account.id);
    expect(imported).toBeGreaterThan(0);
    // 'Nu synchroniseren' right away: within the budget, and nothing comes twice.
    const again = await t.app.inject({
      method: 'POST',
      url: `/api/user/${owner.user.id}/bank-account/${account.id}/sync`,
      headers: owner.headers,
    });
    expect(again.json()).toMatchObject({ status: 'queued' });
    expect(await paymentsOf(account.id)).toBe(imported);
  });

  it('renews by its owner into the same account, without a gap or a double', async () => {
    const owner = await createUser(t, { password: null });
    await linkBank(owner);
    const before = await owned(owner);
    const counts = await Promise.all(before.map((a) => paymentsOf(a.id)));
    const { outcome } = await linkBank(owner, 'allow', 'same');
    expect(outcome).toBe('success');
    const after = await owned(owner);
    expect(after.map((a) => a.id).sort()).toEqual(before.map((a) => a.id).sort());
    expect(await Promise.all(before.map((a) => paymentsOf(a.id)))).toEqual(counts);
    // The consent it replaced is ended at the provider.
    const links = await t.database.db
      .select()
      .from(bankLinks)
      .where(and(eq(bankLinks.userId, owner.user.id), eq(bankLinks.status, 'ended')));
    expect(links).toHaveLength(1);
    expect(await sandbox.bank.provider.linkStatus(links[0]!.linkId!)).not.toBe('active');
  });

  it('refuses an account someone else has linked, and shares nothing', async () => {
    const first = await createUser(t, { password: null });
    const second = await createUser(t, { password: null });
    expect((await linkBank(first)).outcome).toBe('success');
    expect((await linkBank(second, 'allow', 'same')).outcome).toBe('account-taken');
    expect(await owned(second)).toEqual([]);
    // Once the first has revoked them, the accounts are the second's to link, as rows of their own.
    const theirs = await owned(first);
    for (const a of theirs) {
      await t.app.inject({
        method: 'PATCH',
        url: `/api/user/${first.user.id}/bank-account/${a.id}`,
        headers: first.headers,
      });
    }
    expect((await linkBank(second, 'allow', 'same')).outcome).toBe('success');
    const mine = await owned(second);
    expect(mine).toHaveLength(theirs.length);
    expect(mine.some((a) => theirs.some((b) => b.id === a.id))).toBe(false);
  });

  it('says so when the user cancels at the bank', async () => {
    const owner = await createUser(t, { password: null });
    expect((await linkBank(owner, 'cancel')).outcome).toBe('cancelled');
    expect(await owned(owner)).toEqual([]);
  });

  it('takes a state once, never a forged or foreign one, and not after it expired', async () => {
    const owner = await createUser(t, { password: null });
    const other = await createUser(t, { password: null });
    const { back } = await linkBank(owner);
    expect(await callback(back)).toBe('jwt-validation-error');

    nextBank();
    const started = await initiate(other);
    const fresh = await sandbox.consent(started.json<{ url: string }>().url, 'allow');
    const stateKey = fresh.searchParams.has('ref') ? 'ref' : 'state';
    const forged = new URL(fresh);
    forged.searchParams.set(stateKey, `${fresh.searchParams.get(stateKey)!.slice(0, -2)}xx`);
    expect(await callback(forged)).toBe('jwt-validation-error');
    if (fresh.pathname.startsWith('/api/users/')) {
      const foreign = new URL(fresh);
      foreign.pathname = `/api/users/${owner.user.id}/gocardless-callback`;
      expect(await callback(foreign)).toBe('jwt-validation-error');
    }
    t.clock.now = new Date(Date.now() + 31 * 60_000);
    try {
      expect(await callback(fresh)).toBe('jwt-token-expired');
    } finally {
      t.clock.now = new Date();
    }
    expect(await callback(fresh)).toBe('success');
  });

  it('starts a link only for yourself, at a known bank, within its days', async () => {
    const owner = await createUser(t, { password: null });
    const other = await createUser(t, { password: null });
    const foreign = await t.app.inject({
      url: `/api/users/${other.user.id}/gocardless-initiate?institution_id=${encodeURIComponent(bankId)}`,
      headers: owner.headers,
    });
    expect(foreign.statusCode).toBe(403);
    const unknown = await initiate(owner, 'institution_id=NO_SUCH_BANK');
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json<{ errors: Array<{ field: string }> }>().errors[0]!.field).toBe(
      'institution_id',
    );
    const tooLong = await initiate(
      owner,
      `institution_id=${encodeURIComponent(bankId)}&n_days_access=91`,
    );
    expect(tooLong.statusCode).toBe(422);
    const anonymous = await t.app.inject({
      url: `/api/users/${owner.user.id}/gocardless-initiate?institution_id=x`,
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('links the sandbox bank, whose accounts may come without an IBAN', async () => {
    const owner = await createUser(t, { password: null });
    const list = await t.app.inject({ url: '/api/utils/gocardless/institutions' });
    const sandboxBank = list
      .json<{ institutions: Array<{ id: string }> }>()
      .institutions.find((i) => /SANDBOX|Mock ASPSP/.test(i.id))!;
    const started = await initiate(owner, `institution_id=${encodeURIComponent(sandboxBank.id)}`);
    expect(started.statusCode).toBe(200);
    const back = await sandbox.consent(started.json<{ url: string }>().url, 'allow');
    expect(await callback(back)).toBe('success');
    const accounts = await owned(owner);
    expect(accounts.length).toBeGreaterThan(0);
    for (const account of accounts) {
      expect(account.institution_name).toBe('Sandbox');
      expect(account.iban).toMatch(/^NL\d{2}SNDB\d{10}$/);
      expect(await paymentsOf(account.id)).toBeGreaterThan(0);
    }
    // A renewal finds the same accounts by the same stand-in IBANs and imports nothing twice.
    const counts = await Promise.all(accounts.map((a) => paymentsOf(a.id)));
    const again = await initiate(owner, `institution_id=${encodeURIComponent(sandboxBank.id)}`);
    const renewed = await sandbox.consent(again.json<{ url: string }>().url, 'allow');
    expect(await callback(renewed)).toBe('success');
    const after = await owned(owner);
    expect(after.map((a) => [a.id, a.iban])).toEqual(accounts.map((a) => [a.id, a.iban]));
    expect(await Promise.all(after.map((a) => paymentsOf(a.id)))).toEqual(counts);
  });

  it('refuses an over-long or malformed bank id with a clear message, storing no link', async () => {
    const owner = await createUser(t, { password: null });
    const refused: Array<[string, RegExp]> = [
      [`${bankId}${'X'.repeat(200)}`, /at most 200 characters/],
      ['X'.repeat(5000), /at most 200 characters/],
      [`${bankId}\u0007`, /control or invisible characters/],
      [`NL:Mock\u200bASPSP`, /control or invisible characters/],
      ['   ', /Choose a bank/],
      ['NL:', /Unknown bank/],
      ['../../accounts', /Unknown bank/],
    ];
    for (const [id, message] of refused) {
      const reply = await initiate(owner, `institution_id=${encodeURIComponent(id)}`);
      expect(reply.statusCode, id.slice(0, 40)).toBe(422);
      const [error] = reply.json<{ errors: Array<{ field: string; message: string }> }>().errors;
      expect(error!.field).toBe('institution_id');
      expect(error!.message).toMatch(message);
    }
    const links = await t.database.db
      .select({ n: count() })
      .from(bankLinks)
      .where(eq(bankLinks.userId, owner.user.id));
    expect(links[0]!.n).toBe(0);
  });

  it('ends the consent at the provider when the account is revoked', async () => {
    const owner = await createUser(t, { password: null });
    await linkBank(owner);
    const [account] = await owned(owner);
    const [row] = await t.database.db
      .select({ linkId: bankLinks.linkId })
      .from(bankAccounts)
      .innerJoin(bankLinks, eq(bankLinks.id, bankAccounts.bankLinkId))
      .where(eq(bankAccounts.id, account!.id));
    const others = (await owned(owner)).filter((a) => a.id !== account!.id);
    for (const a of [account!, ...others]) {
      const revoked = await t.app.inject({
        method: 'PATCH',
        url: `/api/user/${owner.user.id}/bank-account/${a.id}`,
        headers: owner.headers,
      });
      expect(revoked.statusCode).toBe(200);
    }
    expect(await sandbox.bank.provider.linkStatus(row!.linkId!)).not.toBe('active');
  });
});
