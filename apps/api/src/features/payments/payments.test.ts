import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { ErrorBody } from '@helder/shared/http';
import type { Initiative } from '@helder/shared/initiatives';
import type { Payment } from '@helder/shared/payments';
import { auditLog, payments } from '../../db/schema';
import { createAttachment, createPayment } from '../../test/initiative-factories';
import { createBankAccount, paymentInput } from '../../test/payment-factories';
import { useCastApp } from '../../test/cast-app';

const scene = useCastApp();
const { call } = scene;

describe('POST /api/payment', () => {
  it('records a manual payment: 200 with the payment, audited, counted in the totals', async () => {
    const w = await scene.world();
    const input = paymentInput(w.initiative.id, { transaction_amount: '-12.50' });
    const res = await call('POST', '/payment', scene.cast.owner, input);
    expect(res.statusCode).toBe(200);
    const body = res.json<Payment>();
    expect(body).toEqual({
      id: body.id,
      transaction_id: '',
      booking_date: '2026-05-04T10:00:00.000Z',
      transaction_amount: -12.5,
      creditor_name: input.creditor_name,
      creditor_account: input.creditor_account,
      debtor_name: input.debtor_name,
      debtor_account: input.debtor_account,
      iban: '',
      route: 'uitgaven',
      short_user_description: input.short_user_description,
      long_user_description: input.long_user_description,
      hidden: false,
      hide_counterparty: false,
      type: 'handmatig',
      initiative_id: w.initiative.id,
      initiative_name: w.initiative.name,
      activity_id: null,
      activity_name: null,
      n_attachments: 0,
      attachments: [],
    });
    const initiative = (
      await call('GET', `/initiative/${w.initiative.id}`, null)
    ).json<Initiative>();
    expect(initiative.expenses).toBe(-12.5);
    const [log] = await scene.t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityClass, 'Payment'), eq(auditLog.entityId, body.id)));
    expect(log).toMatchObject({ action: 'create', actorId: scene.cast.owner.user.id });
  });

  it('lets the route win over the sign and derives the route from the sign when absent', async () => {
    const w = await scene.world();
    const make = async (amount: number, route?: string) =>
      (
        await call('POST', '/payment', scene.cast.admin, {
          ...paymentInput(w.initiative.id),
          transaction_amount: amount,
          route,
        })
      ).json<Payment>();
    expect(await make(25, 'uitgaven')).toMatchObject({
      transaction_amount: -25,
      route: 'uitgaven',
    });
    expect(await make(-25, 'inkomen')).toMatchObject({ transaction_amount: 25, route: 'inkomen' });
    expect(await make(-3.1)).toMatchObject({ transaction_amount: -3.1, route: 'uitgaven' });
    expect(await make(7)).toMatchObject({ transaction_amount: 7, route: 'inkomen' });
  });

  it('records into an activity for its owners; the activity must belong to the initiative', async () => {
    const w = await scene.world();
    const other = await scene.world();
    const input = paymentInput(w.initiative.id, { activity_id: w.activity.id });
    const res = await call('POST', '/payment', scene.cast.activityOwner, input);
    expect(res.statusCode).toBe(200);
    expect(res.json<Payment>()).toMatchObject({
      activity_id: w.activity.id,
      activity_name: w.activity.name,
    });
    const foreign = paymentInput(w.initiative.id, { activity_id: other.activity.id });
    expect((await call('POST', '/payment', scene.cast.admin, foreign)).statusCode).toBe(404);
  });

  it('answers 401, 403 per role, 404 for unknown or hidden targets', async () => {
    const w = await scene.world();
    const hidden = await scene.world({ initiative: { hidden: true } });
    const input = paymentInput(w.initiative.id);
    expect((await call('POST', '/payment', null, input)).statusCode).toBe(401);
    for (const caller of [
      scene.cast.activityOwner,
      scene.cast.grantOfficer,
      scene.cast.policyOfficer,
      scene.cast.financial,
      scene.cast.user,
    ]) {
      const res = await call('POST', '/payment', caller, input);
      expect(res.statusCode, caller?.user.email).toBe(403);
    }
    for (const caller of [scene.cast.owner, scene.cast.overseer, scene.cast.admin]) {
      expect((await call('POST', '/payment', caller, input)).statusCode).toBe(200);
    }
    expect(
      (await call('POST', '/payment', scene.cast.admin, paymentInput(999_999))).statusCode,
    ).toBe(404);
    const secret = paymentInput(hidden.initiative.id);
    expect((await call('POST', '/payment', scene.cast.user, secret)).statusCode).toBe(404);
  });

  it('refuses bad amounts, dates, texts, routes and types with 422 and stores nothing', async () => {
    const w = await scene.world();
    const base = paymentInput(w.initiative.id);
    const bad: Array<Record<string, unknown>> = [
      { transaction_amount: 0 },
      { transaction_amount: '0.00' },
      { transaction_amount: 1.234 },
      { transaction_amount: '12,50' },
      { transaction_amount: 1_000_000_000 },
      { transaction_amount: 'abc' },
      { transaction_amount: null },
      { booking_date: '2026-05-04' },
      { booking_date: 'gisteren' },
      { route: 'anders' },
      { type: 'bank' },
      { short_user_description: 'x'.repeat(129) },
      { long_user_description: 'x'.repeat(513) },
      { initiative_id: 'abc' },
      { initiative_id: -1 },
      { activity_id: 1.5 },
      { hidden: 'ja' },
      { hide_counterparty: 'ja' },
    ];
    const before = await scene.t.database.db
      .select({ id: payments.id })
      .from(payments)
      .where(eq(payments.initiativeId, w.initiative.id));
    for (const change of bad) {
      const res = await call('POST', '/payment', scene.cast.admin, { ...base, ...change });
      expect(res.statusCode, JSON.stringify(change)).toBe(422);
      expect(res.json<ErrorBody>().code).toBe('VALIDATION_ERROR');
    }
    const after = await scene.t.database.db
      .select({ id: payments.id })
      .from(payments)
      .where(eq(payments.initiativeId, w.initiative.id));
    expect(after).toEqual(before);
    const max = { ...base, transaction_amount: -999_999_999.99 };
    expect((await call('POST', '/payment', scene.cast.admin, max)).statusCode).toBe(200);
  });
});

