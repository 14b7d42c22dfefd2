import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { User } from '@helder/shared/users';
import { auditLog, passwordTokens, users } from '../../db/schema';
import { verifyPassword } from '../../lib/passwords';
import { createTestApp, type TestApp } from '../../test/app';
import { createUser } from '../../test/factories';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const patch = (id: number, payload: object, headers?: Record<string, string>) =>
  t.app.inject({
    method: 'PATCH',
    url: `/api/user/${id}`,
    payload,
    ...(headers ? { headers } : {}),
  });
const rowOf = async (id: number) =>
  (await t.database.db.select().from(users).where(eq(users.id, id)))[0]!;
const login = (username: string, password: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/jwt/login',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ username, password, grant_type: 'password' }).toString(),
  });

describe('PATCH /api/user/:id', () => {
  it('lets users edit their own profile, writing one audit row', async () => {
    const me = await createUser(t, { firstName: 'Old' });
    const res = await patch(
      me.user.id,
      { first_name: 'New', biography: 'Hallo', last_name: '' },
      me.headers,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: me.user.id,
      first_name: 'New',
      biography: 'Hallo',
      last_name: null,
    });
    const rows = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityClass, 'User'), eq(auditLog.entityId, me.user.id)));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.changes).toMatchObject({ first_name: { from: 'Old', to: 'New' } });
  });

  it('ignores echoed unchanged and read-only fields, but refuses a changed forbidden field (403)', async () => {
    const me = await createUser(t, { firstName: 'Echo' });
    const current = (
      await t.app.inject({ url: `/api/user/${me.user.id}`, headers: me.headers })
    ).json<User>();
    const echoed = await patch(
      me.user.id,
      { ...current, id: 12345, first_name: 'Echoed', profile_picture: { x: 1 }, unknown: 1 },
      me.headers,
    );
    expect(echoed.statusCode).toBe(200);
    expect(echoed.json()).toMatchObject({
      id: me.user.id,
      first_name: 'Echoed',
      role: 'user',
      is_active: true,
    });

    for (const change of [
      { role: 'administrator' },
      { is_active: false },
      { hidden: true },
      { is_superuser: true },
    ]) {
      const res = await patch(me.user.id, { first_name: 'Sneaky', ...change }, me.headers);
      expect(res.statusCode).toBe(403);
    }
    const row = await rowOf(me.user.id);
    expect(row).toMatchObject({ firstName: 'Echoed', role: 'user', isActive: true, hidden: false });
  });

  it('lets admins edit role, is_active and hidden of others (strings as booleans too)', async () => {
    const admin = await createUser(t, { role: 'administrator' });
    const { user } = await createUser(t);
    const res = await patch(
      user.id,
      { role: 'financial', hidden: 'true', first_name: 'Set by admin' },
      admin.headers,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      role: 'financial',
      hidden: true,
      first_name: 'Set by admin',
    });
  });

  it("stops a deactivated user's tokens from working", async () => {
    const admin = await createUser(t, { role: 'administrator' });
    const victim = await createUser(t);
    expect((await patch(victim.user.id, { biography: 'ok' }, victim.headers)).statusCode).toBe(200);
    expect((await patch(victim.user.id, { is_active: false }, admin.headers)).statusCode).toBe(200);
    expect((await patch(victim.user.id, { biography: 'no' }, victim.headers)).statusCode).toBe(401);
    const list = await t.app.inject({ url: '/api/users', headers: victim.headers });
    expect(list.statusCode).toBe(200); // public route: the caller is simply anonymous now
    expect(list.json<{ users: User[] }>().users[0]).not.toHaveProperty('email');
  });

  it('does not revive old tokens when a deactivated user is reactivated', async () => {
    const admin = await createUser(t, { role: 'administrator' });
    const victim = await createUser(t);
    expect((await patch(victim.user.id, { is_active: false }, admin.headers)).statusCode).toBe(200);
    expect((await patch(victim.user.id, { is_active: true }, admin.headers)).statusCode).toBe(200);
    expect((await patch(victim.user.id, { biography: 'no' }, victim.headers)).statusCode).toBe(401);
    // Logging in again gives a token that works.
    const fresh = await login(victim.user.email, victim.password!);
    const token = fresh.json<{ access_token: string }>().access_token;
    const headers = { authorization: `Bearer ${token}` };
    expect((await patch(victim.user.id, { biography: 'yes' }, headers)).statusCode).toBe(200);
  });

  it('keeps superuser powers with superusers', async () => {
    const admin = await createUser(t, { role: 'administrator' });
    const superuser = await createUser(t, { isSuperuser: true });
    const { user } = await createUser(t);
    expect((await patch(user.id, { is_superuser: true }, admin.headers)).statusCode).toBe(403);
    expect((await patch(superuser.user.id, { first_name: 'X' }, admin.headers)).statusCode).toBe(
      403,
    );
    const res = await patch(user.id, { is_superuser: true }, superuser.headers);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ is_superuser: true });
  });

  it('does not let an admin deactivate themself', async () => {
    const admin = await createUser(t, { role: 'administrator' });
    const res = await patch(admin.user.id, { is_active: false }, admin.headers);
    expect(res.statusCode).toBe(403);
    expect((await rowOf(admin.user.id)).isActive).toBe(true);
  });

  it('changes the e-mail address unless another user has it (409, any case)', async () => {
    const me = await createUser(t);
    const other = await createUser(t);
    const taken = await patch(me.user.id, { email: other.user.email.toUpperCase() }, me.headers);
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ code: 'EMAIL_TAKEN' });
    const fresh = `Fresh-${me.user.id}@Example.nl`;
    const res = await patch(me.user.id, { email: fresh }, me.headers);
    expect(res.statusCode).toBe(200);
    expect(res.json<User>().email).toBe(fresh.toLowerCase());
  });

  it('changes the password of the user themself: the new one logs in, the old one not', async () => {
    const me = await createUser(t, { password: 'old-password-1' });
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: me.user.email },
    });
    const res = await patch(me.user.id, { password: 'new-password-2' }, me.headers);
    expect(res.statusCode).toBe(200);
    expect(res.json()).not.toHaveProperty('password');
    expect(await verifyPassword((await rowOf(me.user.id)).passwordHash, 'new-password-2')).toBe(
      true,
    );
    expect((await login(me.user.email, 'new-password-2')).statusCode).toBe(200);
    expect((await login(me.user.email, 'old-password-1')).statusCode).toBe(400);

    const tokens = await t.database.db
      .select()
      .from(passwordTokens)
      .where(eq(passwordTokens.userId, me.user.id));
    expect(tokens).toEqual([]);
    const [row] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, me.user.id), eq(auditLog.action, 'update')));
    expect(row!.changes).toEqual({ password: { from: '***', to: '***' } });
  });

  it('refuses to let anyone else set a password (403) and short passwords (422)', async () => {
    const admin = await createUser(t, { role: 'administrator' });
    const me = await createUser(t);
    expect((await patch(me.user.id, { password: 'admin-sets-it' }, admin.headers)).statusCode).toBe(
      403,
    );
    expect((await patch(me.user.id, { password: 'short' }, me.headers)).statusCode).toBe(422);
  });

  it('answers 401 anonymous, 403 for another user, 404 unknown or hidden, 422 invalid', async () => {
    const me = await createUser(t);
    const other = await createUser(t);
    const hidden = await createUser(t, { hidden: true });
    expect((await patch(me.user.id, { first_name: 'A' })).statusCode).toBe(401);
    expect((await patch(other.user.id, { first_name: 'A' }, me.headers)).statusCode).toBe(403);
    expect((await patch(999999, { first_name: 'A' }, me.headers)).statusCode).toBe(404);
    expect((await patch(hidden.user.id, { first_name: 'A' }, me.headers)).statusCode).toBe(404);
    for (const bad of [{ email: 'nope' }, { biography: 'x'.repeat(501) }, { role: 'king' }]) {
      expect((await patch(me.user.id, bad, me.headers)).statusCode).toBe(422);
    }
  });
});
