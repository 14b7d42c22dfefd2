import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Grant } from '@helder/shared/grants';
import type { ErrorBody } from '@helder/shared/http';
import { auditLog, grantOverseers, grants } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';
import { createUser, type CreatedUser } from '../../test/factories';
import { uniqueViolation } from '../../http/errors';
import {
  addOfficer,
  addOverseer,
  createFunder,
  createGrant,
  createRegulation,
} from '../../test/funder-factories';
import { conflictCodeOf } from './grants.queries';
import { callAs, type CallArgs, uniq } from '../../test/http';

let t: TestApp;
let admin: CreatedUser;
let user: CreatedUser;
let grantOfficer: CreatedUser;
let policyOfficer: CreatedUser;
beforeAll(async () => {
  t = await createTestApp();
  admin = await createUser(t, { role: 'administrator', password: null });
  user = await createUser(t, { password: null });
  grantOfficer = await createUser(t, { password: null });
  policyOfficer = await createUser(t, { password: null });
});
afterAll(() => t?.close());

const call = (...args: CallArgs) => callAs(t, ...args);
const newGrant = () => ({
  name: `Beschikking ${uniq()}`,
  reference: `AMS-2026-${uniq()}`,
  budget: 15000,
});

/** A regulation with a grant officer and a policy officer, and its base path. */
async function setup() {
  const funder = await createFunder(t);
  const regulation = await createRegulation(t, funder.id);
  await addOfficer(t, regulation.id, grantOfficer.user.id, 'grant officer');
  await addOfficer(t, regulation.id, policyOfficer.user.id, 'policy officer');
  return { funder, regulation, base: `/funder/${funder.id}/regulation/${regulation.id}` };
}

