import { inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Payment, UserPayment } from '@helder/shared/payments';
import { auditLog, payments } from '../../db/schema';
import { createUser } from '../../test/factories';
import {
  addActivityOwner,
  addInitiativeOwner,
  createActivity,
  createPayment,
} from '../../test/initiative-factories';
import { createBankAccount } from '../../test/payment-factories';
import { useCastApp } from '../../test/cast-app';

const scene = useCastApp();
const { call } = scene;

const SHOP = 'NL91SHOP0000000001';
const FORBIDDEN_SHOP = 'NL91SHOP0000000002';
const FOREIGN_SHOP = 'NL91SHOP0000000003';

/** An expense from `iban` on the account, linked as given. */
const line = (
  accountId: number,
  iban: string,
  link: { initiativeId?: number; activityId?: number } = {},
) =>
  createPayment(scene.t, {
    amountCents: -1250,
    type: 'bank',
    bankAccountId: accountId,
    creditorName: `Winkel ${iban.slice(-1)}`,
    creditorAccount: iban,
    ...link,
  });

/**
 * A holder of a bank account who owns the initiative of one world and an activity of another,
 * with earlier links: three lines from SHOP to their initiative's activity, two from
 * FORBIDDEN_SHOP to an initiative they may not link to (a world they have no part in).
 */
async function holderWithHistory() {
  const holder = await createUser(scene.t, { password: null });
  const account = await createBankAccount(scene.t, holder.user.id);
  const mine = await scene.world();
  await addInitiativeOwner(scene.t, mine.initiative.id, holder.user.id);
  const theirs = await scene.world();
  const partly = await scene.world();
  await addActivityOwner(scene.t, partly.activity.id, holder.user.id);
  for (let i = 0; i < 3; i++) {
    await line(account.id, SHOP, {
      initiativeId: mine.initiative.id,
      activityId: mine.activity.id,
    });
  }
  for (let i = 0; i < 2; i++) {
    await line(account.id, FORBIDDEN_SHOP, { initiativeId: theirs.initiative.id });
  }
  return { holder, account, mine, theirs, partly };
}

type Caller = Parameters<typeof call>[2];

async function rowsFor(caller: Caller, userId: number) {
  const res = await call('GET', `/payments/user/${userId}?limit=100`, caller);
  expect(res.statusCode).toBe(200);
  return res.json<{ payments: UserPayment[] }>().payments;
}

describe('link suggestions on GET /payments/user/:id', () => {
  it("proposes the initiative and activity of the caller's earlier links, saying why", async () => {
    const { holder, account, mine } = await holderWithHistory();
    const fresh = await line(account.id, SHOP);
    const res = await call('GET', `/payments/user/${holder.user.id}?unlinked=true`, holder);
    expect(res.statusCode).toBe(200);
    const row = res.json<{ payments: UserPayment[] }>().payments.find((p) => p.id === fresh.id);
    expect(row?.suggestion).toMatchObject({
      initiative_id: mine.initiative.id,
      initiative_name: mine.initiative.name,
      activity_id: mine.activity.id,
      reason: { kind: 'iban', count: 3 },
    });
    expect(row!.suggestion!.confidence).toBeGreaterThanOrEqual(0.75);
    // Linked rows carry none.
    const all = res.json<{ payments: UserPayment[] }>().payments;
    expect(all.filter((p) => p.initiative_id !== null)).toEqual([]);
  });

  it('never names an initiative the caller may not link to', async () => {
    const { holder, account, theirs } = await holderWithHistory();
    const fresh = await line(account.id, FORBIDDEN_SHOP);
    const rows = await rowsFor(holder, holder.user.id);
    const suggested = rows.flatMap((p) => (p.suggestion ? [p.suggestion.initiative_id] : []));
    expect(rows.some((p) => p.id === fresh.id)).toBe(true);
    expect(suggested).not.toContain(theirs.initiative.id);
  });

  it('proposes only activities the caller may link to', async () => {
    const { holder, account, partly } = await holderWithHistory();
    // Earlier links to an activity of the initiative the holder owns another activity of: the
    // initiative may be proposed, that activity never.
    const notMine = await createActivity(scene.t, partly.initiative.id);
    for (let i = 0; i < 3; i++) {
      await line(account.id, 'NL91SHOP0000000009', {
        initiativeId: partly.initiative.id,
        activityId: notMine.id,
      });
    }
    const fresh = await line(account.id, 'NL91SHOP0000000009');
    const rows = await rowsFor(holder, holder.user.id);
    expect(rows.find((p) => p.id === fresh.id)?.suggestion).toMatchObject({
      initiative_id: partly.initiative.id,
      activity_id: null,
    });
  });

  it("learns nothing from lines the caller does not see, and suggests nothing on another's list", async () => {
    const { holder, account, partly } = await holderWithHistory();
    // Another user's account, linked three times from FOREIGN_SHOP to the initiative of which
    // the holder owns an activity: the holder may link there, but never saw these lines.
    const stranger = await createUser(scene.t, { password: null });
    const strangerAccount = await createBankAccount(scene.t, stranger.user.id);
    for (let i = 0; i < 3; i++) {
      await line(strangerAccount.id, FOREIGN_SHOP, { initiativeId: partly.initiative.id });
    }
    const fresh = await line(account.id, FOREIGN_SHOP);
    const row = (await rowsFor(holder, holder.user.id)).find((p) => p.id === fresh.id);
    expect(row).toBeDefined();
    expect(row?.suggestion?.initiative_id).not.toBe(partly.initiative.id);
    expect(row?.suggestion?.reason.kind).not.toBe('iban');
    // An administrator reading the holder's list gets the rows, without suggestions.
    const rows = await rowsFor(scene.cast.admin, holder.user.id);
    expect(rows.some((p) => p.id === fresh.id)).toBe(true);
    expect(rows.filter((p) => p.suggestion)).toEqual([]);
  });
});

