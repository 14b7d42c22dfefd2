import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Regulation } from '@helder/shared/regulations';
import { auditLog, grantOverseers, grants, regulationOfficers, regulations } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';
import { createUser, type CreatedUser } from '../../test/factories';
import {
  addOfficer,
  createFunder,
  createGrant,
  createOverseenGrant,
  createRegulation,
  createRegulationTree,
} from '../../test/funder-factories';
import { callAs, type CallArgs, uniq } from '../../test/http';

let t: TestApp;
let admin: CreatedUser;
let user: CreatedUser;
let grantOfficer: CreatedUser;
beforeAll(async () => {
  t = await createTestApp();
  admin = await createUser(t, { role: 'administrator', password: null });
  user = await createUser(t, { password: null });
  grantOfficer = await createUser(t, { password: null });
});
afterAll(() => t?.close());

const call = (...args: CallArgs) => callAs(t, ...args);

describe('GET /api/funder/:id/regulations', () => {
  it("lists a funder's regulations by name, publicly; 404 for an unknown funder", async () => {
    const funder = await createFunder(t);
    await createRegulation(t, funder.id, { name: 'b regeling', description: 'B' });
    await createRegulation(t, funder.id, { name: 'A regeling', description: 'A' });
    const res = await call('GET', `/funder/${funder.id}/regulations`, null);
    expect(res.statusCode).toBe(200);
    const list = res.json<{
      regulations: Array<Pick<Regulation, 'id' | 'name' | 'description'>>;
    }>();
    expect(list.regulations.map(({ name, description }) => ({ name, description }))).toEqual([
      { name: 'A regeling', description: 'A' },
      { name: 'b regeling', description: 'B' },
    ]);
    expect(Object.keys(list.regulations[0]!).sort()).toEqual(['description', 'id', 'name']);
    expect((await call('GET', '/funder/999999/regulations', null)).statusCode).toBe(404);
  });
});

describe('POST /api/funder/:id/regulation', () => {
  it('lets an admin create one, normalising newlines, and audits it', async () => {
    const funder = await createFunder(t);
    const res = await call('POST', `/funder/${funder.id}/regulation`, admin, {
      name: ' Buurtbudget Noord ',
      description: 'Regel een\r\nRegel twee\rRegel drie',
      grants: [{ id: 1 }],
    });
    expect(res.statusCode).toBe(200);
    const created = res.json<Regulation>();
    expect(created).toEqual({
      id: created.id,
      name: 'Buurtbudget Noord',
      description: 'Regel een\nRegel twee\nRegel drie',
      review_enabled: false,
      funder: { id: funder.id, name: funder.name },
      grants: [],
      grant_officers: [],
      policy_officers: [],
    });
    const [row] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityClass, 'Regulation'), eq(auditLog.entityId, created.id)));
    expect(row).toMatchObject({ action: 'create', actorId: admin.user.id });
  });

  it('answers 401, 403 (also for grant officers), 404, 409 and 422', async () => {
    const { funder, regulation: existing } = await createRegulationTree(t, {
      'grant officer': [grantOfficer.user.id],
    });
    const url = `/funder/${funder.id}/regulation`;
    const body = { name: `R ${uniq()}`, description: 'D' };
    expect((await call('POST', url, null, body)).statusCode).toBe(401);
    expect((await call('POST', url, user, body)).statusCode).toBe(403);
    expect((await call('POST', url, grantOfficer, body)).statusCode).toBe(403);
    expect((await call('POST', '/funder/999999/regulation', admin, body)).statusCode).toBe(404);
    const taken = await call('POST', url, admin, {
      name: existing.name.toUpperCase(),
      description: 'D',
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ code: 'NAME_TAKEN' });
    // The same name under another funder is fine.
    const elsewhere = await createFunder(t);
    const ok = await call('POST', `/funder/${elsewhere.id}/regulation`, admin, {
      name: existing.name,
      description: 'D',
    });
    expect(ok.statusCode).toBe(200);
    for (const bad of [
      { name: '', description: 'D' },
      { name: 'x'.repeat(129), description: 'D' },
      { name: 'N', description: 'x'.repeat(513) },
      { name: 'N', description: ' \r\n ' },
      { name: 'N' },
    ]) {
      expect((await call('POST', url, admin, bad)).statusCode).toBe(422);
    }
    expect(
      (await call('POST', url, admin, { name: `R ${uniq()}`, description: 'x'.repeat(512) }))
        .statusCode,
    ).toBe(200);
  });
});

