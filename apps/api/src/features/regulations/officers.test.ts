import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Regulation } from '@helder/shared/regulations';
import { auditLog, regulationOfficers } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';
import { createUser, type CreatedUser } from '../../test/factories';
import { addOfficer, createFunder, createRegulationTree } from '../../test/funder-factories';
import { type Caller } from '../../test/http';

let t: TestApp;
let admin: CreatedUser;
let user: CreatedUser;
let people: CreatedUser[];
beforeAll(async () => {
  t = await createTestApp();
  admin = await createUser(t, { role: 'administrator', password: null });
  user = await createUser(t, { password: null });
  people = [];
  for (const firstName of ['Anna', 'Bert', 'Cor']) {
    people.push(await createUser(t, { firstName, lastName: 'Medewerker', password: null }));
  }
});
afterAll(() => t?.close());

type Users = { users: Array<{ id: number; email?: string }> };
const idsOf = (...list: CreatedUser[]) => list.map((p) => p.user.id);

async function setup() {
  const { funder, regulation } = await createRegulationTree(t);
  return {
    funder,
    regulation,
    url: `/api/funder/${funder.id}/regulation/${regulation.id}/officers`,
  };
}
const setOfficers = (url: string, payload: object, caller: Caller = admin) =>
  t.app.inject({ method: 'PATCH', url, payload, headers: caller?.headers ?? {} });
const stored = async (regulationId: number, role: 'grant officer' | 'policy officer') =>
  (
    await t.database.db
      .select({ userId: regulationOfficers.userId })
      .from(regulationOfficers)
      .where(
        and(eq(regulationOfficers.regulationId, regulationId), eq(regulationOfficers.role, role)),
      )
  )
    .map((r) => r.userId)
    .sort((a, b) => a - b);

describe('PATCH /api/funder/:id/regulation/:regId/officers', () => {
  it('replaces one role set and returns it; the other role is untouched', async () => {
    const { regulation, url } = await setup();
    const [anna, bert, cor] = people as [CreatedUser, CreatedUser, CreatedUser];
    await addOfficer(t, regulation.id, cor.user.id, 'policy officer');
    const first = await setOfficers(url, { user_ids: idsOf(bert, anna), role: 'grant officer' });
    expect(first.statusCode).toBe(200);
    expect(first.json<Users>().users).toEqual([
      { id: anna.user.id, email: anna.user.email, first_name: 'Anna', last_name: 'Medewerker' },
      { id: bert.user.id, email: bert.user.email, first_name: 'Bert', last_name: 'Medewerker' },
    ]);
    const second = await setOfficers(url, {
      user_ids: [String(cor.user.id)],
      role: 'grant_officer',
    });
    expect(second.json<Users>().users.map((u) => u.id)).toEqual([cor.user.id]);
    expect(await stored(regulation.id, 'grant officer')).toEqual([cor.user.id]);
    expect(await stored(regulation.id, 'policy officer')).toEqual([cor.user.id]);
  });

  it('lets one user hold both roles, shown in both lists', async () => {
    const { funder, regulation, url } = await setup();
    const anna = people[0]!;
    await setOfficers(url, { user_ids: [anna.user.id], role: 'grant officer' });
    await setOfficers(url, { user_ids: [anna.user.id], role: 'policy officer' });
    const res = await t.app.inject({ url: `/api/funder/${funder.id}/regulation/${regulation.id}` });
    const body = res.json<Regulation>();
    expect(body.grant_officers.map((u) => u.id)).toEqual([anna.user.id]);
    expect(body.policy_officers.map((u) => u.id)).toEqual([anna.user.id]);
  });

  it('de-duplicates ids, clears with an empty list, and audits changes only', async () => {
    const { regulation, url } = await setup();
    const anna = people[0]!;
    const dup = await setOfficers(url, {
      user_ids: [anna.user.id, anna.user.id],
      role: 'policy officer',
    });
    expect(dup.statusCode).toBe(200);
    expect(dup.json<Users>().users).toHaveLength(1);
    await setOfficers(url, { user_ids: [anna.user.id], role: 'policy officer' }); // no change
    const cleared = await setOfficers(url, { user_ids: [], role: 'policy officer' });
    expect(cleared.json()).toEqual({ users: [] });
    expect(await stored(regulation.id, 'policy officer')).toEqual([]);
    const rows = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityClass, 'Regulation'), eq(auditLog.entityId, regulation.id)))
      .orderBy(auditLog.id);
    expect(rows.map((r) => r.changes)).toEqual([
      { policy_officers: { from: [], to: [anna.user.id] } },
      { policy_officers: { from: [anna.user.id], to: [] } },
    ]);
  });

  it('answers 404 for an unknown user id and changes nothing', async () => {
    const { regulation, url } = await setup();
    const [anna, bert] = people as [CreatedUser, CreatedUser];
    await setOfficers(url, { user_ids: [anna.user.id], role: 'grant officer' });
    const res = await setOfficers(url, { user_ids: [bert.user.id, 999999], role: 'grant officer' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'NOT_FOUND' });
    expect(await stored(regulation.id, 'grant officer')).toEqual([anna.user.id]);
  });

  it('answers 401, 403 (grant officers too), 404 for a wrong path and 422', async () => {
    const { funder, regulation, url } = await setup();
    const officer = people[1]!;
    await addOfficer(t, regulation.id, officer.user.id, 'grant officer');
    const body = { user_ids: [user.user.id], role: 'grant officer' };
    expect((await setOfficers(url, body, null)).statusCode).toBe(401);
    expect((await setOfficers(url, body, user)).statusCode).toBe(403);
    expect((await setOfficers(url, body, officer)).statusCode).toBe(403);
    const other = await createFunder(t);
    const wrong = url.replace(`/funder/${funder.id}/`, `/funder/${other.id}/`);
    expect((await setOfficers(wrong, body)).statusCode).toBe(404);
    expect((await setOfficers(url, { user_ids: [1], role: 'boss' })).statusCode).toBe(422);
    expect((await setOfficers(url, { user_ids: ['x'], role: 'grant officer' })).statusCode).toBe(
      422,
    );
    expect((await setOfficers(url, { role: 'grant officer' })).statusCode).toBe(422);
  });
});

