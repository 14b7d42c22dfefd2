import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { User } from '@helder/shared/users';
import { auditLog, users } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';
import { createUser } from '../../test/factories';
import { multipart } from '../../test/multipart';
import { createBankAccount } from '../../test/payment-factories';
import { uniq } from '../../test/http';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const auditRows = (entityId: number) =>
  t.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entityClass, 'User'), eq(auditLog.entityId, entityId)));

describe('GET /api/user/:id', () => {
  it('shows public fields to anonymous callers, without e-mail or account flags', async () => {
    const { user } = await createUser(t, { firstName: 'Ada', lastName: 'Lovelace' });
    const res = await t.app.inject({ url: `/api/user/${user.id}?expand=all` });
    expect(res.statusCode).toBe(200);
    const body = res.json<User>();
    expect(body).toMatchObject({ id: user.id, first_name: 'Ada', last_name: 'Lovelace' });
    expect(body).toMatchObject({
      role: 'user',
      profile_picture: null,
      initiatives: [],
      activities: [],
    });
    for (const key of ['email', 'is_active', 'is_superuser', 'hidden', 'owned_bank_accounts']) {
      expect(body).not.toHaveProperty(key);
    }
  });

  it('shows e-mail to logged-in callers, flags only to the user themself and admins', async () => {
    const { user } = await createUser(t);
    const other = await createUser(t);
    const admin = await createUser(t, { role: 'administrator' });
    const self = await createUser(t);
    const owned = await createBankAccount(t, user.id);
    const used = await createBankAccount(t, other.user.id, [user.id]);

    const seenByOther = (
      await t.app.inject({ url: `/api/user/${user.id}`, headers: other.headers })
    ).json<User>();
    expect(seenByOther.email).toBe(user.email);
    expect(seenByOther).not.toHaveProperty('is_active');
    expect(seenByOther).not.toHaveProperty('owned_bank_accounts');

    const seenByAdmin = (
      await t.app.inject({ url: `/api/user/${user.id}`, headers: admin.headers })
    ).json<User>();
    expect(seenByAdmin).toMatchObject({
      is_active: true,
      is_superuser: false,
      is_verified: true,
      hidden: false,
    });
    expect(seenByAdmin.owned_bank_accounts?.map((a) => a.id)).toEqual([owned.id]);
    expect(seenByAdmin.used_bank_accounts?.map((a) => a.id)).toEqual([used.id]);
    const listedByAdmin = await t.app.inject({
      url: `/api/users?email=${encodeURIComponent(user.email)}`,
      headers: admin.headers,
    });
    expect(listedByAdmin.json<{ users: User[] }>().users[0]).toMatchObject({
      id: user.id,
      owned_bank_accounts: [expect.objectContaining({ id: owned.id })],
    });

    const seenBySelf = (
      await t.app.inject({ url: `/api/user/${self.user.id}`, headers: self.headers })
    ).json<User>();
    expect(seenBySelf).toMatchObject({
      is_active: true,
      owned_bank_accounts: [],
      used_bank_accounts: [],
    });
  });

  it('hides hidden users from everyone but themselves and admins (404)', async () => {
    const hidden = await createUser(t, { hidden: true });
    const other = await createUser(t);
    const admin = await createUser(t, { role: 'administrator' });
    const url = `/api/user/${hidden.user.id}`;
    expect((await t.app.inject({ url })).statusCode).toBe(404);
    expect((await t.app.inject({ url, headers: other.headers })).statusCode).toBe(404);
    expect((await t.app.inject({ url, headers: hidden.headers })).statusCode).toBe(200);
    expect((await t.app.inject({ url, headers: admin.headers })).statusCode).toBe(200);
  });

  it('answers 404 for an unknown id and 422 for a malformed one', async () => {
    expect((await t.app.inject({ url: '/api/user/999999' })).json()).toMatchObject({
      code: 'NOT_FOUND',
    });
    expect((await t.app.inject({ url: '/api/user/abc' })).statusCode).toBe(422);
  });
});

