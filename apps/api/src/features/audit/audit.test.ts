import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditPage } from '@helder/shared/audit';
import type { ErrorBody } from '@helder/shared/http';
import type { Payment } from '@helder/shared/payments';
import { auditLog } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';
import { createUser } from '../../test/factories';
import {
  activityInput,
  createCast,
  createPayment,
  createWorld,
  initiativeInput,
  type Cast,
} from '../../test/initiative-factories';
import { grantInput } from '../../test/funder-factories';
import { callAs, uniq, type CallArgs, type Caller } from '../../test/http';
import { multipart } from '../../test/multipart';
import { paymentInput } from '../../test/payment-factories';

let t: TestApp;
let cast: Cast;
beforeAll(async () => {
  t = await createTestApp();
  cast = await createCast(t);
});
afterAll(() => t?.close());

const call = (...args: CallArgs) => callAs(t, ...args);
const history = async (
  entityClass: string,
  id: number,
  extra = '',
  caller: Caller = cast.admin,
) => {
  const res = await call(
    'GET',
    `/audit?entity_class=${entityClass}&entity_id=${id}${extra}`,
    caller,
  );
  expect(res.statusCode, res.body).toBe(200);
  return res.json<AuditPage>();
};
/** The entity's history, oldest first, as `action` and the changed field names. */
const kinds = async (entityClass: string, id: number) =>
  (await history(entityClass, id)).entries
    .map((e) => ({ action: e.action, fields: Object.keys(e.changes).sort() }))
    .reverse();

