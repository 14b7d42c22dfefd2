import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Grant } from '@helder/shared/grants';
import { grantOverseers } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';
import { createUser, type CreatedUser } from '../../test/factories';
import {
  addOfficer,
  addOverseer,
  createFunder,
  createGrant,
  createRegulation,
} from '../../test/funder-factories';
import { type Caller } from '../../test/http';

let t: TestApp;
let admin: CreatedUser;
let user: CreatedUser;
let grantOfficer: CreatedUser;
let policyOfficer: CreatedUser;
let people: CreatedUser[];
beforeAll(async () => {
  t = await createTestApp();
  admin = await createUser(t, { role: 'administrator', password: null });
  user = await createUser(t, { password: null });
  grantOfficer = await createUser(t, { password: null });
  policyOfficer = await createUser(t, { password: null });
  people = [];
  for (const firstName of ['Anna', 'Bert']) {
    people.push(await createUser(t, { firstName, lastName: 'Penvoerder', password: null }));
  }
});
afterAll(() => t?.close());

type Users = { users: Array<{ id: number; email?: string }> };
const idsSorted = (...list: CreatedUser[]) => list.map((p) => p.user.id).sort((a, b) => a - b);

async function setup() {
  const funder = await createFunder(t);
  const regulation = await createRegulation(t, funder.id);
  await addOfficer(t, regulation.id, grantOfficer.user.id, 'grant officer');
  await addOfficer(t, regulation.id, policyOfficer.user.id, 'policy officer');
  const grant = await createGrant(t, regulation.id);
  const base = `/api/funder/${funder.id}/regulation/${regulation.id}`;
  return { funder, regulation, grant, base, url: `${base}/grant/${grant.id}/overseers` };
}
const setOverseers = (url: string, payload: object, caller: Caller = grantOfficer) =>
  t.app.inject({ method: 'PATCH', url, payload, headers: caller?.headers ?? {} });
const stored = async (grantId: number) =>
  (await t.database.db.select().from(grantOverseers).where(eq(grantOverseers.grantId, grantId)))
    .map((r) => r.userId)
    .sort((a, b) => a - b);

