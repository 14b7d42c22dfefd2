import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Activity } from '@helder/shared/activities';
import type { Owner } from '@helder/shared/initiatives';
import type { Picture } from '@helder/shared/users';
import { activityOwners, auditLog } from '../../db/schema';
import { pictureKeys } from '../../lib/pictures';
import { createTestApp, type TestApp } from '../../test/app';
import { createUser } from '../../test/factories';
import { createCast, createWorld, type Cast, type World } from '../../test/initiative-factories';
import { multipart } from '../../test/multipart';
import { callAs, type Caller } from '../../test/http';

let t: TestApp;
let cast: Cast;
beforeAll(async () => {
  t = await createTestApp();
  cast = await createCast(t);
});
afterAll(() => t?.close());

const path = (w: World) => `/initiative/${w.initiative.id}/activity/${w.activity.id}`;
const setOwners = (w: World, caller: Caller, userIds: unknown[]) =>
  callAs(t, 'PATCH', `${path(w)}/owners`, caller, { user_ids: userIds });

describe('PATCH …/activity/:activityId/owners', () => {
  it('replaces the set for managers and initiative owners; unknown ids → 404, nothing changed', async () => {
    const w = await createWorld(t, cast);
    const a = await createUser(t, { password: null });
    const res = await setOwners(w, cast.owner, [String(a.user.id), cast.activityOwner.user.id]);
    expect(res.statusCode).toBe(200);
    expect(
      res
        .json<{ users: Owner[] }>()
        .users.map((u) => u.id)
        .sort((x, y) => x - y),
    ).toEqual([a.user.id, cast.activityOwner.user.id].sort((x, y) => x - y));
    expect((await setOwners(w, cast.grantOfficer, [a.user.id])).statusCode).toBe(200);
    expect((await setOwners(w, cast.admin, [a.user.id, 999999])).statusCode).toBe(404);
    const rows = await t.database.db
      .select({ userId: activityOwners.userId })
      .from(activityOwners)
      .where(eq(activityOwners.activityId, w.activity.id));
    expect(rows).toEqual([{ userId: a.user.id }]);
    const read = (await callAs(t, 'GET', path(w), null)).json<Activity>();
    expect(read.activity_owners.map((o) => o.id)).toEqual([a.user.id]);
  });

  it('answers 401; 403 for activity owners, overseers and others; 404 wrong parent; 422', async () => {
    const w = await createWorld(t, cast);
    const other = await createWorld(t, cast);
    expect((await setOwners(w, null, [])).statusCode).toBe(401);
    for (const caller of [cast.activityOwner, cast.overseer, cast.policyOfficer, cast.user]) {
      expect((await setOwners(w, caller, [])).statusCode).toBe(403);
    }
    const wrong = `/initiative/${other.initiative.id}/activity/${w.activity.id}/owners`;
    expect((await callAs(t, 'PATCH', wrong, cast.admin, { user_ids: [] })).statusCode).toBe(404);
    expect((await setOwners(w, cast.admin, [-1])).statusCode).toBe(422);
  });
});