describe('GET /api/audit: a row for every kind of change', () => {
  it('records an initiative and an activity created, edited, re-owned and deleted', async () => {
    const world = await createWorld(t, cast);
    const res = await call('POST', `${world.base}/initiative`, cast.admin, initiativeInput());
    expect(res.statusCode, res.body).toBe(200);
    const initiativeId = res.json<{ id: number }>().id;
    const created = await call(
      'POST',
      `/initiative/${initiativeId}/activity`,
      cast.admin,
      activityInput(),
    );
    expect(created.statusCode, created.body).toBe(200);
    const activityId = created.json<{ id: number }>().id;
    const activity = `/initiative/${initiativeId}/activity/${activityId}`;

    expect((await call('PATCH', activity, cast.admin, { budget: 750 })).statusCode).toBe(200);
    const owners = { user_ids: [cast.activityOwner.user.id] };
    expect((await call('PATCH', `${activity}/owners`, cast.admin, owners)).statusCode).toBe(200);
    expect((await call('DELETE', activity, cast.admin)).statusCode).toBe(204);

    const initiative = `/initiative/${initiativeId}`;
    expect((await call('PATCH', initiative, cast.admin, { location: 'Noord' })).statusCode).toBe(
      200,
    );
    const iOwners = { user_ids: [cast.owner.user.id] };
    expect((await call('PATCH', `${initiative}/owners`, cast.admin, iOwners)).statusCode).toBe(200);
    expect((await call('DELETE', initiative, cast.admin)).statusCode).toBe(204);

    const activityHistory = await kinds('Activity', activityId);
    expect(activityHistory.map((e) => e.action)).toEqual(['create', 'update', 'update', 'delete']);
    expect(activityHistory[1]!.fields).toEqual(['budget']);
    expect(activityHistory[2]!.fields).toEqual(['owners']);
    const initiativeHistory = await kinds('Initiative', initiativeId);
    expect(initiativeHistory.map((e) => e.action)).toEqual([
      'create',
      'update',
      'update',
      'delete',
    ]);
    expect(initiativeHistory[1]!.fields).toEqual(['location']);
    expect(initiativeHistory[2]!.fields).toEqual(['owners']);

    const [edit] = (await history('Activity', activityId)).entries.filter(
      (e) => 'budget' in e.changes,
    );
    expect(edit).toMatchObject({
      action: 'update',
      actor: { id: cast.admin.user.id, name: expect.any(String) as unknown },
      changes: { budget: { from: 1000, to: 750 } },
    });
  });

  it('records a payment created, edited, linked, unlinked and deleted, money in euros', async () => {
    const world = await createWorld(t, cast);
    const res = await call(
      'POST',
      '/payment',
      cast.owner,
      paymentInput(world.initiative.id, { transaction_amount: -12.5 }),
    );
    expect(res.statusCode, res.body).toBe(200);
    const payment = res.json<Payment>();
    const path = `/payment/${payment.id}`;
    expect((await call('PATCH', path, cast.owner, { transaction_amount: -20 })).statusCode).toBe(
      200,
    );
    const link = { initiative_id: world.initiative.id, activity_id: world.activity.id };
    expect((await call('PATCH', `${path}/activity`, cast.admin, link)).statusCode).toBe(200);
    const unlink = { ...link, activity_id: null };
    expect((await call('PATCH', `${path}/activity`, cast.admin, unlink)).statusCode).toBe(200);
    expect((await call('DELETE', path, cast.admin)).statusCode).toBe(204);

    const entries = (await history('Payment', payment.id)).entries.reverse();
    expect(entries.map((e) => e.action)).toEqual([
      'create',
      'update',
      'update',
      'update',
      'delete',
    ]);
    expect(entries[0]!.actor?.id).toBe(cast.owner.user.id);
    expect(entries[0]!.changes.transaction_amount).toEqual({ from: null, to: -12.5 });
    expect(entries[1]!.changes).toEqual({ transaction_amount: { from: -12.5, to: -20 } });
    expect(entries[2]!.changes).toEqual({ activity_id: { from: null, to: world.activity.id } });
    expect(entries[3]!.changes).toEqual({ activity_id: { from: world.activity.id, to: null } });
    expect(entries[4]!.changes.transaction_amount).toEqual({ from: -20, to: null });
  });

  it('records a grant created, edited, given overseers and deleted', async () => {
    const world = await createWorld(t, cast);
    const base = `/funder/${world.funder.id}/regulation/${world.regulation.id}`;
    const res = await call('POST', `${base}/grant`, cast.admin, grantInput());
    expect(res.statusCode, res.body).toBe(200);
    const id = res.json<{ id: number }>().id;
    expect(
      (await call('PATCH', `${base}/grant/${id}`, cast.admin, { budget: 999 })).statusCode,
    ).toBe(200);
    const overseers = { user_ids: [cast.overseer.user.id] };
    expect(
      (await call('PATCH', `${base}/grant/${id}/overseers`, cast.admin, overseers)).statusCode,
    ).toBe(200);
    expect((await call('DELETE', `${base}/grant/${id}`, cast.admin)).statusCode).toBe(204);
    expect(await kinds('Grant', id)).toEqual([
      { action: 'create', fields: ['budget', 'name', 'reference', 'regulation_id'] },
      { action: 'update', fields: ['budget'] },
      { action: 'update', fields: ['overseers'] },
      { action: 'delete', fields: expect.arrayContaining(['budget', 'name']) as unknown },
    ]);
  });

  it('records a user invited, edited, given a new password and deleted, never the secret', async () => {
    const email = `history-${uniq()}@example.nl`;
    const form = await multipart({ email, first_name: 'Anna', role: 'user' });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user',
      ...form,
      headers: { ...form.headers, ...cast.admin.headers },
    });
    expect(res.statusCode, res.body).toBe(200);
    const id = res.json<{ id: number }>().id;
    expect(
      (await call('PATCH', `/user/${id}`, cast.admin, { last_name: 'Bakker' })).statusCode,
    ).toBe(200);
    // A writer that stored a secret as it was must still not hand it out.
    await t.database.db.insert(auditLog).values({
      actorId: id,
      entityClass: 'User',
      entityId: id,
      action: 'update',
      changes: {
        password_hash: { from: null, to: '$argon2id$v=19$secret' },
        token: { from: 'abc', to: null },
      },
    });
    expect((await call('DELETE', `/user/${id}`, cast.admin)).statusCode).toBe(204);

    const page = await history('User', id);
    expect(JSON.stringify(page)).not.toContain('argon2');
    expect(JSON.stringify(page)).not.toContain('abc');
    const entries = page.entries.reverse();
    expect(entries.map((e) => e.action)).toEqual(['create', 'update', 'update', 'delete']);
    expect(entries[1]!.changes).toEqual({ last_name: { from: null, to: 'Bakker' } });
    expect(entries[2]!.changes).toEqual({
      password_hash: { from: null, to: '***' },
      token: { from: '***', to: null },
    });
    // The user made that change and is gone now: the entry still says who, without a name.
    expect(entries[2]!.actor).toEqual({ id, name: null });

    const self = await createUser(t);
    const change = { password: 'a-new-long-password' };
    expect((await call('PATCH', `/user/${self.user.id}`, self, change)).statusCode).toBe(200);
    const own = await history('User', self.user.id);
    expect(own.entries.map((e) => e.changes)).toEqual([{ password: { from: '***', to: '***' } }]);
    expect(JSON.stringify(own)).not.toContain('argon2');
  });

  it('records on each payment, activity and initiative what a grant delete did to it', async () => {
    const world = await createWorld(t, cast);
    const manual = await call(
      'POST',
      '/payment',
      cast.admin,
      paymentInput(world.initiative.id, { activity_id: world.activity.id }),
    );
    expect(manual.statusCode, manual.body).toBe(200);
    const bank = await createPayment(t, {
      initiativeId: world.initiative.id,
      type: 'bank',
      amountCents: -500,
    });
    const path = `/funder/${world.funder.id}/regulation/${world.regulation.id}/grant/${world.grant.id}`;
    expect((await call('DELETE', path, cast.admin)).statusCode).toBe(204);

    const [manualGone] = (await history('Payment', manual.json<Payment>().id)).entries;
    expect(manualGone).toMatchObject({
      action: 'delete',
      actor: { id: cast.admin.user.id },
      changes: {
        initiative_id: { from: world.initiative.id, to: null },
        activity_id: { from: world.activity.id, to: null },
      },
    });
    const [unlinked] = (await history('Payment', bank.id)).entries;
    expect(unlinked).toEqual({
      id: expect.any(Number) as unknown,
      at: expect.any(String) as unknown,
      actor: { id: cast.admin.user.id, name: expect.any(String) as unknown },
      action: 'update',
      changes: { initiative_id: { from: world.initiative.id, to: null } },
    });
    const [activityGone] = (await history('Activity', world.activity.id)).entries;
    expect(activityGone).toMatchObject({
      action: 'delete',
      changes: { initiative_id: { from: world.initiative.id, to: null } },
    });
    const [initiativeGone] = (await history('Initiative', world.initiative.id)).entries;
    expect(initiativeGone).toMatchObject({
      action: 'delete',
      changes: { grant_id: { from: world.grant.id, to: null } },
    });
    expect((await history('Grant', world.grant.id)).entries.map((e) => e.action)).toEqual([
      'delete',
    ]);
  });

  it('records on a bank payment that its activity was deleted', async () => {
    const world = await createWorld(t, cast);
    const bank = await createPayment(t, {
      initiativeId: world.initiative.id,
      activityId: world.activity.id,
      type: 'bank',
      amountCents: -500,
    });
    const activity = `/initiative/${world.initiative.id}/activity/${world.activity.id}`;
    expect((await call('DELETE', activity, cast.admin)).statusCode).toBe(204);
    const entries = (await history('Payment', bank.id)).entries;
    expect(entries.map((e) => e.changes)).toEqual([
      { activity_id: { from: world.activity.id, to: null } },
    ]);
    const deletes = (await history('Activity', world.activity.id)).entries;
    expect(deletes.map((e) => e.action)).toEqual(['delete']);
  });

  it('answers an empty page for an entity without history', async () => {
    expect(await history('Funder', 2_000_000_000)).toEqual({
      entries: [],
      has_more: false,
      next_after: null,
    });
  });
});

