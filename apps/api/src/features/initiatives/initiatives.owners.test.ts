import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { Initiative, Owner } from '@helder/shared/initiatives';
import type { Picture } from '@helder/shared/users';
import { auditLog, initiativeOwners } from '../../db/schema';
import { pictureKeys } from '../../lib/pictures';
import { createUser } from '../../test/factories';
import { multipart } from '../../test/multipart';
import { callAs, type Caller } from '../../test/http';
import { useCastApp } from '../../test/cast-app';

const scene = useCastApp();

const setOwners = (id: number, caller: Caller, userIds: unknown[]) =>
  callAs(scene.t, 'PATCH', `/initiative/${id}/owners`, caller, { user_ids: userIds });
const ownerIds = async (id: number) =>
  (
    await scene.t.database.db
      .select({ userId: initiativeOwners.userId })
      .from(initiativeOwners)
      .where(eq(initiativeOwners.initiativeId, id))
  )
    .map((r) => r.userId)
    .sort((a, b) => a - b);

describe('PATCH /api/initiative/:id/owners', () => {
  it('replaces the set (ids as numbers or strings), returns the owners and audits', async () => {
    const w = await scene.world();
    const a = await createUser(scene.t, { password: null, firstName: 'Anna', lastName: 'Aa' });
    const b = await createUser(scene.t, { password: null, firstName: 'Bert', lastName: 'Bb' });
    const res = await setOwners(w.initiative.id, scene.cast.owner, [
      String(a.user.id),
      b.user.id,
      a.user.id,
    ]);
    expect(res.statusCode).toBe(200);
    expect(res.json<{ users: Owner[] }>().users).toEqual([
      {
        id: a.user.id,
        email: a.user.email,
        first_name: 'Anna',
        last_name: 'Aa',
        profile_picture: null,
      },
      {
        id: b.user.id,
        email: b.user.email,
        first_name: 'Bert',
        last_name: 'Bb',
        profile_picture: null,
      },
    ]);
    expect(await ownerIds(w.initiative.id)).toEqual([a.user.id, b.user.id]);
    const [log] = await scene.t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityClass, 'Initiative'), eq(auditLog.entityId, w.initiative.id)));
    expect(log?.changes).toEqual({
      owners: { from: [scene.cast.owner.user.id], to: [a.user.id, b.user.id] },
    });
    // The owner removed themself: they may no longer set owners.
    expect((await setOwners(w.initiative.id, scene.cast.owner, [])).statusCode).toBe(403);
    expect((await setOwners(w.initiative.id, scene.cast.grantOfficer, [])).statusCode).toBe(200);
    expect(await ownerIds(w.initiative.id)).toEqual([]);
  });

  it('answers 404 for an unknown or hidden user and changes nothing', async () => {
    const w = await scene.world();
    const hidden = await createUser(scene.t, { password: null, hidden: true });
    for (const ids of [[scene.cast.user.user.id, 999999], [hidden.user.id]]) {
      const res = await setOwners(w.initiative.id, scene.cast.grantOfficer, ids);
      expect(res.statusCode).toBe(404);
    }
    expect(await ownerIds(w.initiative.id)).toEqual([scene.cast.owner.user.id]);
    expect((await setOwners(w.initiative.id, scene.cast.admin, [hidden.user.id])).statusCode).toBe(
      200,
    );
  });

  it('answers 401, 403 for overseers, activity owners and policy officers, 404 and 422', async () => {
    const w = await scene.world();
    const hiddenWorld = await scene.world({ initiative: { hidden: true } });
    expect((await setOwners(w.initiative.id, null, [])).statusCode).toBe(401);
    for (const caller of [
      scene.cast.overseer,
      scene.cast.activityOwner,
      scene.cast.policyOfficer,
      scene.cast.user,
    ]) {
      expect((await setOwners(w.initiative.id, caller, [])).statusCode).toBe(403);
    }
    expect((await setOwners(999999, scene.cast.admin, [])).statusCode).toBe(404);
    expect((await setOwners(hiddenWorld.initiative.id, scene.cast.user, [])).statusCode).toBe(404);
    expect((await setOwners(w.initiative.id, scene.cast.admin, ['x'])).statusCode).toBe(422);
    const missing = await callAs(
      scene.t,
      'PATCH',
      `/initiative/${w.initiative.id}/owners`,
      scene.cast.admin,
      {},
    );
    expect(missing.statusCode).toBe(422);
  });
});