describe('GET /api/payment/:id', () => {
  it('shows attachments and counterparty accounts to logged-in readers only', async () => {
    const w = await scene.world();
    const p = await createPayment(scene.t, {
      initiativeId: w.initiative.id,
      amountCents: -1999,
      creditorAccount: 'NL91ABNA0417164300',
      iban: 'NL02ABNA0123456789',
    });
    const pdf = await createAttachment(scene.t, p.id, 'pdf');
    const png = await createAttachment(scene.t, p.id, 'png');
    const anonymous = (await call('GET', `/payment/${p.id}`, null)).json<Payment>();
    expect(anonymous).not.toHaveProperty('creditor_account');
    expect(anonymous).not.toHaveProperty('debtor_account');
    expect(anonymous).not.toHaveProperty('iban');
    expect(anonymous.n_attachments).toBe(2);
    expect(anonymous.attachments.map((a) => a.id)).toEqual([pdf.id, png.id]);
    expect(anonymous.attachments[0]!.attachment_url).toMatch(/\.pdf\?/);
    expect(anonymous.attachments[0]!.attachment_thumbnail_url_128).toBeNull();
    expect(anonymous.attachments[1]!.attachment_thumbnail_url_256).toMatch(/^http/);
    const user = (await call('GET', `/payment/${p.id}`, scene.cast.user)).json<Payment>();
    expect(user).toMatchObject({
      creditor_account: 'NL91ABNA0417164300',
      iban: 'NL02ABNA0123456789',
    });
  });

  it('is a 404 for unknown ids and for hidden payments to outsiders; 422 for bad ids', async () => {
    const w = await scene.world();
    const p = await createPayment(scene.t, {
      initiativeId: w.initiative.id,
      amountCents: 5,
      hidden: true,
    });
    expect((await call('GET', `/payment/${p.id}`, null)).statusCode).toBe(404);
    expect((await call('GET', `/payment/${p.id}`, scene.cast.user)).statusCode).toBe(404);
    expect((await call('GET', `/payment/${p.id}`, scene.cast.activityOwner)).statusCode).toBe(200);
    expect((await call('GET', '/payment/987654321', scene.cast.admin)).statusCode).toBe(404);
    expect((await call('GET', '/payment/1e3', scene.cast.admin)).statusCode).toBe(422);
  });
});

