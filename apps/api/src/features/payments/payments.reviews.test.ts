import { and, desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { ErrorBody } from '@helder/shared/http';
import type { Grant } from '@helder/shared/grants';
import type { Payment, ReviewSummary } from '@helder/shared/payments';
import { auditLog, regulations } from '../../db/schema';
import { createUser, type CreatedUser } from '../../test/factories';
import { addOverseer, createGrant } from '../../test/funder-factories';
import {
  addInitiativeOwner,
  createInitiative,
  createPayment,
  type World,
} from '../../test/initiative-factories';
import { useCastApp } from '../../test/cast-app';

const scene = useCastApp();
const { call } = scene;

/** A world whose regulation reviews expenses, with one expense in its activity. */
async function reviewedWorld() {
  const w = await scene.world();
  await scene.t.database.db
    .update(regulations)
    .set({ reviewEnabled: true })
    .where(eq(regulations.id, w.regulation.id));
  const expense = await createPayment(scene.t, { activityId: w.activity.id, amountCents: -1250 });
  return { ...w, expense };
}

const approve = (id: number, who: CreatedUser | null) =>
  call('PUT', `/payment/${id}/review`, who, { status: 'approved' });
const reject = (id: number, who: CreatedUser | null, comment = 'Bon ontbreekt') =>
  call('PUT', `/payment/${id}/review`, who, { status: 'rejected', comment });
const reviewOf = async (id: number, who: CreatedUser | null) =>
  (await call('GET', `/payment/${id}`, who)).json<Payment>().review;

/** Someone who oversees another grant only. */
async function otherOverseer(w: World) {
  const other = await createGrant(scene.t, w.regulation.id);
  const user = await createUser(scene.t, { password: null });
  await addOverseer(scene.t, other.id, user.user.id);
  return user;
}

describe('PUT and DELETE /api/payment/:id/review: who may review', () => {
  it('admins, the regulation officers and the grant overseers may; no one else', async () => {
    const w = await reviewedWorld();
    const c = scene.cast;
    const expected: Array<[string, CreatedUser | null, number]> = [
      ['admin', c.admin, 200],
      ['grant officer', c.grantOfficer, 200],
      ['policy officer', c.policyOfficer, 200],
      ['overseer of this grant', c.overseer, 200],
      ['overseer of another grant', await otherOverseer(w), 403],
      ['initiative owner', c.owner, 403],
      ['activity owner', c.activityOwner, 403],
      ['financial user', c.financial, 403],
      ['unrelated user', c.user, 403],
      ['visitor', null, 401],
    ];
    for (const [who, caller, status] of expected) {
      expect([who, (await approve(w.expense.id, caller)).statusCode]).toEqual([who, status]);
      expect([
        who,
        (await call('DELETE', `/payment/${w.expense.id}/review`, caller)).statusCode,
      ]).toEqual([who, status]);
    }
  });

  it('an overseer who owns the initiative may not review its expenses', async () => {
    const w = await reviewedWorld();
    const both = await createUser(scene.t, { password: null });
    await addOverseer(scene.t, w.grant.id, both.user.id);
    await addInitiativeOwner(scene.t, w.initiative.id, both.user.id);
    expect((await approve(w.expense.id, both)).statusCode).toBe(403);
  });

  it('only expenses, and only where the regulation reviews', async () => {
    const w = await reviewedWorld();
    const income = await createPayment(scene.t, {
      initiativeId: w.initiative.id,
      amountCents: 500,
    });
    expect((await approve(income.id, scene.cast.admin)).statusCode).toBe(403);
    const off = await scene.world();
    const expense = await createPayment(scene.t, {
      initiativeId: off.initiative.id,
      amountCents: -5,
    });
    expect((await approve(expense.id, scene.cast.admin)).statusCode).toBe(403);
    expect(await reviewOf(expense.id, scene.cast.admin)).toBeUndefined();
  });

  it('a rejection needs a comment of at most 1000 characters', async () => {
    const w = await reviewedWorld();
    const empty = await reject(w.expense.id, scene.cast.overseer, '  ');
    expect(empty.statusCode).toBe(422);
    expect(empty.json<ErrorBody>().errors?.[0]?.field).toBe('comment');
    expect((await reject(w.expense.id, scene.cast.overseer, 'x'.repeat(1001))).statusCode).toBe(
      422,
    );
    expect((await reject(w.expense.id, scene.cast.overseer, 'x'.repeat(1000))).statusCode).toBe(
      200,
    );
  });
});

describe('the review on the payment and in its lists', () => {
  it('shows the status, comment and reviewer to insiders, and nothing to the public', async () => {
    const w = await reviewedWorld();
    expect(await reviewOf(w.expense.id, scene.cast.owner)).toEqual({
      status: 'open',
      comment: '',
      reviewer_name: '',
      reviewed_at: null,
    });
    const res = await reject(w.expense.id, scene.cast.overseer, 'Graag de bon erbij');
    const name = `${scene.cast.overseer.user.firstName} ${scene.cast.overseer.user.lastName}`;
    expect(res.json<Payment>().review).toMatchObject({ status: 'rejected', reviewer_name: name });
    expect(await reviewOf(w.expense.id, scene.cast.owner)).toMatchObject({
      status: 'rejected',
      comment: 'Graag de bon erbij',
      reviewer_name: name,
    });
    expect(await reviewOf(w.expense.id, null)).toBeUndefined();
    expect(await reviewOf(w.expense.id, scene.cast.user)).toBeUndefined();

    const list = async (who: CreatedUser | null) =>
      (await call('GET', `/payments/initiative/${w.initiative.id}`, who)).json<{
        payments: Array<{ payment: { id: number }; review_status?: string }>;
      }>().payments;
    expect((await list(scene.cast.activityOwner))[0]).toMatchObject({ review_status: 'rejected' });
    expect((await list(null))[0]).not.toHaveProperty('review_status');
    const activityList = await call(
      'GET',
      `/payments/initiative/${w.initiative.id}/activity/${w.activity.id}`,
      scene.cast.activityOwner,
    );
    expect(activityList.json<{ payments: unknown[] }>().payments[0]).toMatchObject({
      review_status: 'rejected',
    });
  });

  it('writes an audit row for every review action', async () => {
    const w = await reviewedWorld();
    await reject(w.expense.id, scene.cast.overseer, 'Te hoog');
    await call('PATCH', `/payment/${w.expense.id}`, scene.cast.owner, {
      short_user_description: 'Gecorrigeerd',
    });
    await approve(w.expense.id, scene.cast.grantOfficer);
    await call('DELETE', `/payment/${w.expense.id}/review`, scene.cast.policyOfficer);
    const rows = await scene.t.database.db
      .select({ actorId: auditLog.actorId, changes: auditLog.changes })
      .from(auditLog)
      .where(and(eq(auditLog.entityClass, 'Payment'), eq(auditLog.entityId, w.expense.id)))
      .orderBy(desc(auditLog.id));
    const reviewRows = rows.filter((r) => r.changes?.review_status);
    expect(reviewRows.map((r) => [r.actorId, r.changes!.review_status])).toEqual([
      [scene.cast.policyOfficer.user.id, { from: 'approved', to: 'open' }],
      [scene.cast.grantOfficer.user.id, { from: 'answered', to: 'approved' }],
      [scene.cast.owner.user.id, { from: 'rejected', to: 'answered' }],
      [scene.cast.overseer.user.id, { from: 'open', to: 'rejected' }],
    ]);
    expect(reviewRows[3]!.changes!.review_comment).toEqual({ from: '', to: 'Te hoog' });
  });
});

describe('the lock of an approved expense', () => {
  it('refuses the owners an edit or delete until a reviewer reopens it', async () => {
    const w = await reviewedWorld();
    await approve(w.expense.id, scene.cast.overseer);
    const edit = (who: CreatedUser) =>
      call('PATCH', `/payment/${w.expense.id}`, who, {
        short_user_description: `door ${who.user.id}`,
      });
    for (const owner of [scene.cast.owner, scene.cast.activityOwner]) {
      const res = await edit(owner);
      expect(res.statusCode).toBe(409);
      expect(res.json<ErrorBody>().code).toBe('REVIEW_LOCKED');
    }
    expect((await call('DELETE', `/payment/${w.expense.id}`, scene.cast.owner)).statusCode).toBe(
      409,
    );
    const move = await call('PATCH', `/payment/${w.expense.id}/activity`, scene.cast.owner, {
      initiative_id: w.initiative.id,
      activity_id: null,
    });
    expect(move.statusCode).toBe(409);
    // 403 before 409: who may not edit it at all hears that first.
    expect((await edit(scene.cast.user)).statusCode).toBe(403);
    // Its reviewers are not locked out.
    expect((await edit(scene.cast.overseer)).statusCode).toBe(200);

    await call('DELETE', `/payment/${w.expense.id}/review`, scene.cast.overseer);
    expect((await edit(scene.cast.owner)).statusCode).toBe(200);
    expect((await call('DELETE', `/payment/${w.expense.id}`, scene.cast.owner)).statusCode).toBe(
      204,
    );
  });

  it('lets the owner correct a rejected expense, which makes its review answered', async () => {
    const w = await reviewedWorld();
    await reject(w.expense.id, scene.cast.overseer, 'Bedrag klopt niet');
    const res = await call('PATCH', `/payment/${w.expense.id}`, scene.cast.owner, {
      transaction_amount: -12,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json<Payment>().review).toMatchObject({
      status: 'answered',
      comment: 'Bedrag klopt niet',
    });
  });
});

describe('GET /api/payments/initiative/:id/review', () => {
  it('sums the expenses by review status for insiders', async () => {
    const w = await reviewedWorld();
    const more = await Promise.all(
      [-2000, -300, -45].map((amountCents) =>
        createPayment(scene.t, { initiativeId: w.initiative.id, amountCents }),
      ),
    );
    await createPayment(scene.t, { initiativeId: w.initiative.id, amountCents: 99999 });
    await approve(w.expense.id, scene.cast.overseer);
    await approve(more[0]!.id, scene.cast.overseer);
    await reject(more[1]!.id, scene.cast.overseer);
    const summary = await call(
      'GET',
      `/payments/initiative/${w.initiative.id}/review`,
      scene.cast.owner,
    );
    expect(summary.json<ReviewSummary>()).toEqual({
      enabled: true,
      summary: {
        expenses: { count: 4, amount: 35.95 },
        reviewed: { count: 3, amount: 35.5 },
        approved: { count: 2, amount: 32.5 },
        rejected: { count: 1, amount: 3 },
        open: { count: 1, amount: 0.45 },
      },
    });
    const outsider = await call(
      'GET',
      `/payments/initiative/${w.initiative.id}/review`,
      scene.cast.user,
    );
    expect(outsider.json<ReviewSummary>()).toEqual({ enabled: true, summary: null });
    const off = await scene.world();
    const none = await call(
      'GET',
      `/payments/initiative/${off.initiative.id}/review`,
      scene.cast.admin,
    );
    expect(none.json<ReviewSummary>()).toEqual({ enabled: false, summary: null });
  });
});

describe("the grant's 'Verantwoord' fields", () => {
  it("read 'Ja' once every expense of every initiative of the grant is approved", async () => {
    const w = await reviewedWorld();
    const second = await createInitiative(scene.t, w.grant.id);
    const other = await createPayment(scene.t, { initiativeId: second.id, amountCents: -700 });
    const grant = async () => (await call('GET', w.base, null)).json<Grant>();
    expect(await grant()).not.toHaveProperty('verantwoordelijk');
    await approve(w.expense.id, scene.cast.overseer);
    expect(await grant()).not.toHaveProperty('verantwoordelijk');
    await reject(other.id, scene.cast.overseer);
    expect(await grant()).not.toHaveProperty('verantwoordelijk');
    await approve(other.id, scene.cast.overseer);
    expect(await grant()).toMatchObject({ verantwoordelijk: 'Ja', verantwoordelijkheid: 'Ja' });
    const initiative = await call('GET', `/initiative/${w.initiative.id}`, null);
    expect(initiative.json<{ grant: object }>().grant).toMatchObject({ verantwoordelijk: 'Ja' });
    await call('DELETE', `/payment/${other.id}/review`, scene.cast.overseer);
    expect(await grant()).not.toHaveProperty('verantwoordelijk');
  });
});

describe('the regulation switch', () => {
  it('is edited by admins only', async () => {
    const w = await scene.world();
    const path = `/funder/${w.funder.id}/regulation/${w.regulation.id}`;
    const denied = await call('PATCH', path, scene.cast.grantOfficer, { review_enabled: true });
    expect(denied.statusCode).toBe(403);
    const res = await call('PATCH', path, scene.cast.admin, { review_enabled: true });
    expect(res.statusCode).toBe(200);
    expect(res.json<{ review_enabled: boolean }>().review_enabled).toBe(true);
  });
});
