import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { Activity } from '@helder/shared/activities';
import type { Owner } from '@helder/shared/initiatives';
import type { Picture } from '@helder/shared/users';
import { activityOwners, auditLog } from '../../db/schema';
import { pictureKeys } from '../../lib/pictures';
import { createUser } from '../../test/factories';
import { type World } from '../../test/initiative-factories';
import { multipart } from '../../test/multipart';
import { callAs, type Caller } from '../../test/http';
import { useCastApp } from '../../test/cast-app';

const scene = useCastApp();

const path = (w: World) => `/initiative/${w.initiative.id}/activity/${w.activity.id}`;
const setOwners = (w: World, caller: Caller, userIds: unknown[]) =>
  callAs(scene.t, 'PATCH', `${path(w)}/owners`, caller, { user_ids: userIds });

describe('PATCH …/activity/:activityId/owners', () => {
  it('replaces the set for managers and initiative owners; unknown ids → 404, nothing changed', async () => {
    const w = await scene.world();
    const a = await createUser(scene.t, { password: null });
    const res = await setOwners(w, scene.cast.owner, [
      String(a.user.id),
      scene.cast.activityOwner.user.id,
    ]);
    expect(res.statusCode).toBe(200);
    expect(
      res
        .json<{ users: Owner[] }>()
        .users.map((u) => u.id)
        .sort((x, y) => x - y),
    ).toEqual([a.user.id, scene.cast.activityOwner.user.id].sort((x, y) => x - y));
    expect((await setOwners(w, scene.cast.grantOfficer, [a.user.id])).statusCode).toBe(200);
    expect((await setOwners(w, scene.cast.admin, [a.user.id, 999999])).statusCode).toBe(404);
    const rows = await scene.t.database.db
      .select({ userId: activityOwners.userId })
      .from(activityOwners)
      .where(eq(activityOwners.activityId, w.activity.id));
    expect(rows).toEqual([{ userId: a.user.id }]);
    const read = (await callAs(scene.t, 'GET', path(w), null)).json<Activity>();
    expect(read.activity_owners.map((o) => o.id)).toEqual([a.user.id]);
  });

  it('answers 401; 403 for activity owners, overseers and others; 404 wrong parent; 422', async () => {
    const w = await scene.world();
    const other = await scene.world();
    expect((await setOwners(w, null, [])).statusCode).toBe(401);
    for (const caller of [
      scene.cast.activityOwner,
      scene.cast.overseer,
      scene.cast.policyOfficer,
      scene.cast.user,
    ]) {
      expect((await setOwners(w, caller, [])).statusCode).toBe(403);
    }
    const wrong = `/initiative/${other.initiative.id}/activity/${w.activity.id}/owners`;
    expect(
      (await callAs(scene.t, 'PATCH', wrong, scene.cast.admin, { user_ids: [] })).statusCode,
    ).toBe(404);
    expect((await setOwners(w, scene.cast.admin, [-1])).statusCode).toBe(422);
  });
});