describe('PATCH /api/payment/:id', () => {
  it('changes only changed fields; echoed fields and transaction_id are ignored', async () => {
    const w = await scene.world();
    const created = (
      await call('POST', '/payment', scene.cast.owner, paymentInput(w.initiative.id))
    ).json<Payment>();
    const res = await call('PATCH', `/payment/${created.id}`, scene.cast.owner, {
      ...created,
      transaction_id: 'X-1',
      booking_date: '2026-05-04T12:00:00.000+02:00',
      short_user_description: 'Nieuwe verf',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json<Payment>()).toEqual({ ...created, short_user_description: 'Nieuwe verf' });
    const logs = await scene.t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityClass, 'Payment'), eq(auditLog.entityId, created.id)));
    const update = logs.find((l) => l.action === 'update');
    expect(Object.keys(update!.changes as object)).toEqual(['short_user_description']);
  });

  it('keeps amount and route agreeing: a new route flips the sign, a new sign the route', async () => {
    const w = await scene.world();
    const p = (
      await call(
        'POST',
        '/payment',
        scene.cast.owner,
        paymentInput(w.initiative.id, { transaction_amount: -40 }),
      )
    ).json<Payment>();
    const flip = await call('PATCH', `/payment/${p.id}`, scene.cast.owner, { route: 'inkomen' });
    expect(flip.json<Payment>()).toMatchObject({ transaction_amount: 40, route: 'inkomen' });
    const sign = await call('PATCH', `/payment/${p.id}`, scene.cast.owner, {
      transaction_amount: -41,
    });
    expect(sign.json<Payment>()).toMatchObject({ transaction_amount: -41, route: 'uitgaven' });
    const both = await call('PATCH', `/payment/${p.id}`, scene.cast.owner, {
      transaction_amount: -41,
      route: 'inkomen',
    });
    expect(both.json<Payment>()).toMatchObject({ transaction_amount: 41, route: 'inkomen' });
  });

  it("locks a bank payment's bank fields (403) but lets descriptions and hidden change", async () => {
    const w = await scene.world();
    const account = await createBankAccount(scene.t, scene.cast.user.user.id);
    const p = await createPayment(scene.t, {
      initiativeId: w.initiative.id,
      amountCents: -1500,
      type: 'bank',
      bankAccountId: account.id,
      transactionId: 'BANK-1',
    });
    for (const change of [
      { transaction_amount: -16 },
      { booking_date: '2026-01-01T00:00:00Z' },
      { creditor_name: 'Ander' },
      { route: 'inkomen' },
    ]) {
      const res = await call('PATCH', `/payment/${p.id}`, scene.cast.owner, change);
      expect(res.statusCode, JSON.stringify(change)).toBe(403);
    }
    const ok = await call('PATCH', `/payment/${p.id}`, scene.cast.owner, {
      transaction_amount: -15,
      hidden: true,
      long_user_description: 'Gedeeltelijk vergoed',
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json<Payment>()).toMatchObject({ hidden: true, transaction_id: 'BANK-1' });
  });

  it('answers 401, 403 for readers without edit, 404, 422', async () => {
    const w = await scene.world();
    const p = await createPayment(scene.t, { activityId: w.activity.id, amountCents: -100 });
    const url = `/payment/${p.id}`;
    expect((await call('PATCH', url, null, { hidden: true })).statusCode).toBe(401);
    for (const caller of [scene.cast.user, scene.cast.policyOfficer, scene.cast.financial]) {
      expect((await call('PATCH', url, caller, { hidden: true })).statusCode).toBe(403);
    }
    for (const caller of [
      scene.cast.activityOwner,
      scene.cast.owner,
      scene.cast.overseer,
      scene.cast.grantOfficer,
      scene.cast.admin,
    ]) {
      const res = await call('PATCH', url, caller, { short_user_description: caller.user.email });
      expect(res.statusCode).toBe(200);
    }
    expect(
      (await call('PATCH', '/payment/987654321', scene.cast.admin, { hidden: true })).statusCode,
    ).toBe(404);
    expect((await call('PATCH', url, scene.cast.admin, { transaction_amount: 0 })).statusCode).toBe(
      422,
    );
    expect((await call('PATCH', url, scene.cast.admin, { booking_date: 'nu' })).statusCode).toBe(
      422,
    );
  });
});

