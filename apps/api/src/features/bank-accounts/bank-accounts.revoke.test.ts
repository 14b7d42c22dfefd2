import { readFileSync } from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { BankAccount, BankAccounts, StatementPreview } from '@helder/shared/bank-accounts';
import { auditLog, bankAccounts, bankAccountUsers } from '../../db/schema';
import { packageRoot } from '../../lib/package-root';
import { useCastApp } from '../../test/cast-app';
import { createUser, type CreatedUser } from '../../test/factories';
import { createPayment } from '../../test/initiative-factories';
import { multipart } from '../../test/multipart';
import { createBankAccount } from '../../test/payment-factories';

const scene = useCastApp();
const { call } = scene;

/** An owner, a friend the account is shared with, and a hidden bank payment linked to an initiative. */
async function sharedAccount() {
  const w = await scene.world();
  const owner = await createUser(scene.t, { password: null });
  const friend = await createUser(scene.t, { password: null });
  const account = await createBankAccount(scene.t, owner.user.id, [friend.user.id]);
  const hidden = await createPayment(scene.t, {
    type: 'bank',
    bankAccountId: account.id,
    amountCents: -1250,
    initiativeId: w.initiative.id,
    hidden: true,
  });
  const base = (user: CreatedUser) => `/user/${user.user.id}/bank-account/${account.id}`;
  return { owner, friend, account, hidden, base };
}

const sharesOf = async (accountId: number) =>
  scene.t.database.db
    .select()
    .from(bankAccountUsers)
    .where(eq(bankAccountUsers.bankAccountId, accountId));

/** A CAMT.053 statement of one account with one booked line. */
const camt = (iban: string) =>
  Buffer.from(`<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02"><BkToCstmrStmt>
<GrpHdr><MsgId>T1</MsgId><CreDtTm>2026-02-01T06:00:00</CreDtTm></GrpHdr>
<Stmt><Id>S1</Id><CreDtTm>2026-02-01T06:00:00</CreDtTm>
<Acct><Id><IBAN>${iban}</IBAN></Id><Ownr><Nm>Stichting Oost</Nm></Ownr></Acct>
<Ntry><Amt Ccy="EUR">12.50</Amt><CdtDbtInd>DBIT</CdtDbtInd><Sts>BOOK</Sts>
<BookgDt><Dt>2026-01-08</Dt></BookgDt><AcctSvcrRef>R-1</AcctSvcrRef>
<NtryDtls><TxDtls><RltdPties><Cdtr><Nm>Bouwmarkt</Nm></Cdtr></RltdPties>
<RmtInf><Ustrd>Verf</Ustrd></RmtInf></TxDtls></NtryDtls></Ntry>
</Stmt></BkToCstmrStmt></Document>`);

async function importStatement(caller: CreatedUser, iban: string) {
  const form = await multipart({ file: { name: 'afschrift.xml', data: camt(iban) } });
  const preview = await scene.t.app.inject({
    method: 'POST',
    url: `/api/user/${caller.user.id}/statement-imports`,
    payload: form.payload,
    headers: { ...form.headers, ...caller.headers },
  });
  expect(preview.statusCode).toBe(200);
  const { id } = preview.json<StatementPreview>();
  const done = await call('POST', `/user/${caller.user.id}/statement-import/${id}/confirm`, caller);
  expect(done.statusCode).toBe(200);
  return done.json<{ bank_account_ids: number[] }>().bank_account_ids[0]!;
}

