import { and, eq, inArray } from 'drizzle-orm';
import type { Funder } from '@helder/shared/funders';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  funders,
  grantOverseers,
  grants,
  regulationOfficers,
  regulations,
} from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';
import { createUser, type CreatedUser } from '../../test/factories';
import {
  addOfficer,
  addOverseer,
  createFunder,
  createGrant,
  createRegulation,
} from '../../test/funder-factories';
import { uniq } from '../../test/http';

let t: TestApp;
let admin: CreatedUser;
let user: CreatedUser;
beforeAll(async () => {
  t = await createTestApp();
  admin = await createUser(t, { role: 'administrator', password: null });
  user = await createUser(t, { password: null });
});
afterAll(() => t?.close());

const post = (payload: object, caller: CreatedUser | null = admin) =>
  t.app.inject({ method: 'POST', url: '/api/funder', payload, headers: caller?.headers ?? {} });
const patch = (id: number, payload: object, caller: CreatedUser | null = admin) =>
  t.app.inject({
    method: 'PATCH',
    url: `/api/funder/${id}`,
    payload,
    headers: caller?.headers ?? {},
  });
const del = (id: number | string, caller: CreatedUser | null = admin) =>
  t.app.inject({ method: 'DELETE', url: `/api/funder/${id}`, headers: caller?.headers ?? {} });
const auditOf = (id: number) =>
  t.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entityClass, 'Funder'), eq(auditLog.entityId, id)));

describe('GET /api/funders', () => {
  it('lists funders by name for anonymous callers, with paging', async () => {
    const prefix = `0${uniq()}`;
    await createFunder(t, { name: `${prefix} b` });
    await createFunder(t, { name: `${prefix} A` });
    const res = await t.app.inject({ url: '/api/funders?limit=2&offset=' });
    expect(res.statusCode).toBe(200);
    const list = res.json<{ funders: Funder[] }>().funders;
    const names = list.map((f) => f.name);
    expect(names).toEqual([`${prefix} A`, `${prefix} b`]);
    expect(Object.keys(list[0]!).sort()).toEqual(['id', 'logo', 'name', 'url']);
    expect((await t.app.inject({ url: '/api/funders?limit=101' })).statusCode).toBe(422);
  });
});

describe('POST /api/funder', () => {
  it('lets an admin create a funder, ignoring unknown fields, and audits it', async () => {
    const name = `Oranje ${uniq()}`;
    const res = await post({
      name: `  ${name} `,
      url: 'https://www.oranjefonds.nl',
      id: 99,
      extra: true,
    });
    expect(res.statusCode).toBe(200);
    const body = res.json<Funder>();
    expect(body).toEqual({ id: body.id, name, url: 'https://www.oranjefonds.nl', logo: null });
    const [row] = await auditOf(body.id);
    expect(row).toMatchObject({ actorId: admin.user.id, action: 'create' });
    expect(row!.changes).toMatchObject({
      name: { to: name },
      url: { to: 'https://www.oranjefonds.nl' },
    });
  });

  it('answers 401 anonymous, 403 for ordinary users', async () => {
    expect((await post({ name: 'x', url: 'https://x.nl' }, null)).statusCode).toBe(401);
    const res = await post({ name: `x ${uniq()}`, url: 'https://x.nl' }, user);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'FORBIDDEN' });
  });

  it('answers 409 NAME_TAKEN for a name in another case', async () => {
    const existing = await createFunder(t);
    const res = await post({ name: existing.name.toUpperCase(), url: 'https://x.nl' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'NAME_TAKEN' });
  });

  it('maps the unique-index race to 409, never 500', async () => {
    const name = `Race ${uniq()}`;
    const results = await Promise.all(
      Array.from({ length: 4 }, () => post({ name, url: 'https://race.nl' })),
    );
    const statuses = results.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([200, 409, 409, 409]);
  });

  it.each([
    [{ name: '', url: 'https://x.nl' }, 'name'],
    [{ name: 'x'.repeat(129), url: 'https://x.nl' }, 'name'],
    [{ name: 'Fonds', url: 'not a url' }, 'url'],
    [{ name: 'Fonds', url: 'ftp://x.nl' }, 'url'],
    [{ name: 'Fonds' }, 'url'],
  ])('answers 422 for %j', async (payload, field) => {
    const res = await post(payload);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR' });
    expect(res.json<{ errors: Array<{ field: string }> }>().errors.map((e) => e.field)).toContain(
      field,
    );
  });
});