describe('DELETE /api/payment/:id', () => {
  it('deletes a manual payment with its attachments and their files', async () => {
    const w = await scene.world();
    const p = await createPayment(scene.t, { activityId: w.activity.id, amountCents: -100 });
    const attachment = await createAttachment(scene.t, p.id);
    expect(await scene.t.storage.get(attachment.storageKey)).not.toBeNull();
    expect((await call('DELETE', `/payment/${p.id}`, scene.cast.user)).statusCode).toBe(403);
    expect((await call('DELETE', `/payment/${p.id}`, scene.cast.grantOfficer)).statusCode).toBe(
      403,
    );
    const res = await call('DELETE', `/payment/${p.id}`, scene.cast.activityOwner);
    expect(res.statusCode).toBe(204);
    expect(await scene.t.storage.get(attachment.storageKey)).toBeNull();
    expect((await call('GET', `/payment/${p.id}`, scene.cast.admin)).statusCode).toBe(404);
  });

  it('never deletes a bank payment (403, hide it instead); 401 and 404', async () => {
    const w = await scene.world();
    const p = await createPayment(scene.t, {
      initiativeId: w.initiative.id,
      amountCents: -5,
      type: 'bank',
    });
    expect((await call('DELETE', `/payment/${p.id}`, scene.cast.admin)).statusCode).toBe(403);
    expect((await call('DELETE', `/payment/${p.id}`, null)).statusCode).toBe(401);
    expect((await call('DELETE', '/payment/987654321', scene.cast.admin)).statusCode).toBe(404);
  });
});

describe('hostile input on the payment calls', () => {
  it('refuses NUL bytes, lone surrogates, huge texts and foreign ids with 4xx and stores nothing', async () => {
    const w = await scene.world();
    const other = await scene.world();
    const base = paymentInput(w.initiative.id);
    const p = await createPayment(scene.t, { initiativeId: w.initiative.id, amountCents: -100 });
    const stored = () =>
      scene.t.database.db.select().from(payments).where(eq(payments.initiativeId, w.initiative.id));
    const before = await stored();
    const hostile: Array<[string, object, number]> = [
      ['POST', { ...base, short_user_description: 'bon\u0000' }, 422],
      ['POST', { ...base, creditor_name: '\ud800' }, 422],
      ['POST', { ...base, long_user_description: 'x'.repeat(2_000_000) }, 413],
      ['POST', { ...base, transaction_amount: 1e308 }, 422],
      ['POST', { ...base, activity_id: other.activity.id }, 404],
      ['PATCH', { short_user_description: 'a\u0000b' }, 422],
      ['PATCH', { transaction_amount: '-1e3' }, 422],
    ];
    for (const [method, body, status] of hostile) {
      const url = method === 'POST' ? '/payment' : `/payment/${p.id}`;
      const res = await call(method as 'POST' | 'PATCH', url, scene.cast.admin, body);
      expect(res.statusCode, `${method} ${JSON.stringify(body).slice(0, 80)}`).toBe(status);
    }
    const link = await call('PATCH', `/payment/${p.id}/activity`, scene.cast.admin, {
      initiative_id: w.initiative.id,
      activity_id: other.activity.id,
    });
    expect(link.statusCode).toBe(404);
    expect(await stored()).toEqual(before);
  });
});