describe('revoking a bank account', () => {
  it('ends every share: the former user no longer reads the account or its hidden payments', async () => {
    const { owner, friend, account, hidden, base } = await sharedAccount();
    expect((await call('GET', base(friend), friend)).statusCode).toBe(200);
    expect((await call('GET', `/payment/${hidden.id}`, friend)).statusCode).toBe(200);

    expect((await call('PATCH', base(owner), owner)).statusCode).toBe(200);
    expect(await sharesOf(account.id)).toEqual([]);
    expect((await call('GET', base(friend), friend)).statusCode).toBe(404);
    expect((await call('GET', `/payment/${hidden.id}`, friend)).statusCode).toBe(404);
    const listed = await call('GET', `/payments/user/${friend.user.id}`, friend);
    expect(listed.json<{ payments: Array<{ id: number }> }>().payments).toEqual([]);
    const [audited] = await scene.t.database.db
      .select({ changes: auditLog.changes })
      .from(auditLog)
      .where(eq(auditLog.entityId, account.id));
    expect(audited?.changes).toMatchObject({ users: { from: [friend.user.id], to: [] } });
  });

  it('takes the owner its relation to the payments that stay, as it does when an admin revokes', async () => {
    const { owner, hidden, account } = await sharedAccount();
    const admin = scene.cast.admin;
    expect((await call('GET', `/payment/${hidden.id}`, owner)).statusCode).toBe(200);
    const revoke = `/user/${admin.user.id}/bank-account/${account.id}`;
    expect((await call('PATCH', revoke, admin)).statusCode).toBe(200);
    expect(await sharesOf(account.id)).toEqual([]);
    // Not an insider of the initiative: the hidden payment was theirs only through the account.
    expect((await call('GET', `/payment/${hidden.id}`, owner)).statusCode).toBe(404);
  });

  it('gives a share row left on a revoked account nothing', async () => {
    const { owner, friend, account, hidden, base } = await sharedAccount();
    expect((await call('PATCH', base(owner), owner)).statusCode).toBe(200);
    // As a revoke from before shares were ended would have left it.
    await scene.t.database.db
      .insert(bankAccountUsers)
      .values({ bankAccountId: account.id, userId: friend.user.id });
    expect((await call('GET', base(friend), friend)).statusCode).toBe(404);
    expect((await call('GET', `/payment/${hidden.id}`, friend)).statusCode).toBe(404);
    const link = await call('PATCH', `/payment/${hidden.id}/initiative`, friend, {
      initiative_id: null,
    });
    expect(link.statusCode).toBe(404);
    const listed = await call('GET', `/payments/user/${friend.user.id}`, friend);
    expect(listed.json<{ payments: unknown[] }>().payments).toEqual([]);
    const used = await call('GET', `/user/${friend.user.id}/bank-accounts`, friend);
    expect(used.json<BankAccounts>().usedBankAccounts).toEqual([]);
  });

  it('an import that revives the account brings back none of its old shares', async () => {
    const owner = await createUser(scene.t, { password: null });
    const friend = await createUser(scene.t, { password: null });
    const iban = 'NL55INGB0007654321';
    const accountId = await importStatement(owner, iban);
    const base = `/user/${owner.user.id}/bank-account/${accountId}`;
    const shared = await call('PATCH', `${base}/users`, owner, { user_ids: [friend.user.id] });
    expect(shared.json<BankAccount>().users.map((u) => u.id)).toEqual([friend.user.id]);
    expect((await call('PATCH', base, owner)).statusCode).toBe(200);

    expect(await importStatement(owner, iban)).toBe(accountId);
    const revived = await call('GET', base, owner);
    expect(revived.json<BankAccount>()).toMatchObject({ is_revoked: false, users: [] });
    expect(revived.json<BankAccount>().user_count).toBe(0);
    const friendBase = `/user/${friend.user.id}/bank-account/${accountId}`;
    expect((await call('GET', friendBase, friend)).statusCode).toBe(404);
  });
});

describe('accounts revoked before revoking ended sharing', () => {
  it('lose their shares once the migration has run', async () => {
    const { account } = await sharedAccount();
    const kept = await sharedAccount();
    // As such an account was left: revoked, its share rows still there.
    await scene.t.database.db
      .update(bankAccounts)
      .set({ isRevoked: true })
      .where(eq(bankAccounts.id, account.id));
    expect(await sharesOf(account.id)).toHaveLength(1);
    const migration = readFileSync(
      path.join(packageRoot, 'drizzle', '0009_revoked_accounts_unshared.sql'),
      'utf8',
    );
    await scene.t.database.db.execute(sql.raw(migration));
    expect(await sharesOf(account.id)).toHaveLength(0);
    expect(await sharesOf(kept.account.id)).toHaveLength(1);
  });
});
