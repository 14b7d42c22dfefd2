import { and, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Activity } from '@helder/shared/activities';
import type { ErrorBody } from '@helder/shared/http';
import type { Initiative } from '@helder/shared/initiatives';
import { activities, auditLog, payments } from '../../db/schema';
import { createActivity, createAttachment, createPayment } from '../../test/initiative-factories';
import { uniq } from '../../test/http';
import { useCastApp } from '../../test/cast-app';

const scene = useCastApp();
const { call } = scene;

const newActivity = () => ({
  name: `Kookworkshop ${uniq()}`,
  description: 'Samen koken en eten.',
  purpose: 'Gezond eten',
  target_audience: 'Buurtbewoners',
  budget: 450,
});

describe('POST /api/initiative/:id/activity', () => {
  it('lets initiative owners and managers create; returns it and puts it on top of the list', async () => {
    const w = await scene.world();
    const input = newActivity();
    const res = await call('POST', `/initiative/${w.initiative.id}/activity`, scene.cast.owner, {
      ...input,
      hidden: 'false',
      income: 4,
    });
    expect(res.statusCode).toBe(200);
    const body = res.json<Activity>();
    expect(body).toEqual({
      id: body.id,
      ...input,
      income: 0,
      expenses: 0,
      hidden: false,
      profile_picture: null,
      initiative: {
        id: w.initiative.id,
        name: w.initiative.name,
        kvk_registration: '12345678',
        location: 'Amsterdam-Noord',
      },
      activity_owners: [],
    });
    const initiative = (
      await call('GET', `/initiative/${w.initiative.id}`, null)
    ).json<Initiative>();
    expect(initiative.activities.map((a) => a.id)).toEqual([body.id, w.activity.id]);
    const [log] = await scene.t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityClass, 'Activity'), eq(auditLog.entityId, body.id)));
    expect(log).toMatchObject({ action: 'create', actorId: scene.cast.owner.user.id });
    const url = `/initiative/${w.initiative.id}/activity`;
    expect((await call('POST', url, scene.cast.grantOfficer, newActivity())).statusCode).toBe(200);
    expect((await call('POST', url, scene.cast.admin, newActivity())).statusCode).toBe(200);
  });

  it('answers 401; 403 for activity owners, overseers, policy officers; 404; 409; 422', async () => {
    const w = await scene.world();
    const hidden = await scene.world({ initiative: { hidden: true } });
    const url = `/initiative/${w.initiative.id}/activity`;
    expect((await call('POST', url, null, newActivity())).statusCode).toBe(401);
    for (const caller of [
      scene.cast.activityOwner,
      scene.cast.overseer,
      scene.cast.policyOfficer,
      scene.cast.user,
    ]) {
      expect((await call('POST', url, caller, newActivity())).statusCode).toBe(403);
    }
    expect(
      (await call('POST', '/initiative/999999/activity', scene.cast.admin, newActivity()))
        .statusCode,
    ).toBe(404);
    const hiddenUrl = `/initiative/${hidden.initiative.id}/activity`;
    expect((await call('POST', hiddenUrl, scene.cast.user, newActivity())).statusCode).toBe(404);
    const taken = await call('POST', url, scene.cast.owner, {
      ...newActivity(),
      name: w.activity.name.toUpperCase(),
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ code: 'NAME_TAKEN' });
    // The same name in another initiative is fine.
    const elsewhere = `/initiative/${hidden.initiative.id}/activity`;
    expect(
      (await call('POST', elsewhere, scene.cast.admin, { ...newActivity(), name: w.activity.name }))
        .statusCode,
    ).toBe(200);
    for (const [field, value] of [
      ['name', 'x'.repeat(65)],
      ['description', ''],
      ['purpose', undefined],
      ['target_audience', 'x'.repeat(65)],
      ['budget', -5],
      ['budget', 'abc'],
    ] as const) {
      const res = await call('POST', url, scene.cast.owner, { ...newActivity(), [field]: value });
      expect(res.statusCode, field).toBe(422);
      expect(res.json<ErrorBody>().errors?.map((e) => e.field)).toContain(field);
    }
  });
});

describe('GET /api/initiative/:id/activity/:activityId', () => {
  it('reads publicly with owners (e-mail for logged-in callers); 404 for wrong parents', async () => {
    const w = await scene.world();
    const other = await scene.world();
    const url = `/initiative/${w.initiative.id}/activity/${w.activity.id}`;
    const anonymous = (await call('GET', url, null)).json<Activity>();
    expect(anonymous.activity_owners).toEqual([
      {
        id: scene.cast.activityOwner.user.id,
        first_name: scene.cast.activityOwner.user.firstName,
        last_name: scene.cast.activityOwner.user.lastName,
        profile_picture: null,
      },
    ]);
    const seen = (await call('GET', url, scene.cast.user)).json<Activity>();
    expect(seen.activity_owners[0]?.email).toBe(scene.cast.activityOwner.user.email);
    const wrong = `/initiative/${other.initiative.id}/activity/${w.activity.id}`;
    expect((await call('GET', wrong, null)).statusCode).toBe(404);
    expect(
      (await call('GET', `/initiative/${w.initiative.id}/activity/999999`, null)).statusCode,
    ).toBe(404);
  });

  it('hides a hidden activity, or any activity of a hidden initiative, from outsiders', async () => {
    const own = await scene.world({ activityHidden: true });
    const parent = await scene.world({ initiative: { hidden: true } });
    const insiders = [
      scene.cast.admin,
      scene.cast.financial,
      scene.cast.grantOfficer,
      scene.cast.policyOfficer,
      scene.cast.overseer,
      scene.cast.owner,
      scene.cast.activityOwner,
    ];
    for (const w of [own, parent]) {
      const url = `/initiative/${w.initiative.id}/activity/${w.activity.id}`;
      expect((await call('GET', url, null)).statusCode).toBe(404);
      expect((await call('GET', url, scene.cast.user)).statusCode).toBe(404);
      for (const insider of insiders)
        expect((await call('GET', url, insider)).statusCode).toBe(200);
    }
    // An owner of another activity of the same initiative is an insider too.
    const sibling = await createActivity(scene.t, own.initiative.id, { hidden: true });
    const url = `/initiative/${own.initiative.id}/activity/${sibling.id}`;
    expect((await call('GET', url, scene.cast.activityOwner)).statusCode).toBe(200);
  });
});