describe('GET /api/funder/:id', () => {
  it('reads a funder publicly; 404 when unknown', async () => {
    const funder = await createFunder(t);
    const res = await t.app.inject({ url: `/api/funder/${funder.id}` });
    expect(res.json()).toEqual({
      id: funder.id,
      name: funder.name,
      url: funder.url,
      logo: null,
      regulations: [],
    });
    expect((await t.app.inject({ url: '/api/funder/999999' })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/api/funder/abc' })).statusCode).toBe(422);
  });

  it('names its regulations by name, and only its own', async () => {
    const funder = await createFunder(t);
    const zuid = await createRegulation(t, funder.id, { name: 'zuid' });
    const noord = await createRegulation(t, funder.id, { name: 'Noord' });
    await createRegulation(t, (await createFunder(t)).id);
    const res = await t.app.inject({ url: `/api/funder/${funder.id}` });
    expect(res.json<{ regulations: unknown }>().regulations).toEqual([
      { id: noord.id, name: 'Noord' },
      { id: zuid.id, name: 'zuid' },
    ]);
  });

  it.each(['0x38', 'HEX', '1e1', ' 1', '1.0', '+1', '-1', '0', '%00'])(
    'takes path ids as decimal integers only: %s is 422, never another funder',
    async (given) => {
      const funder = await createFunder(t);
      const id = given === 'HEX' ? `0x${funder.id.toString(16)}` : given;
      const res = await del(id);
      expect(res.statusCode, id).toBe(422);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR' });
      expect((await t.app.inject({ url: `/api/funder/${funder.id}` })).statusCode).toBe(200);
    },
  );
});

describe('PATCH /api/funder/:id', () => {
  it('lets an admin rename (also a case change) and audits from → to', async () => {
    const funder = await createFunder(t);
    const res = await patch(funder.id, { name: funder.name.toUpperCase() });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ name: funder.name.toUpperCase(), url: funder.url });
    const rows = await auditOf(funder.id);
    expect(rows[0]!.changes).toEqual({
      name: { from: funder.name, to: funder.name.toUpperCase() },
    });
  });

  it('answers 401, 403, 404, 409 and 422', async () => {
    const funder = await createFunder(t);
    const other = await createFunder(t);
    expect((await patch(funder.id, { name: 'x' }, null)).statusCode).toBe(401);
    expect((await patch(funder.id, { name: 'x' }, user)).statusCode).toBe(403);
    expect((await patch(999999, { name: 'x' })).statusCode).toBe(404);
    const taken = await patch(funder.id, { name: other.name.toLowerCase() });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ code: 'NAME_TAKEN' });
    expect((await patch(funder.id, { url: 'nope' })).statusCode).toBe(422);
  });

  it('ignores echoed unchanged values and writes no audit row', async () => {
    const funder = await createFunder(t);
    const res = await patch(funder.id, { id: funder.id, name: funder.name, url: funder.url });
    expect(res.statusCode).toBe(200);
    expect(await auditOf(funder.id)).toHaveLength(0);
  });
});

describe('DELETE /api/funder/:id', () => {
  it('deletes the funder with its regulations, grants and links (204)', async () => {
    const funder = await createFunder(t);
    const keep = await createFunder(t);
    const regs = [await createRegulation(t, funder.id), await createRegulation(t, funder.id)];
    const keptReg = await createRegulation(t, keep.id);
    const g1 = await createGrant(t, regs[0]!.id);
    const g2 = await createGrant(t, regs[1]!.id);
    const kept = await createGrant(t, keptReg.id);
    await addOfficer(t, regs[0]!.id, user.user.id, 'grant officer');
    await addOfficer(t, keptReg.id, user.user.id, 'grant officer');
    await addOverseer(t, g1.id, user.user.id);
    await addOverseer(t, kept.id, user.user.id);

    const res = await del(funder.id);
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    const db = t.database.db;
    expect(await db.select().from(funders).where(eq(funders.id, funder.id))).toHaveLength(0);
    const regIds = regs.map((r) => r.id);
    expect(await db.select().from(regulations).where(inArray(regulations.id, regIds))).toHaveLength(
      0,
    );
    expect(
      await db
        .select()
        .from(grants)
        .where(inArray(grants.id, [g1.id, g2.id])),
    ).toHaveLength(0);
    const officers = await db
      .select()
      .from(regulationOfficers)
      .where(eq(regulationOfficers.userId, user.user.id));
    expect(officers.map((o) => o.regulationId)).toEqual([keptReg.id]);
    const overseers = await db
      .select()
      .from(grantOverseers)
      .where(eq(grantOverseers.userId, user.user.id));
    expect(overseers.map((o) => o.grantId)).toEqual([kept.id]);

    const [row] = await auditOf(funder.id);
    expect(row).toMatchObject({ action: 'delete', actorId: admin.user.id });
    const changes = row!.changes as Record<string, { from: unknown; to: unknown }>;
    expect(changes.name).toEqual({ from: funder.name, to: null });
    expect(changes.regulations).toEqual({ from: [...regIds].sort((a, b) => a - b), to: [] });
    expect(changes.grants).toEqual({ from: [g1.id, g2.id].sort((a, b) => a - b), to: [] });
    expect((await t.app.inject({ url: `/api/funder/${funder.id}` })).statusCode).toBe(404);
  });

  it('answers 401, 403 and 404', async () => {
    const funder = await createFunder(t);
    expect((await del(funder.id, null)).statusCode).toBe(401);
    expect((await del(funder.id, user)).statusCode).toBe(403);
    expect((await del(999999)).statusCode).toBe(404);
    expect((await t.app.inject({ url: `/api/funder/${funder.id}` })).statusCode).toBe(200);
  });
});

describe('entity-access for Funder', () => {
  const access = async (kind: string, caller: CreatedUser | null, query: string) => {
    const res = await t.app.inject({
      url: `/api/auth/entity-access/${kind}?${query}`,
      headers: caller?.headers ?? {},
    });
    return { status: res.statusCode, body: res.json<Record<string, string[]>>() };
  };

  it('gives admins create at class level and every action on a funder; others read', async () => {
    const funder = await createFunder(t);
    const q = `entity_class=Funder&entity_id=${funder.id}`;
    expect((await access('actions', admin, 'entity_class=Funder')).body.actions).toEqual([
      'create',
    ]);
    expect((await access('actions', user, 'entity_class=Funder')).body.actions).toEqual([]);
    expect((await access('actions', admin, q)).body.actions).toEqual([
      'read',
      'edit',
      'delete',
      'create_regulation',
    ]);
    expect((await access('actions', user, q)).body.actions).toEqual(['read']);
    expect((await access('actions', null, q)).body.actions).toEqual(['read']);
    expect((await access('edit-fields', admin, q)).body.fields).toEqual(['name', 'url']);
    expect((await access('edit-fields', user, q)).body.fields).toEqual([]);
    expect((await access('actions', admin, 'entity_class=Funder&entity_id=999999')).status).toBe(
      404,
    );
  });
});