describe('GET /api/audit: paging', () => {
  it('pages newest first by cursor, 50 by default, up to 100', async () => {
    const user = await createUser(t, { password: null });
    await t.database.db.insert(auditLog).values(
      Array.from({ length: 120 }, (_, i) => ({
        actorId: null,
        entityClass: 'User',
        entityId: user.user.id,
        action: 'update' as const,
        changes: { biography: { from: `v${i}`, to: `v${i + 1}` } },
      })),
    );
    const first = await history('User', user.user.id);
    expect(first.entries).toHaveLength(50);
    expect(first.has_more).toBe(true);
    expect(first.entries[0]!.changes.biography!.to).toBe('v120');
    expect(first.entries[0]!.actor).toBeNull();
    const ids = first.entries.map((e) => e.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(first.next_after).toBe(ids[49]);

    const second = await history('User', user.user.id, `&after=${first.next_after}&limit=100`);
    expect(second.entries).toHaveLength(70);
    expect(second.has_more).toBe(false);
    expect(second.next_after).toBeNull();
    expect(second.entries[0]!.id).toBeLessThan(first.next_after!);
    expect(second.entries.at(-1)!.changes.biography!.to).toBe('v1');

    const exact = await history('User', user.user.id, `&limit=20&after=${ids[29]}`);
    expect(exact.entries.map((e) => e.id)).toEqual(ids.slice(30, 50));
    expect(exact.has_more).toBe(true);
  });
});

describe('GET /api/audit: who may read it', () => {
  it('answers 401 without a token and 403 to every non-administrator', async () => {
    const world = await createWorld(t, cast);
    const url = `/audit?entity_class=Initiative&entity_id=${world.initiative.id}`;
    expect((await call('GET', url, null)).statusCode).toBe(401);
    for (const caller of [
      cast.owner,
      cast.activityOwner,
      cast.grantOfficer,
      cast.policyOfficer,
      cast.overseer,
      cast.financial,
      cast.user,
    ]) {
      const res = await call('GET', url, caller);
      expect(res.statusCode).toBe(403);
      expect(res.json<ErrorBody>().code).toBe('FORBIDDEN');
    }
    const superuser = await createUser(t, { isSuperuser: true, password: null });
    expect((await call('GET', url, superuser)).statusCode).toBe(200);
    expect((await call('GET', url, cast.admin)).statusCode).toBe(200);
  });
});

describe('GET /api/audit: validation', () => {
  it.each([
    ['', 'entity_class'],
    ['entity_class=Initiative', 'entity_id'],
    ['entity_class=Thing&entity_id=1', 'entity_class'],
    ['entity_class=initiative&entity_id=1', 'entity_class'],
    ['entity_class=Initiative&entity_id=0', 'entity_id'],
    ['entity_class=Initiative&entity_id=-3', 'entity_id'],
    ['entity_class=Initiative&entity_id=1.5', 'entity_id'],
    ['entity_class=Initiative&entity_id=abc', 'entity_id'],
    ['entity_class=Initiative&entity_id=1&limit=101', 'limit'],
    ['entity_class=Initiative&entity_id=1&limit=0', 'limit'],
    ['entity_class=Initiative&entity_id=1&after=x', 'after'],
  ])('answers 422 for ?%s, naming %s', async (query, field) => {
    const res = await call('GET', `/audit?${query}`, cast.admin);
    expect(res.statusCode).toBe(422);
    const body = res.json<ErrorBody>();
    expect(body.code).toBe('VALIDATION_ERROR');
    expect(body.errors?.map((e) => e.field)).toContain(field);
  });

  it('treats an empty cursor or limit as none', async () => {
    const page = await history('Initiative', 1, '&after=&limit=');
    expect(page.has_more).toBe(false);
  });
});