describe('POST …/regulation/:regId/grant', () => {
  it('lets a grant officer create a grant (lenient budget, unknown fields ignored) and audits it', async () => {
    const { funder, regulation, base } = await setup();
    const input = newGrant();
    const res = await call('POST', `${base}/grant`, grantOfficer, {
      ...input,
      budget: '12.50',
      income: 5,
      foo: 1,
    });
    expect(res.statusCode).toBe(200);
    const body = res.json<Grant>();
    expect(body).toEqual({
      id: body.id,
      name: input.name,
      reference: input.reference,
      budget: 12.5,
      income: 0,
      expenses: 0,
      regulation: { id: regulation.id, name: regulation.name },
      funder: { id: funder.id, name: funder.name },
      overseers: [],
      initiatives: [],
    });
    const [row] = await t.database.db.select().from(grants).where(eq(grants.id, body.id));
    expect(row!.budgetCents).toBe(1250);
    const [log] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityClass, 'Grant'), eq(auditLog.entityId, body.id)));
    expect(log).toMatchObject({ action: 'create', actorId: grantOfficer.user.id });
  });

  it('lets admins create; 401 anonymous; 403 for policy officers, ordinary users and officers of another regulation', async () => {
    const { base } = await setup();
    const elsewhere = await setup();
    const stranger = await createUser(t, { password: null });
    await addOfficer(t, elsewhere.regulation.id, stranger.user.id, 'grant officer');
    expect((await call('POST', `${base}/grant`, admin, newGrant())).statusCode).toBe(200);
    expect((await call('POST', `${base}/grant`, null, newGrant())).statusCode).toBe(401);
    expect((await call('POST', `${base}/grant`, policyOfficer, newGrant())).statusCode).toBe(403);
    expect((await call('POST', `${base}/grant`, user, newGrant())).statusCode).toBe(403);
    expect((await call('POST', `${base}/grant`, stranger, newGrant())).statusCode).toBe(403);
  });

  it('answers 404 for an unknown regulation or one under another funder', async () => {
    const { funder } = await setup();
    const other = await setup();
    const wrong = `/funder/${funder.id}/regulation/${other.regulation.id}/grant`;
    expect((await call('POST', wrong, admin, newGrant())).statusCode).toBe(404);
    expect(
      (await call('POST', `/funder/${funder.id}/regulation/999999/grant`, admin, newGrant()))
        .statusCode,
    ).toBe(404);
  });

  it.each([0, -5, 1_000_000, 12.345, 'abc', null])('answers 422 for budget %j', async (budget) => {
    const { base } = await setup();
    const res = await call('POST', `${base}/grant`, admin, { ...newGrant(), budget });
    expect(res.statusCode).toBe(422);
    expect(res.json<ErrorBody>().errors?.map((e) => e.field)).toContain('budget');
  });

  it('accepts the bounds 0.01 and 999 999; 422 for a missing name or reference', async () => {
    const { base } = await setup();
    expect(
      (await call('POST', `${base}/grant`, admin, { ...newGrant(), budget: 0.01 })).statusCode,
    ).toBe(200);
    expect(
      (await call('POST', `${base}/grant`, admin, { ...newGrant(), budget: 999_999 })).statusCode,
    ).toBe(200);
    expect(
      (await call('POST', `${base}/grant`, admin, { ...newGrant(), name: ' ' })).statusCode,
    ).toBe(422);
    expect((await call('POST', `${base}/grant`, admin, { name: 'n', budget: 1 })).statusCode).toBe(
      422,
    );
  });

  it('answers 409 REFERENCE_TAKEN (any regulation, any case) and NAME_TAKEN (same regulation)', async () => {
    const { regulation, base } = await setup();
    const other = await setup();
    const existing = await createGrant(t, other.regulation.id, { reference: `Ams-${uniq()}` });
    const ref = await call('POST', `${base}/grant`, admin, {
      ...newGrant(),
      reference: existing.reference.toUpperCase(),
    });
    expect(ref.statusCode).toBe(409);
    expect(ref.json()).toMatchObject({ code: 'REFERENCE_TAKEN' });
    const sibling = await createGrant(t, regulation.id);
    const name = await call('POST', `${base}/grant`, admin, {
      ...newGrant(),
      name: sibling.name.toLowerCase(),
    });
    expect(name.statusCode).toBe(409);
    expect(name.json()).toMatchObject({ code: 'NAME_TAKEN' });
    // A name taken in another regulation is fine.
    expect(
      (await call('POST', `${base}/grant`, admin, { ...newGrant(), name: existing.name }))
        .statusCode,
    ).toBe(200);
  });

  it('maps concurrent duplicate references to 409, never 500', async () => {
    const { base } = await setup();
    const reference = `RACE-${uniq()}`;
    const results = await Promise.all(
      [1, 2, 3, 4].map((i) =>
        call('POST', `${base}/grant`, admin, { ...newGrant(), name: `R${i}`, reference }),
      ),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409]);
    for (const r of results.filter((x) => x.statusCode === 409)) {
      expect(r.json()).toMatchObject({ code: 'REFERENCE_TAKEN' });
    }
  });

  it('maps each unique index the database enforces to its code', async () => {
    const { regulation } = await setup();
    const grant = await createGrant(t, regulation.id);
    const codeOf = async (values: { name: string; reference: string }) => {
      try {
        await t.database.db
          .insert(grants)
          .values({ regulationId: regulation.id, budgetCents: 1, ...values });
      } catch (e) {
        return conflictCodeOf(uniqueViolation(e) ?? 'none');
      }
      return 'inserted';
    };
    expect(await codeOf({ name: 'other', reference: grant.reference.toLowerCase() })).toBe(
      'REFERENCE_TAKEN',
    );
    expect(await codeOf({ name: grant.name.toUpperCase(), reference: `X-${uniq()}` })).toBe(
      'NAME_TAKEN',
    );
  });
});

