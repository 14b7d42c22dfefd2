import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { count } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { BankAccount } from '@helder/shared/bank-accounts';
import type { ErrorBody } from '@helder/shared/http';
import { bankAccountUsers, statementImports } from '../../db/schema';
import { useCastApp } from '../../test/cast-app';
import { createUser, type CreatedUser } from '../../test/factories';
import { multipart } from '../../test/multipart';
import { createBankAccount, MAPPED_CSV } from '../../test/payment-factories';

const scene = useCastApp();
const { call } = scene;

async function upload(caller: CreatedUser, fields: Record<string, string>) {
  const form = await multipart({
    ...fields,
    file: { name: 'afschrift.csv', data: MAPPED_CSV.data },
  });
  return scene.t.app.inject({
    method: 'POST',
    url: `/api/user/${caller.user.id}/statement-imports`,
    payload: form.payload,
    headers: { ...form.headers, ...caller.headers },
  });
}

/** What a refused request must leave as it was: preview rows, shares and stored parses. */
async function snapshot() {
  const { db } = scene.t.database;
  const rows = async (table: typeof statementImports | typeof bankAccountUsers) =>
    (await db.select({ n: count() }).from(table))[0]!.n;
  const stored = await readdir(path.join(scene.t.config.dataDir, 'files', 'statements')).catch(
    () => [],
  );
  return { imports: await rows(statementImports), shares: await rows(bankAccountUsers), stored };
}

const errorOf = (body: string) => (JSON.parse(body) as ErrorBody).errors?.[0];

describe('statement import, hostile fields', () => {
  it.each([
    ['a NUL byte in the mapping', { mapping: `{"delimiter":"\u0000"}` }, 'mapping'],
    ['a mapping over 4 000 characters', { mapping: `"${'x'.repeat(5000)}"` }, 'mapping'],
    ['a mapping that is not JSON', { mapping: '{delimiter:' }, 'mapping'],
    ['a mapping of the wrong shape', { mapping: '{"date":"yesterday"}' }, 'mapping'],
    ['a prototype-polluting mapping', { mapping: '{"__proto__":{"admin":true}}' }, 'mapping'],
    ['an account id that is no id', { bank_account_id: '1 or 1=1' }, 'bank_account_id'],
  ])('refuses %s with 422 naming the field, storing nothing', async (_, fields, field) => {
    const me = await createUser(scene.t, { password: null });
    const before = await snapshot();
    const res = await upload(me, fields);
    expect(res.statusCode).toBe(422);
    expect(errorOf(res.body)?.field).toBe(field);
    expect(await snapshot()).toEqual(before);
  });

  it("answers 404 for someone else's account, as for one that does not exist", async () => {
    const me = await createUser(scene.t, { password: null });
    const other = await createUser(scene.t, { password: null });
    const theirs = await createBankAccount(scene.t, other.user.id, [me.user.id]);
    const before = await snapshot();
    for (const id of [theirs.id, 2_147_483_647]) {
      const res = await upload(me, {
        mapping: JSON.stringify(MAPPED_CSV.mapping),
        bank_account_id: `${id}`,
      });
      expect(res.statusCode).toBe(404);
    }
    expect(await snapshot()).toEqual(before);
  });
});

describe('sharing, hostile bodies', () => {
  it.each([
    ['more than 500 users', { user_ids: Array.from({ length: 501 }, (_, i) => i + 1) }],
    ['ids that are no ids', { user_ids: ['1; drop table users', -3] }],
    ['users that do not exist', { user_ids: [2_147_483_646] }],
    ['no list at all', { user_ids: 'everyone' }],
    ['an id past the integer range', { user_ids: [2 ** 53] }],
  ])('refuses %s with 422 and shares with nobody', async (_, body) => {
    const owner = await createUser(scene.t, { password: null });
    const account = await createBankAccount(scene.t, owner.user.id);
    const before = await snapshot();
    const res = await call(
      'PATCH',
      `/user/${owner.user.id}/bank-account/${account.id}/users`,
      owner,
      body,
    );
    expect(res.statusCode).toBe(422);
    expect(errorOf(res.body)?.field).toMatch(/^user_ids/);
    expect(await snapshot()).toEqual(before);
  });

  it("cannot share someone else's account, nor one past the integer range", async () => {
    const owner = await createUser(scene.t, { password: null });
    const me = await createUser(scene.t, { password: null });
    const account = await createBankAccount(scene.t, owner.user.id);
    const before = await snapshot();
    const body = { user_ids: [me.user.id] };
    const theirs = await call(
      'PATCH',
      `/user/${me.user.id}/bank-account/${account.id}/users`,
      me,
      body,
    );
    expect(theirs.statusCode).toBe(404);
    const huge = await call(
      'PATCH',
      `/user/${me.user.id}/bank-account/99999999999/users`,
      me,
      body,
    );
    expect(huge.statusCode).toBe(422);
    expect(await snapshot()).toEqual(before);
    const read = await call('GET', `/user/${owner.user.id}/bank-account/${account.id}`, owner);
    expect(read.json<BankAccount>().users).toEqual([]);
  });
});