describe('PATCH …/grant/:grantId/overseers', () => {
  it('replaces the set (de-duplicated) and returns it; an empty list clears it', async () => {
    const { grant, url } = await setup();
    const [anna, bert] = people as [CreatedUser, CreatedUser];
    await addOverseer(t, grant.id, user.user.id);
    const res = await setOverseers(url, {
      user_ids: [bert.user.id, String(anna.user.id), bert.user.id],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json<Users>().users).toEqual([
      { id: anna.user.id, email: anna.user.email, first_name: 'Anna', last_name: 'Penvoerder' },
      { id: bert.user.id, email: bert.user.email, first_name: 'Bert', last_name: 'Penvoerder' },
    ]);
    expect(await stored(grant.id)).toEqual(idsSorted(anna, bert));
    expect((await setOverseers(url, { user_ids: [] }, admin)).json()).toEqual({ users: [] });
    expect(await stored(grant.id)).toEqual([]);
  });

  it('answers 404 for an unknown or hidden user and changes nothing', async () => {
    const { grant, url } = await setup();
    const anna = people[0]!;
    const hidden = await createUser(t, { hidden: true, password: null });
    await setOverseers(url, { user_ids: [anna.user.id] });
    expect((await setOverseers(url, { user_ids: [999999] })).statusCode).toBe(404);
    expect((await setOverseers(url, { user_ids: [hidden.user.id] })).statusCode).toBe(404);
    expect(await stored(grant.id)).toEqual([anna.user.id]);
    // Admins see hidden users, so they may link them; anonymous readers then do not see them.
    expect((await setOverseers(url, { user_ids: [hidden.user.id] }, admin)).statusCode).toBe(200);
    const read = await t.app.inject({ url: url.replace(/\/overseers$/, '') });
    expect(read.json<Grant>().overseers).toEqual([]);
  });

  it('answers 401, 403 (policy officers, overseers, users), 404 wrong path, 422', async () => {
    const { grant, url, base } = await setup();
    await addOverseer(t, grant.id, people[0]!.user.id);
    const body = { user_ids: [user.user.id] };
    expect((await setOverseers(url, body, null)).statusCode).toBe(401);
    expect((await setOverseers(url, body, policyOfficer)).statusCode).toBe(403);
    expect((await setOverseers(url, body, people[0])).statusCode).toBe(403);
    expect((await setOverseers(url, body, user)).statusCode).toBe(403);
    const other = await setup();
    expect((await setOverseers(`${base}/grant/${other.grant.id}/overseers`, body)).statusCode).toBe(
      404,
    );
    expect((await setOverseers(url, { user_ids: 'all' })).statusCode).toBe(422);
  });
});

describe('permission rows', () => {
  const access = async (kind: string, caller: Caller, cls: string, id: number) =>
    (
      await t.app.inject({
        url: `/api/auth/entity-access/${kind}?entity_class=${cls}&entity_id=${id}`,
        headers: caller?.headers ?? {},
      })
    ).json<Record<string, string[]>>();

  it('reports Grant actions and edit fields per role', async () => {
    const { grant } = await setup();
    const overseer = people[1]!;
    await addOverseer(t, grant.id, overseer.user.id);
    const managers = ['read', 'edit', 'delete', 'set_overseers', 'create_initiative', 'overview'];
    expect((await access('actions', admin, 'Grant', grant.id)).actions).toEqual(managers);
    expect((await access('actions', grantOfficer, 'Grant', grant.id)).actions).toEqual(managers);
    // The funder's overview of the grant is also its policy officers' and overseers' to read.
    for (const caller of [policyOfficer, overseer]) {
      expect((await access('actions', caller, 'Grant', grant.id)).actions).toEqual([
        'read',
        'overview',
      ]);
    }
    for (const caller of [user, null]) {
      expect((await access('actions', caller, 'Grant', grant.id)).actions).toEqual(['read']);
    }
    const fields = ['name', 'reference', 'budget'];
    expect((await access('edit-fields', grantOfficer, 'Grant', grant.id)).fields).toEqual(fields);
    expect((await access('edit-fields', admin, 'Grant', grant.id)).fields).toEqual(fields);
    expect((await access('edit-fields', overseer, 'Grant', grant.id)).fields).toEqual([]);
    const missing = await t.app.inject({
      url: '/api/auth/entity-access/actions?entity_class=Grant&entity_id=999999',
    });
    expect(missing.statusCode).toBe(404);
  });

  it('a grant officer creates a grant but cannot edit the regulation nor create a funder', async () => {
    const { funder, base } = await setup();
    const headers = grantOfficer.headers;
    const created = await t.app.inject({
      method: 'POST',
      url: `${base}/grant`,
      headers,
      payload: { name: 'Tweede beschikking', reference: `AMS-2026-${Date.now()}`, budget: 5000 },
    });
    expect(created.statusCode).toBe(200);
    const edit = await t.app.inject({
      method: 'PATCH',
      url: base,
      headers,
      payload: { name: 'Anders' },
    });
    expect(edit.statusCode).toBe(403);
    const remove = await t.app.inject({ method: 'DELETE', url: base, headers });
    expect(remove.statusCode).toBe(403);
    const funderCreate = await t.app.inject({
      method: 'POST',
      url: '/api/funder',
      headers,
      payload: { name: `Fonds ${Date.now()}`, url: 'https://fonds.nl' },
    });
    expect(funderCreate.statusCode).toBe(403);
    const funderEdit = await t.app.inject({
      method: 'PATCH',
      url: `/api/funder/${funder.id}`,
      headers,
      payload: { name: 'x' },
    });
    expect(funderEdit.statusCode).toBe(403);
  });
});
