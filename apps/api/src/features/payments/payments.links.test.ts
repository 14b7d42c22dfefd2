import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Payment } from '@helder/shared/payments';
import { payments } from '../../db/schema';
import { createUser } from '../../test/factories';
import {
  addActivityOwner,
  createActivity,
  createPayment,
  type Cast,
} from '../../test/initiative-factories';
import { createBankAccount } from '../../test/payment-factories';
import { useCastApp } from '../../test/cast-app';

const scene = useCastApp();
const { call } = scene;

/** A fresh account holder with one unlinked bank payment on their account. */
async function unlinkedBankPayment() {
  const holder = await createUser(scene.t, { password: null });
  const account = await createBankAccount(scene.t, holder.user.id);
  const payment = await createPayment(scene.t, {
    amountCents: -2500,
    type: 'bank',
    bankAccountId: account.id,
  });
  return { holder, payment };
}

describe('PATCH /api/payment/:id/initiative and /activity', () => {
  it('links initiative first, then an activity, and unlinks in reverse (null and -1)', async () => {
    const w = await scene.world();
    const { payment } = await unlinkedBankPayment();
    // The overseer may link to the initiative (link_payment) though not the account's holder:
    // an admin does the whole round here, the permission cases follow below.
    const url = `/payment/${payment.id}`;
    const linked = await call('PATCH', `${url}/initiative`, scene.cast.admin, {
      initiative_id: w.initiative.id,
    });
    expect(linked.statusCode).toBe(200);
    expect(linked.json<Payment>()).toMatchObject({
      initiative_id: w.initiative.id,
      initiative_name: w.initiative.name,
      activity_id: null,
    });
    const withActivity = await call('PATCH', `${url}/activity`, scene.cast.admin, {
      initiative_id: w.initiative.id,
      activity_id: String(w.activity.id),
    });
    expect(withActivity.json<Payment>()).toMatchObject({ activity_id: w.activity.id });
    const totals = (
      await call('GET', `/initiative/${w.initiative.id}/activity/${w.activity.id}`, null)
    ).json<{ expenses: number }>();
    expect(totals.expenses).toBe(-25);
    // While an activity is linked the initiative stays.
    const refused = await call('PATCH', `${url}/initiative`, scene.cast.admin, {
      initiative_id: -1,
    });
    expect(refused.statusCode).toBe(409);
    const noActivity = await call('PATCH', `${url}/activity`, scene.cast.admin, {
      initiative_id: w.initiative.id,
      activity_id: -1,
    });
    expect(noActivity.json<Payment>()).toMatchObject({ activity_id: null });
    const loose = await call('PATCH', `${url}/initiative`, scene.cast.admin, {
      initiative_id: null,
    });
    expect(loose.json<Payment>()).toMatchObject({ initiative_id: null, activity_id: null });
  });

  it('refuses an activity of another initiative (404) and a stale initiative id (409)', async () => {
    const w = await scene.world();
    const other = await scene.world();
    const p = await createPayment(scene.t, { initiativeId: w.initiative.id, amountCents: -100 });
    const url = `/payment/${p.id}/activity`;
    const foreign = await call('PATCH', url, scene.cast.admin, {
      initiative_id: w.initiative.id,
      activity_id: other.activity.id,
    });
    expect(foreign.statusCode).toBe(404);
    const stale = await call('PATCH', url, scene.cast.admin, {
      initiative_id: other.initiative.id,
      activity_id: other.activity.id,
    });
    expect(stale.statusCode).toBe(409);
    const { payment } = await unlinkedBankPayment();
    const first = await call('PATCH', `/payment/${payment.id}/activity`, scene.cast.admin, {
      initiative_id: w.initiative.id,
      activity_id: w.activity.id,
    });
    expect(first.statusCode).toBe(409);
  });

  it('answers 403 before 409 to a caller who may not link the payment at all', async () => {
    const w = await scene.world();
    const other = await scene.world();
    // Public (its initiative is visible), linked to an activity: the state would be a 409.
    const p = await createPayment(scene.t, {
      initiativeId: w.initiative.id,
      activityId: w.activity.id,
      amountCents: -100,
    });
    const reader = scene.cast.user;
    expect((await call('GET', `/payment/${p.id}`, reader)).statusCode).toBe(200);
    const unlink = { initiative_id: -1 };
    expect((await call('PATCH', `/payment/${p.id}/initiative`, reader, unlink)).statusCode).toBe(
      403,
    );
    const stale = { initiative_id: other.initiative.id, activity_id: -1 };
    expect((await call('PATCH', `/payment/${p.id}/activity`, reader, stale)).statusCode).toBe(403);
    // Who may link still learns of the state.
    const admin = scene.cast.admin;
    expect((await call('PATCH', `/payment/${p.id}/initiative`, admin, unlink)).statusCode).toBe(
      409,
    );
    expect((await call('PATCH', `/payment/${p.id}/activity`, admin, stale)).statusCode).toBe(409);
  });

  it("lets the account's holder link to targets where they hold link_payment only", async () => {
    const w = await scene.world();
    const { holder, payment } = await unlinkedBankPayment();
    const url = `/payment/${payment.id}/initiative`;
    // The holder is nobody in this initiative: 403.
    const body = { initiative_id: w.initiative.id };
    expect((await call('PATCH', url, holder, body)).statusCode).toBe(403);
    // Others do not even see the unlinked payment: 404.
    expect((await call('PATCH', url, scene.cast.owner, body)).statusCode).toBe(404);
    expect((await call('PATCH', url, null, body)).statusCode).toBe(401);
    const own = await createActivity(scene.t, w.initiative.id);
    await addActivityOwner(scene.t, own.id, holder.user.id);
    expect((await call('PATCH', url, holder, body)).statusCode).toBe(200);
    // An activity owner links to their own activity, not to another one of the initiative.
    const activityUrl = `/payment/${payment.id}/activity`;
    const elsewhere = { initiative_id: w.initiative.id, activity_id: w.activity.id };
    expect((await call('PATCH', activityUrl, holder, elsewhere)).statusCode).toBe(403);
    const mine = { initiative_id: w.initiative.id, activity_id: own.id };
    expect((await call('PATCH', activityUrl, holder, mine)).statusCode).toBe(200);
  });

  it('links to an activity for whoever holds link_payment on it; unlinks or moves for whoever holds it on the activity left too', async () => {
    const w = await scene.world();
    const p = await createPayment(scene.t, { initiativeId: w.initiative.id, amountCents: -100 });
    const url = `/payment/${p.id}/activity`;
    const link = { initiative_id: w.initiative.id, activity_id: w.activity.id };
    // Nobody in this initiative: the payment is readable, the activity is not theirs to link to.
    expect((await call('PATCH', url, scene.cast.user, link)).statusCode).toBe(403);
    // The activity owner may not edit a payment outside their activity, yet links it to their own.
    const linked = await call('PATCH', url, scene.cast.activityOwner, link);
    expect(linked.statusCode).toBe(200);
    expect(linked.json<Payment>().activity_id).toBe(w.activity.id);
    const sibling = await createActivity(scene.t, w.initiative.id);
    const siblingOwner = await createUser(scene.t, { password: null });
    await addActivityOwner(scene.t, sibling.id, siblingOwner.user.id);
    const unlink = { initiative_id: w.initiative.id, activity_id: null };
    expect((await call('PATCH', url, siblingOwner, unlink)).statusCode).toBe(403);
    // Nor may they move it into their own activity: it would leave one that is not theirs.
    const toSibling = { initiative_id: w.initiative.id, activity_id: sibling.id };
    expect((await call('PATCH', url, siblingOwner, toSibling)).statusCode).toBe(403);
    expect(
      (await call('GET', `/payment/${p.id}`, scene.cast.owner)).json<Payment>().activity_id,
    ).toBe(w.activity.id);
    // The initiative owner holds link_payment on both.
    expect((await call('PATCH', url, scene.cast.owner, toSibling)).statusCode).toBe(200);
    expect((await call('PATCH', url, scene.cast.owner, link)).statusCode).toBe(200);
    const loose = await call('PATCH', url, scene.cast.activityOwner, unlink);
    expect(loose.json<Payment>().activity_id).toBeNull();
  });

  it('answers an unlink with the payment as written, though the caller can no longer read it', async () => {
    const w = await scene.world();
    const holder = await createUser(scene.t, { password: null });
    const account = await createBankAccount(scene.t, holder.user.id);
    const payment = await createPayment(scene.t, {
      amountCents: -2500,
      type: 'bank',
      bankAccountId: account.id,
      initiativeId: w.initiative.id,
    });
    // The initiative owner may edit the payment, so unlink it; then only the account's side reads it.
    const res = await call('PATCH', `/payment/${payment.id}/initiative`, scene.cast.owner, {
      initiative_id: null,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json<Payment>()).toMatchObject({
      id: payment.id,
      initiative_id: null,
      activity_id: null,
      transaction_amount: -25,
    });
    const [row] = await scene.t.database.db
      .select({ initiativeId: payments.initiativeId })
      .from(payments)
      .where(eq(payments.id, payment.id));
    expect(row?.initiativeId).toBeNull();
    expect((await call('GET', `/payment/${payment.id}`, scene.cast.owner)).statusCode).toBe(404);
  });

  it('moves a manual payment between initiatives but never lets it come loose (409)', async () => {
    const w = await scene.world();
    const other = await scene.world();
    const p = await createPayment(scene.t, { initiativeId: w.initiative.id, amountCents: -100 });
    const url = `/payment/${p.id}/initiative`;
    expect((await call('PATCH', url, scene.cast.owner, { initiative_id: -1 })).statusCode).toBe(
      409,
    );
    // The owner of w may edit the payment but holds no link_payment on the other initiative.
    const move = { initiative_id: other.initiative.id };
    expect((await call('PATCH', url, scene.cast.owner, move)).statusCode).toBe(200);
    expect(
      (await call('PATCH', url, scene.cast.user, { initiative_id: w.initiative.id })).statusCode,
    ).toBe(403);
  });

  it('refuses bad bodies with 422', async () => {
    const p = await createPayment(scene.t, { amountCents: -1, type: 'bank' });
    for (const body of [
      {},
      { initiative_id: 'x' },
      { initiative_id: -2 },
      { initiative_id: 1.5 },
    ]) {
      const res = await call('PATCH', `/payment/${p.id}/initiative`, scene.cast.admin, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
    }
    const res = await call('PATCH', `/payment/${p.id}/activity`, scene.cast.admin, {
      activity_id: 1,
    });
    expect(res.statusCode).toBe(422);
  });
});

describe('linkable initiatives and activities, entity-access for Payment', () => {
  it('lists the targets on which the caller holds link_payment', async () => {
    const w = await scene.world();
    const second = await createActivity(scene.t, w.initiative.id);
    const names = async (url: string, caller: Cast[keyof Cast]) => {
      const res = await call('GET', url, caller);
      expect(res.statusCode).toBe(200);
      const body = res.json<{
        initiatives?: Array<{ id: number }>;
        activities?: Array<{ id: number }>;
      }>();
      return (body.initiatives ?? body.activities)!.map((x) => x.id);
    };
    const initiatives = '/auth/entity-access/linkable-initiatives';
    for (const caller of [
      scene.cast.owner,
      scene.cast.activityOwner,
      scene.cast.overseer,
      scene.cast.admin,
    ]) {
      expect(await names(initiatives, caller)).toContain(w.initiative.id);
    }
    for (const caller of [
      scene.cast.user,
      scene.cast.grantOfficer,
      scene.cast.policyOfficer,
      scene.cast.financial,
    ]) {
      expect(await names(initiatives, caller)).not.toContain(w.initiative.id);
    }
    const activities = `/auth/entity-access/initiative/${w.initiative.id}/linkable-activities`;
    expect((await names(activities, scene.cast.owner)).sort()).toEqual(
      [w.activity.id, second.id].sort(),
    );
    expect(await names(activities, scene.cast.activityOwner)).toEqual([w.activity.id]);
    expect(await names(activities, scene.cast.user)).toEqual([]);
    expect((await call('GET', initiatives, null)).statusCode).toBe(401);
    const hidden = await scene.world({ initiative: { hidden: true } });
    const secret = `/auth/entity-access/initiative/${hidden.initiative.id}/linkable-activities`;
    expect((await call('GET', secret, scene.cast.user)).statusCode).toBe(404);
  });

  it('reports Payment actions and edit-fields', async () => {
    const w = await scene.world();
    const manual = await createPayment(scene.t, { activityId: w.activity.id, amountCents: -100 });
    const bank = await createPayment(scene.t, {
      initiativeId: w.initiative.id,
      amountCents: -100,
      type: 'bank',
    });
    const ask = async (what: string, id: number, caller: Cast[keyof Cast] | null) =>
      call('GET', `/auth/entity-access/${what}?entity_class=Payment&entity_id=${id}`, caller);
    expect((await ask('actions', manual.id, scene.cast.activityOwner)).json()).toEqual({
      actions: ['read', 'edit', 'delete', 'link_activity'],
    });
    expect((await ask('actions', manual.id, null)).json()).toEqual({ actions: ['read'] });
    expect((await ask('actions', bank.id, scene.cast.owner)).json()).toEqual({
      actions: ['read', 'edit', 'link_initiative', 'link_activity'],
    });
    expect((await ask('edit-fields', bank.id, scene.cast.owner)).json()).toEqual({
      fields: ['short_user_description', 'long_user_description', 'hidden', 'hide_counterparty'],
    });
    expect((await ask('actions', 987654321, scene.cast.admin)).statusCode).toBe(404);
  });
});