async function upload(w: World, caller: Caller) {
  const data = await sharp({
    create: { width: 20, height: 20, channels: 3, background: { r: 200, g: 10, b: 10 } },
  })
    .jpeg()
    .toBuffer();
  const form = await multipart({ file: { name: 'a.jpg', data, type: 'image/jpeg' } });
  return scene.t.app.inject({
    method: 'POST',
    url: `/api${path(w)}/profile-picture`,
    payload: form.payload,
    headers: { ...form.headers, ...(caller?.headers ?? {}) },
  });
}
const keyOf = (url: string) => new URL(url).pathname.replace(/^\/api\/files\//, '');

describe('POST …/activity/:activityId/profile-picture', () => {
  it('lets activity owners, initiative owners and managers upload; replaces the old files', async () => {
    const w = await scene.world();
    const first = await upload(w, scene.cast.activityOwner);
    expect(first.statusCode).toBe(200);
    const url = first.json<Picture>().attachment_url;
    expect(url).toMatch(new RegExp(`/api/files/activities/${w.activity.id}/\\w+\\.jpg\\?`));
    expect((await upload(w, scene.cast.owner)).statusCode).toBe(200);
    for (const key of pictureKeys(keyOf(url))) expect(await scene.t.storage.get(key)).toBeNull();
    expect((await upload(w, scene.cast.grantOfficer)).statusCode).toBe(200);
    const read = (await callAs(scene.t, 'GET', path(w), null)).json<Activity>();
    expect(read.profile_picture?.attachment_thumbnail_url_256).toMatch(/_256\.webp\?/);
  });

  it('answers 401 and 403 for overseers, policy officers and other users', async () => {
    const w = await scene.world();
    expect((await upload(w, null)).statusCode).toBe(401);
    for (const caller of [
      scene.cast.overseer,
      scene.cast.policyOfficer,
      scene.cast.user,
      scene.cast.financial,
    ]) {
      expect((await upload(w, caller)).statusCode).toBe(403);
    }
  });
});

describe('DELETE …/activity/:activityId/profile-picture', () => {
  const remove = (w: World, caller: Caller) =>
    callAs(scene.t, 'DELETE', `${path(w)}/profile-picture`, caller);

  it('removes the files and the picture with an audit row; a second removal is 204 too', async () => {
    const w = await scene.world();
    const key = keyOf((await upload(w, scene.cast.activityOwner)).json<Picture>().attachment_url);
    expect((await remove(w, scene.cast.activityOwner)).statusCode).toBe(204);
    for (const k of pictureKeys(key)) expect(await scene.t.storage.get(k)).toBeNull();
    const read = (await callAs(scene.t, 'GET', path(w), null)).json<Activity>();
    expect(read.profile_picture).toBeNull();
    const audited = async () =>
      (
        await scene.t.database.db
          .select({ changes: auditLog.changes })
          .from(auditLog)
          .where(and(eq(auditLog.entityClass, 'Activity'), eq(auditLog.entityId, w.activity.id)))
          .orderBy(auditLog.id)
      ).map((row) => row.changes?.profile_picture);
    const changes = [
      { from: null, to: key },
      { from: key, to: null },
    ];
    expect(await audited()).toEqual(changes);
    expect((await remove(w, scene.cast.activityOwner)).statusCode).toBe(204);
    expect(await audited()).toEqual(changes);
  });

  it('lets whoever may upload remove; 401, 403 for others and 404 keep the picture', async () => {
    const w = await scene.world();
    const other = await scene.world();
    const key = keyOf((await upload(w, scene.cast.owner)).json<Picture>().attachment_url);
    expect((await remove(w, null)).statusCode).toBe(401);
    for (const caller of [
      scene.cast.overseer,
      scene.cast.policyOfficer,
      scene.cast.user,
      scene.cast.financial,
    ]) {
      expect((await remove(w, caller)).statusCode).toBe(403);
    }
    const wrongParent = `/initiative/${other.initiative.id}/activity/${w.activity.id}`;
    const unknown = `/initiative/${w.initiative.id}/activity/999999`;
    for (const url of [wrongParent, unknown]) {
      const res = await callAs(scene.t, 'DELETE', `${url}/profile-picture`, scene.cast.admin);
      expect(res.statusCode).toBe(404);
    }
    for (const k of pictureKeys(key)) expect(await scene.t.storage.get(k)).not.toBeNull();
    expect((await remove(w, scene.cast.grantOfficer)).statusCode).toBe(204);
    for (const k of pictureKeys(key)) expect(await scene.t.storage.get(k)).toBeNull();
  });
});

describe('entity-access for Activity', () => {
  const access = (kind: 'actions' | 'edit-fields', w: World, caller: Caller) =>
    callAs(
      scene.t,
      'GET',
      `/auth/entity-access/${kind}?entity_class=Activity&entity_id=${w.activity.id}`,
      caller,
    );

  it('reports the actions and fields of each relation', async () => {
    const w = await scene.world();
    expect((await access('actions', w, null)).json()).toEqual({ actions: ['read'] });
    expect((await access('actions', w, scene.cast.activityOwner)).json()).toEqual({
      actions: ['read', 'edit', 'create_payment', 'link_payment'],
    });
    expect((await access('edit-fields', w, scene.cast.activityOwner)).json()).toEqual({
      fields: ['description', 'purpose', 'target_audience'],
    });
    expect((await access('edit-fields', w, scene.cast.owner)).json()).toEqual({
      fields: ['name', 'description', 'purpose', 'target_audience', 'budget', 'hidden'],
    });
    const hidden = await scene.world({ activityHidden: true });
    expect((await access('actions', hidden, scene.cast.user)).statusCode).toBe(404);
    expect((await access('actions', hidden, scene.cast.policyOfficer)).json()).toEqual({
      actions: ['read'],
    });
  });
});