describe('POST /payments/links', () => {
  it('links many in one go, and undoes them through the same call', async () => {
    const { holder, account, mine } = await holderWithHistory();
    const a = await line(account.id, SHOP);
    const b = await line(account.id, SHOP);
    const linked = await call('POST', '/payments/links', holder, {
      links: [
        { payment_id: a.id, initiative_id: mine.initiative.id, activity_id: mine.activity.id },
        { payment_id: b.id, initiative_id: mine.initiative.id },
      ],
    });
    expect(linked.statusCode).toBe(200);
    expect(linked.json<{ payments: Payment[] }>().payments).toMatchObject([
      { id: a.id, initiative_id: mine.initiative.id, activity_id: mine.activity.id },
      { id: b.id, initiative_id: mine.initiative.id, activity_id: null },
    ]);
    const undone = await call('POST', '/payments/links', holder, {
      links: [
        { payment_id: a.id, initiative_id: null, activity_id: null },
        { payment_id: b.id, initiative_id: -1 },
      ],
    });
    expect(undone.statusCode).toBe(200);
    const rows = await scene.t.database.db
      .select({ initiativeId: payments.initiativeId, activityId: payments.activityId })
      .from(payments)
      .where(inArray(payments.id, [a.id, b.id]));
    expect(rows).toEqual([
      { initiativeId: null, activityId: null },
      { initiativeId: null, activityId: null },
    ]);
  });

  it('changes nothing when one link is refused, not even the ones before it', async () => {
    const { holder, account, mine, theirs } = await holderWithHistory();
    const a = await line(account.id, SHOP);
    const b = await line(account.id, SHOP);
    const audited = async () =>
      (
        await scene.t.database.db
          .select({ id: auditLog.id })
          .from(auditLog)
          .where(inArray(auditLog.entityId, [a.id, b.id]))
      ).length;
    const before = await audited();
    const refused = await call('POST', '/payments/links', holder, {
      links: [
        { payment_id: a.id, initiative_id: mine.initiative.id, activity_id: mine.activity.id },
        { payment_id: b.id, initiative_id: theirs.initiative.id },
      ],
    });
    expect(refused.statusCode).toBe(403);
    const rows = await scene.t.database.db
      .select({ initiativeId: payments.initiativeId })
      .from(payments)
      .where(inArray(payments.id, [a.id, b.id]));
    expect(rows).toEqual([{ initiativeId: null }, { initiativeId: null }]);
    expect(await audited()).toBe(before);
    const totals = await call('GET', `/initiative/${mine.initiative.id}`, holder);
    expect(totals.json<{ expenses: number }>().expenses).toBe(-37.5);
  });

  it('refuses a payment twice, an activity without initiative and an empty list (422)', async () => {
    const { holder, account, mine } = await holderWithHistory();
    const a = await line(account.id, SHOP);
    for (const links of [
      [
        { payment_id: a.id, initiative_id: mine.initiative.id },
        { payment_id: a.id, initiative_id: null },
      ],
      [{ payment_id: a.id, initiative_id: null, activity_id: mine.activity.id }],
      [],
    ]) {
      const res = await call('POST', '/payments/links', holder, { links });
      expect(res.statusCode).toBe(422);
    }
  });
});