describe('GET …/grant/:grantId and …/grants', () => {
  it('reads a grant publicly with overseers (e-mail only when logged in) and optional keys', async () => {
    const { base, regulation } = await setup();
    const grant = await createGrant(t, regulation.id, {
      verantwoordelijk: 'Ja',
      budgetCents: 25_000_000,
    });
    const overseer = await createUser(t, {
      firstName: 'Petra',
      lastName: 'Penvoerder',
      password: null,
    });
    await addOverseer(t, grant.id, overseer.user.id);
    const anonymous = (await call('GET', `${base}/grant/${grant.id}`, null)).json<Grant>();
    expect(anonymous).toMatchObject({
      id: grant.id,
      budget: 250_000,
      verantwoordelijk: 'Ja',
      initiatives: [],
    });
    expect(anonymous).not.toHaveProperty('verantwoordelijkheid');
    expect(anonymous.overseers).toEqual([
      { id: overseer.user.id, first_name: 'Petra', last_name: 'Penvoerder' },
    ]);
    const seen = (await call('GET', `${base}/grant/${grant.id}`, user)).json<Grant>();
    expect(seen.overseers[0]?.email).toBe(overseer.user.email);

    const list = (await call('GET', `${base}/grants`, null)).json<{ grants: Grant[] }>();
    expect(list.grants.map((g) => g.id)).toEqual([grant.id]);
    expect(list.grants[0]).toEqual(anonymous);
  });

  it('answers 404 for unknown grants and wrong parents', async () => {
    const { funder, base, regulation } = await setup();
    const other = await setup();
    const grant = await createGrant(t, regulation.id);
    const foreign = await createGrant(t, other.regulation.id);
    expect((await call('GET', `${base}/grant/999999`, null)).statusCode).toBe(404);
    expect((await call('GET', `${base}/grant/${foreign.id}`, null)).statusCode).toBe(404);
    const otherFunder = `/funder/${other.funder.id}/regulation/${regulation.id}`;
    expect((await call('GET', `${otherFunder}/grant/${grant.id}`, null)).statusCode).toBe(404);
    expect(
      (await call('GET', `/funder/${funder.id}/regulation/${other.regulation.id}/grants`, null))
        .statusCode,
    ).toBe(404);
  });
});

describe('PATCH and DELETE …/grant/:grantId', () => {
  it('lets grant officers and admins edit; 401, 403, 404, 409, 422', async () => {
    const { base, regulation } = await setup();
    const grant = await createGrant(t, regulation.id);
    const taken = await createGrant(t, regulation.id);
    const url = `${base}/grant/${grant.id}`;
    const res = await call('PATCH', url, grantOfficer, {
      budget: '7500.25',
      reference: grant.reference,
      income: 9,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ budget: 7500.25, reference: grant.reference, income: 0 });
    expect((await call('PATCH', url, admin, { name: 'Nieuwe naam' })).json<Grant>().name).toBe(
      'Nieuwe naam',
    );
    expect((await call('PATCH', url, null, { name: 'x' })).statusCode).toBe(401);
    expect((await call('PATCH', url, policyOfficer, { name: 'x' })).statusCode).toBe(403);
    expect((await call('PATCH', url, user, { name: 'x' })).statusCode).toBe(403);
    expect((await call('PATCH', `${base}/grant/999999`, admin, { name: 'x' })).statusCode).toBe(
      404,
    );
    const ref = await call('PATCH', url, admin, { reference: taken.reference.toLowerCase() });
    expect(ref.json()).toMatchObject({ code: 'REFERENCE_TAKEN' });
    expect((await call('PATCH', url, admin, { name: taken.name })).json()).toMatchObject({
      code: 'NAME_TAKEN',
    });
    expect((await call('PATCH', url, admin, { budget: -1 })).statusCode).toBe(422);
    const [log] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityClass, 'Grant'), eq(auditLog.entityId, grant.id)))
      .orderBy(auditLog.id);
    expect(log!.changes).toEqual({ budget: { from: 10000, to: 7500.25 } });
  });

  it('deletes a grant with its overseer links (204) for grant officers; 401/403/404', async () => {
    const { base, regulation } = await setup();
    const grant = await createGrant(t, regulation.id);
    await addOverseer(t, grant.id, user.user.id);
    const url = `${base}/grant/${grant.id}`;
    expect((await call('DELETE', url, null)).statusCode).toBe(401);
    expect((await call('DELETE', url, user)).statusCode).toBe(403); // an overseer may not delete
    expect((await call('DELETE', url, policyOfficer)).statusCode).toBe(403);
    expect((await call('DELETE', url, grantOfficer)).statusCode).toBe(204);
    expect(
      await t.database.db.select().from(grantOverseers).where(eq(grantOverseers.grantId, grant.id)),
    ).toHaveLength(0);
    expect((await call('DELETE', url, admin)).statusCode).toBe(404);
  });
});