async function upload(w: World, caller: Caller) {
  const data = await sharp({
    create: { width: 20, height: 20, channels: 3, background: { r: 200, g: 10, b: 10 } },
  })
    .jpeg()
    .toBuffer();
  const form = await multipart({ file: { name: 'a.jpg', data, type: 'image/jpeg' } });
  return t.app.inject({
    method: 'POST',
    url: `/api${path(w)}/profile-picture`,
    payload: form.payload,
    headers: { ...form.headers, ...(caller?.headers ?? {}) },
  });
}
const keyOf = (url: string) => new URL(url).pathname.replace(/^\/api\/files\//, '');

describe('POST …/activity/:activityId/profile-picture', () => {
  it('lets activity owners, initiative owners and managers upload; replaces the old files', async () => {
    const w = await createWorld(t, cast);
    const first = await upload(w, cast.activityOwner);
    expect(first.statusCode).toBe(200);
    const url = first.json<Picture>().attachment_url;
    expect(url).toMatch(new RegExp(`/api/files/activities/${w.activity.id}/\\w+\\.jpg\\?`));
    expect((await upload(w, cast.owner)).statusCode).toBe(200);
    for (const key of pictureKeys(keyOf(url))) expect(await t.storage.get(key)).toBeNull();
    expect((await upload(w, cast.grantOfficer)).statusCode).toBe(200);
    const read = (await callAs(t, 'GET', path(w), null)).json<Activity>();
    expect(read.profile_picture?.attachment_thumbnail_url_256).toMatch(/_256\.webp\?/);
  });

  it('answers 401 and 403 for overseers, policy officers and other users', async () => {
    const w = await createWorld(t, cast);
    expect((await upload(w, null)).statusCode).toBe(401);
    for (const caller of [cast.overseer, cast.policyOfficer, cast.user, cast.financial]) {
      expect((await upload(w, caller)).statusCode).toBe(403);
    }
  });
});

describe('DELETE …/activity/:activityId/profile-picture', () => {
  const remove = (w: World, caller: Caller) =>
    callAs(t, 'DELETE', `${path(w)}/profile-picture`, caller);

  it('removes the files and the picture with an audit row; a second removal is 204 too', async () => {
    const w = await createWorld(t, cast);
    const key = keyOf((await upload(w, cast.activityOwner)).json<Picture>().attachment_url);
    expect((await remove(w, cast.activityOwner)).statusCode).toBe(204);
    for (const k of pictureKeys(key)) expect(await t.storage.get(k)).toBeNull();
    const read = (await callAs(t, 'GET', path(w), null)).json<Activity>();
    expect(read.profile_picture).toBeNull();
    const audited = async () =>
      (
        await t.database.db
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
    expect((await remove(w, cast.activityOwner)).statusCode).toBe(204);
    expect(await audited()).toEqual(changes);
  });

  it('lets whoever may upload remove; 401, 403 for others and 404 keep the picture', async () => {
    const w = await createWorld(t, cast);
    const other = await createWorld(t, cast);
    const key = keyOf((await upload(w, cast.owner)).json<Picture>().attachment_url);
    expect((await remove(w, null)).statusCode).toBe(401);
    for (const caller of [cast.overseer, cast.policyOfficer, cast.user, cast.financial]) {
      expect((await remove(w, caller)).statusCode).toBe(403);
    }
    const wrongParent = `/initiative/${other.initiative.id}/activity/${w.activity.id}`;
    const unknown = `/initiative/${w.initiative.id}/activity/999999`;
    for (const url of [wrongParent, unknown]) {
      const res = await callAs(t, 'DELETE', `${url}/profile-picture`, cast.admin);
      expect(res.statusCode).toBe(404);
    }
    for (const k of pictureKeys(key)) expect(await t.storage.get(k)).not.toBeNull();
    expect((await remove(w, cast.grantOfficer)).statusCode).toBe(204);
    for (const k of pictureKeys(key)) expect(await t.storage.get(k)).toBeNull();
  });
});

describe('entity-access for Activity', () => {
  const access = (kind: 'actions' | 'edit-fields', w: World, caller: Caller) =>
    callAs(
      t,
      'GET',
      `/auth/entity-access/${kind}?entity_class=Activity&entity_id=${w.activity.id}`,
      caller,
    );

  it('reports the actions and fields of each relation', async () => {
    const w = await createWorld(t, cast);
    expect((await access('actions', w, null)).json()).toEqual({ actions: ['read'] });
    expect((await access('actions', w, cast.activityOwner)).json()).toEqual({
      actions: ['read', 'edit', 'create_payment', 'link_payment'],
    });
    expect((await access('edit-fields', w, cast.activityOwner)).json()).toEqual({
      fields: ['description', 'purpose', 'target_audience'],
    });
    expect((await access('edit-fields', w, cast.owner)).json()).toEqual({
      fields: ['name', 'description', 'purpose', 'target_audience', 'budget', 'hidden'],
    });
    const hidden = await createWorld(t, cast, { activityHidden: true });
    expect((await access('actions', hidden, cast.user)).statusCode).toBe(404);
    expect((await access('actions', hidden, cast.policyOfficer)).json()).toEqual({
      actions: ['read'],
    });
  });
});