const image = (width = 40, height = 20) =>
  sharp({ create: { width, height, channels: 3, background: { r: 10, g: 90, b: 200 } } })
    .png()
    .toBuffer();
async function upload(id: number, caller: Caller, data: Buffer) {
  const form = await multipart({ file: { name: 'foto.png', data, type: 'image/png' } });
  return scene.t.app.inject({
    method: 'POST',
    url: `/api/initiative/${id}/profile-picture`,
    payload: form.payload,
    headers: { ...form.headers, ...(caller?.headers ?? {}) },
  });
}
const keyOf = (url: string) => new URL(url).pathname.replace(/^\/api\/files\//, '');

describe('POST /api/initiative/:id/profile-picture', () => {
  it('stores the picture with thumbnails; replacing it removes the old files', async () => {
    const w = await scene.world();
    const first = await upload(w.initiative.id, scene.cast.owner, await image());
    expect(first.statusCode).toBe(200);
    const picture = first.json<Picture>();
    expect(picture.attachment_url).toMatch(
      new RegExp(`^http://helder\\.test/api/files/initiatives/${w.initiative.id}/\\w+\\.png\\?`),
    );
    expect(picture.attachment_thumbnail_url_128).toMatch(/_128\.webp\?/);
    const read = (
      await callAs(scene.t, 'GET', `/initiative/${w.initiative.id}`, null)
    ).json<Initiative>();
    expect(keyOf(read.profile_picture!.attachment_url)).toBe(keyOf(picture.attachment_url));
    const oldKeys = pictureKeys(keyOf(picture.attachment_url));
    const second = await upload(w.initiative.id, scene.cast.grantOfficer, await image(30, 30));
    expect(second.statusCode).toBe(200);
    for (const key of oldKeys) expect(await scene.t.storage.get(key)).toBeNull();
    const listed = await callAs(
      scene.t,
      'GET',
      `/initiatives?name=${encodeURIComponent(w.initiative.name)}`,
      null,
    );
    const [item] = listed.json<{ initiatives: Initiative[] }>().initiatives;
    expect(keyOf(item!.profile_picture!.attachment_url)).not.toBe(keyOf(picture.attachment_url));
  });

  it('lets managers and owners upload; 401, 403 for others, 404, 413, 415 and 422', async () => {
    const w = await scene.world();
    const png = await image(8, 8);
    expect((await upload(w.initiative.id, scene.cast.admin, png)).statusCode).toBe(200);
    expect((await upload(w.initiative.id, null, png)).statusCode).toBe(401);
    for (const caller of [
      scene.cast.overseer,
      scene.cast.activityOwner,
      scene.cast.policyOfficer,
      scene.cast.user,
    ]) {
      expect((await upload(w.initiative.id, caller, png)).statusCode).toBe(403);
    }
    expect((await upload(999999, scene.cast.admin, png)).statusCode).toBe(404);
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj\n<< >>\nendobj\ntrailer\n%%EOF\n');
    expect((await upload(w.initiative.id, scene.cast.owner, pdf)).statusCode).toBe(415);
    const big = Buffer.concat([png, Buffer.alloc(10 * 1024 * 1024 + 1 - png.length)]);
    expect((await upload(w.initiative.id, scene.cast.owner, big)).statusCode).toBe(413);
    const form = await multipart({ picture: { name: 'a.png', data: png } });
    const res = await scene.t.app.inject({
      method: 'POST',
      url: `/api/initiative/${w.initiative.id}/profile-picture`,
      payload: form.payload,
      headers: { ...form.headers, ...scene.cast.owner.headers },
    });
    expect(res.statusCode).toBe(422);
  });
});

describe('DELETE /api/initiative/:id/profile-picture', () => {
  const remove = (id: number, caller: Caller) =>
    callAs(scene.t, 'DELETE', `/initiative/${id}/profile-picture`, caller);

  it('removes the files and the picture with an audit row; a second removal is 204 too', async () => {
    const w = await scene.world();
    const key = keyOf(
      (await upload(w.initiative.id, scene.cast.owner, await image())).json<Picture>()
        .attachment_url,
    );
    const res = await remove(w.initiative.id, scene.cast.owner);
    expect(res.statusCode).toBe(204);
    for (const k of pictureKeys(key)) expect(await scene.t.storage.get(k)).toBeNull();
    const read = (
      await callAs(scene.t, 'GET', `/initiative/${w.initiative.id}`, null)
    ).json<Initiative>();
    expect(read.profile_picture).toBeNull();
    const audited = async () =>
      (
        await scene.t.database.db
          .select({ changes: auditLog.changes })
          .from(auditLog)
          .where(
            and(eq(auditLog.entityClass, 'Initiative'), eq(auditLog.entityId, w.initiative.id)),
          )
          .orderBy(auditLog.id)
      ).map((row) => row.changes?.profile_picture);
    const changes = [
      { from: null, to: key },
      { from: key, to: null },
    ];
    expect(await audited()).toEqual(changes);
    expect((await remove(w.initiative.id, scene.cast.owner)).statusCode).toBe(204);
    expect(await audited()).toEqual(changes);
  });

  it('lets whoever may upload remove; 401, 403 for others and 404 keep the picture', async () => {
    const w = await scene.world();
    const key = keyOf(
      (await upload(w.initiative.id, scene.cast.owner, await image(8, 8))).json<Picture>()
        .attachment_url,
    );
    expect((await remove(w.initiative.id, null)).statusCode).toBe(401);
    for (const caller of [
      scene.cast.overseer,
      scene.cast.activityOwner,
      scene.cast.policyOfficer,
      scene.cast.user,
    ]) {
      expect((await remove(w.initiative.id, caller)).statusCode).toBe(403);
    }
    expect((await remove(999999, scene.cast.admin)).statusCode).toBe(404);
    for (const k of pictureKeys(key)) expect(await scene.t.storage.get(k)).not.toBeNull();
    expect((await remove(w.initiative.id, scene.cast.grantOfficer)).statusCode).toBe(204);
    for (const k of pictureKeys(key)) expect(await scene.t.storage.get(k)).toBeNull();
    expect((await remove(w.initiative.id, scene.cast.admin)).statusCode).toBe(204);
  });
});

describe('entity-access for Initiative', () => {
  const access = (kind: 'actions' | 'edit-fields', id: number, caller: Caller) =>
    callAs(
      scene.t,
      'GET',
      `/auth/entity-access/${kind}?entity_class=Initiative&entity_id=${id}`,
      caller,
    );

  it('reports actions and edit fields from the same rules', async () => {
    const w = await scene.world();
    const id = w.initiative.id;
    expect((await access('actions', id, null)).json()).toEqual({ actions: ['read'] });
    expect(
      (await access('actions', id, scene.cast.owner)).json<{ actions: string[] }>().actions,
    ).toEqual(['read', 'edit', 'set_owners', 'create_activity', 'create_payment', 'link_payment']);
    const officer = await access('actions', id, scene.cast.grantOfficer);
    expect(officer.json<{ actions: string[] }>().actions).toContain('delete');
    expect((await access('edit-fields', id, scene.cast.owner)).json()).toEqual({
      fields: ['description', 'purpose', 'target_audience'],
    });
    expect((await access('edit-fields', id, scene.cast.activityOwner)).json()).toEqual({
      fields: [],
    });
    const hidden = await scene.world({ initiative: { hidden: true } });
    expect((await access('actions', hidden.initiative.id, scene.cast.user)).statusCode).toBe(404);
    expect(
      (await access('actions', hidden.initiative.id, scene.cast.activityOwner)).json(),
    ).toEqual({
      actions: ['read', 'link_payment'],
    });
  });
});