describe('PATCH /api/initiative/:id/activity/:activityId', () => {
  it('lets initiative owners edit everything and activity owners only the story', async () => {
    const w = await scene.world();
    const url = `/initiative/${w.initiative.id}/activity/${w.activity.id}`;
    const res = await call('PATCH', url, scene.cast.owner, {
      name: `Nieuw ${uniq()}`,
      budget: '12.5',
      hidden: true,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ budget: 12.5, hidden: true });
    const story = await call('PATCH', url, scene.cast.activityOwner, {
      description: 'Nieuw\r\nverhaal',
      target_audience: 'Kinderen',
      budget: 12.5,
    });
    expect(story.statusCode).toBe(200);
    expect(story.json()).toMatchObject({
      description: 'Nieuw\nverhaal',
      target_audience: 'Kinderen',
    });
    expect(
      (await call('PATCH', url, scene.cast.activityOwner, { name: 'Anders' })).statusCode,
    ).toBe(403);
    expect((await call('PATCH', url, scene.cast.activityOwner, { budget: 99 })).statusCode).toBe(
      403,
    );
  });

  it('answers 401, 403 (overseer, policy officer, user), 404, 409 and 422', async () => {
    const w = await scene.world();
    const sibling = await createActivity(scene.t, w.initiative.id);
    const url = `/initiative/${w.initiative.id}/activity/${w.activity.id}`;
    expect((await call('PATCH', url, null, { description: 'x' })).statusCode).toBe(401);
    for (const caller of [scene.cast.overseer, scene.cast.policyOfficer, scene.cast.user]) {
      expect((await call('PATCH', url, caller, { description: 'x' })).statusCode).toBe(403);
    }
    const wrong = `/initiative/999999/activity/${w.activity.id}`;
    expect((await call('PATCH', wrong, scene.cast.admin, { description: 'x' })).statusCode).toBe(
      404,
    );
    const taken = await call('PATCH', url, scene.cast.grantOfficer, {
      name: sibling.name.toLowerCase(),
    });
    expect(taken.json()).toMatchObject({ code: 'NAME_TAKEN' });
    expect((await call('PATCH', url, scene.cast.admin, { purpose: '' })).statusCode).toBe(422);
  });
});

describe('DELETE /api/initiative/:id/activity/:activityId', () => {
  it('deletes manual payments and their files; bank payments stay with the initiative', async () => {
    const w = await scene.world();
    const manual = await createPayment(scene.t, { activityId: w.activity.id, amountCents: -100 });
    const bank = await createPayment(scene.t, {
      activityId: w.activity.id,
      amountCents: -200,
      type: 'bank',
    });
    const direct = await createPayment(scene.t, {
      initiativeId: w.initiative.id,
      amountCents: -300,
    });
    const attachment = await createAttachment(scene.t, manual.id, 'pdf');
    const url = `/initiative/${w.initiative.id}/activity/${w.activity.id}`;
    expect((await call('DELETE', url, null)).statusCode).toBe(401);
    for (const caller of [
      scene.cast.activityOwner,
      scene.cast.overseer,
      scene.cast.policyOfficer,
    ]) {
      expect((await call('DELETE', url, caller)).statusCode).toBe(403);
    }
    expect((await call('DELETE', url, scene.cast.owner)).statusCode).toBe(204);
    const db = scene.t.database.db;
    expect(await db.select().from(activities).where(eq(activities.id, w.activity.id))).toEqual([]);
    const left = await db
      .select({
        id: payments.id,
        initiativeId: payments.initiativeId,
        activityId: payments.activityId,
      })
      .from(payments)
      .where(inArray(payments.id, [manual.id, bank.id, direct.id]));
    expect(left.sort((a, b) => a.id - b.id)).toEqual([
      { id: bank.id, initiativeId: w.initiative.id, activityId: null },
      { id: direct.id, initiativeId: w.initiative.id, activityId: null },
    ]);
    expect(await scene.t.storage.get(attachment.storageKey)).toBeNull();
    const initiative = (
      await call('GET', `/initiative/${w.initiative.id}`, null)
    ).json<Initiative>();
    expect(initiative).toMatchObject({ expenses: -5, activities: [] });
    expect((await call('DELETE', url, scene.cast.admin)).statusCode).toBe(404);
  });
});