describe('GET /api/funder/:id/regulation/:regId', () => {
  it('returns grants with figures and officers; e-mail only for logged-in callers', async () => {
    const officer = await createUser(t, {
      firstName: 'Saskia',
      lastName: 'Subsidie',
      password: null,
    });
    const policy = await createUser(t, { firstName: 'Bram', lastName: 'Beleid', password: null });
    const { funder, regulation } = await createRegulationTree(t, {
      'grant officer': [officer.user.id],
      'policy officer': [policy.user.id],
    });
    const grant = await createGrant(t, regulation.id, { budgetCents: 1_234_550 });
    const url = `/funder/${funder.id}/regulation/${regulation.id}`;

    const anonymous = (await call('GET', url, null)).json<Regulation>();
    expect(anonymous).toMatchObject({
      id: regulation.id,
      name: regulation.name,
      funder: { id: funder.id, name: funder.name },
    });
    expect(anonymous.grants).toEqual([
      {
        id: grant.id,
        name: grant.name,
        reference: grant.reference,
        budget: 12_345.5,
        income: 0,
        expenses: 0,
        initiative_count: 0,
        first_initiative_id: null,
      },
    ]);
    expect(anonymous.grant_officers).toEqual([
      { id: officer.user.id, first_name: 'Saskia', last_name: 'Subsidie' },
    ]);
    expect(anonymous.policy_officers).toEqual([
      { id: policy.user.id, first_name: 'Bram', last_name: 'Beleid' },
    ]);

    const loggedIn = (await call('GET', url, user)).json<Regulation>();
    expect(loggedIn.grant_officers).toEqual([
      {
        id: officer.user.id,
        email: officer.user.email,
        first_name: 'Saskia',
        last_name: 'Subsidie',
      },
    ]);
  });

  it('answers 404 for an unknown regulation or one under another funder', async () => {
    const funder = await createFunder(t);
    const other = await createFunder(t);
    const regulation = await createRegulation(t, other.id);
    expect(
      (await call('GET', `/funder/${funder.id}/regulation/${regulation.id}`, null)).statusCode,
    ).toBe(404);
    expect(
      (
        await call('PATCH', `/funder/${funder.id}/regulation/${regulation.id}`, admin, {
          name: 'x',
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await call('DELETE', `/funder/${funder.id}/regulation/${regulation.id}`, admin)).statusCode,
    ).toBe(404);
    expect((await call('GET', `/funder/${funder.id}/regulation/999999`, null)).statusCode).toBe(
      404,
    );
  });

  it('issues the same number of statements for 1 and for 10 grants and officers', async () => {
    const count = async (n: number) => {
      const { funder, regulation } = await createRegulationTree(t);
      for (let i = 0; i < n; i += 1) {
        const u = await createUser(t, { password: null });
        await createOverseenGrant(t, regulation.id, [u.user.id]);
        await addOfficer(t, regulation.id, u.user.id, i % 2 ? 'grant officer' : 'policy officer');
      }
      t.queries.length = 0;
      const res = await call('GET', `/funder/${funder.id}/regulation/${regulation.id}`, user);
      expect(res.json<Regulation>().grants).toHaveLength(n);
      return t.queries.length;
    };
    const one = await count(1);
    expect(await count(10)).toBe(one);
    expect(one).toBeLessThanOrEqual(4); // actor lookup + regulation + grants + officers
  });
});

describe('PATCH /api/funder/:id/regulation/:regId', () => {
  it('lets an admin edit; grant officers and users get 403; 409 and 422', async () => {
    const { funder, regulation } = await createRegulationTree(t, {
      'grant officer': [grantOfficer.user.id],
    });
    const sibling = await createRegulation(t, funder.id);
    const url = `/funder/${funder.id}/regulation/${regulation.id}`;
    const res = await call('PATCH', url, admin, {
      description: 'Nieuw\r\nregel',
      id: 5,
      grants: [],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ name: regulation.name, description: 'Nieuw\nregel' });
    expect((await call('PATCH', url, null, { name: 'x' })).statusCode).toBe(401);
    expect((await call('PATCH', url, user, { name: 'x' })).statusCode).toBe(403);
    expect((await call('PATCH', url, grantOfficer, { name: 'x' })).statusCode).toBe(403);
    const taken = await call('PATCH', url, admin, { name: sibling.name.toLowerCase() });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ code: 'NAME_TAKEN' });
    expect((await call('PATCH', url, admin, { description: 'x'.repeat(513) })).statusCode).toBe(
      422,
    );
    const [row] = await t.database.db
      .select()
      .from(regulations)
      .where(eq(regulations.id, regulation.id));
    expect(row).toMatchObject({ name: regulation.name, description: 'Nieuw\nregel' });
  });
});

describe('DELETE /api/funder/:id/regulation/:regId', () => {
  it('deletes the regulation with its grants, officers and overseers (204)', async () => {
    const person = await createUser(t, { password: null });
    const { funder, regulation } = await createRegulationTree(t, {
      'grant officer': [person.user.id],
      'policy officer': [person.user.id],
    });
    const grant = await createOverseenGrant(t, regulation.id, [person.user.id]);
    const url = `/funder/${funder.id}/regulation/${regulation.id}`;
    expect((await call('DELETE', url, null)).statusCode).toBe(401);
    expect((await call('DELETE', url, person)).statusCode).toBe(403);
    const res = await call('DELETE', url, admin);
    expect(res.statusCode).toBe(204);
    const db = t.database.db;
    expect(
      await db.select().from(regulations).where(eq(regulations.id, regulation.id)),
    ).toHaveLength(0);
    expect(await db.select().from(grants).where(eq(grants.id, grant.id))).toHaveLength(0);
    expect(
      await db
        .select()
        .from(regulationOfficers)
        .where(eq(regulationOfficers.userId, person.user.id)),
    ).toHaveLength(0);
    expect(
      await db.select().from(grantOverseers).where(eq(grantOverseers.userId, person.user.id)),
    ).toHaveLength(0);
    expect((await call('GET', `/funder/${funder.id}`, null)).statusCode).toBe(200);
    expect((await call('DELETE', url, admin)).statusCode).toBe(404);
  });
});