describe('POST /api/user (invite)', () => {
  it('creates the user from a multipart form and mails one set-password link', async () => {
    const admin = await createUser(t, { role: 'administrator' });
    const email = `new-${uniq()}@example.nl`;
    const form = await multipart({
      email,
      first_name: 'Nieuw',
      role: 'financial',
      is_active: 'true',
      hidden: 'false',
      colour: 'blue',
    });
    const before = t.outbox.length;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user',
      ...form,
      headers: { ...form.headers, ...admin.headers },
    });
    expect(res.statusCode).toBe(200);
    const body = res.json<User>();
    expect(body).toMatchObject({
      email,
      first_name: 'Nieuw',
      role: 'financial',
      is_active: true,
      is_superuser: false,
    });

    const mails = t.outbox.slice(before);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.to).toBe(email);
    expect(mails[0]!.text).toContain('http://helder.test/reset-password?token=');
    const [row] = await t.database.db.select().from(users).where(eq(users.id, body.id));
    expect(row!.passwordHash).toBeNull();
    expect(await auditRows(body.id)).toMatchObject([{ action: 'create', actorId: admin.user.id }]);
  });

  it('accepts JSON too and stores the e-mail in lower case', async () => {
    const admin = await createUser(t, { role: 'administrator' });
    const email = `Json-${uniq()}@Example.nl`;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user',
      headers: admin.headers,
      payload: { email },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ email: email.toLowerCase(), role: 'user', hidden: false });
  });

  it('answers 409 EMAIL_TAKEN for a known e-mail in any case, also when two invites race', async () => {
    const admin = await createUser(t, { role: 'administrator' });
    const { user } = await createUser(t);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user',
      headers: admin.headers,
      payload: { email: user.email.toUpperCase() },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'EMAIL_TAKEN' });

    const email = `race-${uniq()}@example.nl`;
    const invite = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/user',
        headers: admin.headers,
        payload: { email },
      });
    // On Postgres the losers pass the check and hit the unique index: still 409, never 500.
    const results = await Promise.all([invite(), invite(), invite()]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
    for (const r of results.filter((r) => r.statusCode === 409)) {
      expect(r.json()).toMatchObject({ code: 'EMAIL_TAKEN' });
    }
  });

  it('lets only a superuser create a superuser', async () => {
    const admin = await createUser(t, { role: 'administrator' });
    const superuser = await createUser(t, { isSuperuser: true });
    const payload = () => ({ email: `su-${uniq()}@example.nl`, is_superuser: 'true' });
    const byAdmin = await t.app.inject({
      method: 'POST',
      url: '/api/user',
      headers: admin.headers,
      payload: payload(),
    });
    expect(byAdmin.statusCode).toBe(403);
    const bySuper = await t.app.inject({
      method: 'POST',
      url: '/api/user',
      headers: superuser.headers,
      payload: payload(),
    });
    expect(bySuper.statusCode).toBe(200);
    expect(bySuper.json()).toMatchObject({ is_superuser: true });
  });

  it('answers 401 anonymous, 403 non-admins, 422 invalid input', async () => {
    const payload = { email: `x-${uniq()}@example.nl` };
    expect((await t.app.inject({ method: 'POST', url: '/api/user', payload })).statusCode).toBe(
      401,
    );
    const plain = await createUser(t, { role: 'financial' });
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/user', headers: plain.headers, payload }))
        .statusCode,
    ).toBe(403);
    const admin = await createUser(t, { role: 'administrator' });
    for (const bad of [
      { email: 'not-an-email' },
      { ...payload, role: 'king' },
      { ...payload, biography: 'x'.repeat(501) },
    ]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/user',
        headers: admin.headers,
        payload: bad,
      });
      expect(res.statusCode).toBe(422);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR' });
    }
  });
});

describe('DELETE /api/user/:id', () => {
  it('lets an admin delete a user (204), then the user is gone and audited', async () => {
    const admin = await createUser(t, { role: 'administrator' });
    const { user } = await createUser(t);
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/user/${user.id}`,
      headers: admin.headers,
    });
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect(
      (await t.app.inject({ url: `/api/user/${user.id}`, headers: admin.headers })).statusCode,
    ).toBe(404);
    expect(await auditRows(user.id)).toMatchObject([{ action: 'delete', actorId: admin.user.id }]);
  });

  it('refuses anonymous (401), non-admins, self-deletion and admins on superusers (403)', async () => {
    const admin = await createUser(t, { role: 'administrator' });
    const superuser = await createUser(t, { isSuperuser: true });
    const other = await createUser(t);
    const { user } = await createUser(t);
    const del = (id: number, headers?: Record<string, string>) =>
      t.app.inject({ method: 'DELETE', url: `/api/user/${id}`, ...(headers ? { headers } : {}) });
    expect((await del(user.id)).statusCode).toBe(401);
    expect((await del(user.id, other.headers)).statusCode).toBe(403);
    expect((await del(admin.user.id, admin.headers)).statusCode).toBe(403);
    expect((await del(superuser.user.id, admin.headers)).statusCode).toBe(403);
    expect((await del(superuser.user.id, superuser.headers)).statusCode).toBe(403);
    expect((await del(999999, admin.headers)).statusCode).toBe(404);
    const another = await createUser(t, { isSuperuser: true });
    expect((await del(another.user.id, superuser.headers)).statusCode).toBe(204);
  });
});