describe('entity-access for Regulation', () => {
  const access = async (kind: string, caller: Caller, id: number) => {
    const res = await t.app.inject({
      url: `/api/auth/entity-access/${kind}?entity_class=Regulation&entity_id=${id}`,
      headers: caller?.headers ?? {},
    });
    return res.json<Record<string, string[]>>();
  };

  it('reports actions and fields per role', async () => {
    const { regulation } = await setup();
    const [grantOfficer, policyOfficer, both] = people as [CreatedUser, CreatedUser, CreatedUser];
    await addOfficer(t, regulation.id, grantOfficer.user.id, 'grant officer');
    await addOfficer(t, regulation.id, policyOfficer.user.id, 'policy officer');
    await addOfficer(t, regulation.id, both.user.id, 'grant officer');
    await addOfficer(t, regulation.id, both.user.id, 'policy officer');
    const all = ['read', 'edit', 'delete', 'set_officers', 'create_grant', 'overview'];
    expect((await access('actions', admin, regulation.id)).actions).toEqual(all);
    expect((await access('actions', grantOfficer, regulation.id)).actions).toEqual([
      'read',
      'create_grant',
      'overview',
    ]);
    expect((await access('actions', both, regulation.id)).actions).toEqual([
      'read',
      'create_grant',
      'overview',
    ]);
    expect((await access('actions', policyOfficer, regulation.id)).actions).toEqual([
      'read',
      'overview',
    ]);
    expect((await access('actions', user, regulation.id)).actions).toEqual(['read']);
    expect((await access('actions', null, regulation.id)).actions).toEqual(['read']);
    expect((await access('edit-fields', admin, regulation.id)).fields).toEqual([
      'name',
      'description',
      'review_enabled',
    ]);
    expect((await access('edit-fields', grantOfficer, regulation.id)).fields).toEqual([]);
  });
});
