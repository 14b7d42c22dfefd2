import { describe, expect, it } from 'vitest';
import type { Activity } from '@helder/shared/activities';
import type { Initiative } from '@helder/shared/initiatives';
import type { MoneySums, PaymentListItem } from '@helder/shared/payments';
import { createUser } from '../../test/factories';
import { createPayment, type World } from '../../test/initiative-factories';
import { createBankAccount } from '../../test/payment-factories';
import { useCastApp } from '../../test/cast-app';

const scene = useCastApp();
const { call } = scene;

interface ListBody {
  payments: PaymentListItem[];
  totalCount: number;
  totals: MoneySums;
  shielded: MoneySums;
}
const read = async <T>(url: string, caller: Parameters<typeof call>[2] = null) => {
  const res = await call('GET', url, caller);
  expect(res.statusCode, url).toBe(200);
  return res.json<T>();
};
const list = (url: string, caller: Parameters<typeof call>[2] = null) =>
  read<ListBody>(url, caller);

/** A ledger with what the public may not see: a hidden payment and a hidden activity's. */
async function ledger(w: World, hiddenActivityId: number) {
  const pay = (amountCents: number, more: object = {}) =>
    createPayment(scene.t, { initiativeId: w.initiative.id, amountCents, ...more });
  await pay(50_000, { bookingDate: new Date('2026-01-10T10:00:00Z') });
  await pay(-12_345, { bookingDate: new Date('2026-02-10T10:00:00Z') });
  await pay(-1_000, { activityId: w.activity.id, bookingDate: new Date('2026-03-10T10:00:00Z') });
  await pay(-81_250, { hidden: true, bookingDate: new Date('2026-02-11T10:00:00Z') });
  await pay(2_500, { hidden: true });
  await pay(-700, { activityId: hiddenActivityId });
}

async function hiddenActivity(w: World) {
  const res = await call('POST', `/initiative/${w.initiative.id}/activity`, scene.cast.owner, {
    name: `Verborgen ${w.initiative.id}`,
    description: 'x',
    budget: 100,
    purpose: 'x',
    target_audience: 'x',
    hidden: true,
  });
  expect(res.statusCode).toBe(200);
  return res.json<Activity>();
}

describe('the totals of a payment list (docs/api-rules.md §8)', () => {
  it('sums every listed payment, not only the page, and says what the public cannot see', async () => {
    const w = await scene.world();
    await ledger(w, (await hiddenActivity(w)).id);
    const url = `/payments/initiative/${w.initiative.id}`;

    const visitor = await list(`${url}?limit=1`);
    expect(visitor.payments).toHaveLength(1);
    expect(visitor.totalCount).toBe(3);
    expect(visitor.totals).toEqual({ income: 500, expenses: -133.45 });
    expect(visitor.shielded).toEqual({ income: 25, expenses: -819.5 });

    // Listed and shielded add up to the initiative's own figures, for everyone.
    const initiative = await read<Initiative>(`/initiative/${w.initiative.id}`);
    expect(visitor.totals.income + visitor.shielded.income).toBe(initiative.income);
    expect(visitor.totals.expenses + visitor.shielded.expenses).toBeCloseTo(initiative.expenses, 2);

    // Insiders see every payment: nothing is shielded from them.
    for (const caller of [scene.cast.owner, scene.cast.financial]) {
      const insider = await list(url, caller);
      expect(insider.totalCount).toBe(6);
      expect(insider.totals).toEqual({ income: 525, expenses: -952.95 });
      expect(insider.shielded).toEqual({ income: 0, expenses: 0 });
    }
  });

  it('follows the filter, while the shielded sums ignore it', async () => {
    const w = await scene.world();
    await ledger(w, (await hiddenActivity(w)).id);
    const url = `/payments/initiative/${w.initiative.id}`;
    const february = await list(`${url}?start_date=2026-02-01&end_date=2026-02-28`);
    expect(february.totalCount).toBe(1);
    expect(february.totals).toEqual({ income: 0, expenses: -123.45 });
    // A per-filter figure would tell when the hidden € 812,50 was booked.
    expect(february.shielded).toEqual({ income: 25, expenses: -819.5 });
    const expenses = await list(`${url}?route=uitgaven&min_amount=100`);
    expect(expenses.totals).toEqual({ income: 0, expenses: -123.45 });
    const none = await list(`${url}?route=inkomen&min_amount=1000`);
    expect([none.totalCount, none.totals]).toEqual([0, { income: 0, expenses: 0 }]);
  });

  it("sums an activity's payments, its hidden ones shielded from the public", async () => {
    const w = await scene.world();
    await createPayment(scene.t, { activityId: w.activity.id, amountCents: -4_000 });
    await createPayment(scene.t, { activityId: w.activity.id, amountCents: -600, hidden: true });
    await createPayment(scene.t, { initiativeId: w.initiative.id, amountCents: -99 });
    const url = `/payments/initiative/${w.initiative.id}/activity/${w.activity.id}`;
    const visitor = await list(url);
    expect([visitor.totals, visitor.shielded]).toEqual([
      { income: 0, expenses: -40 },
      { income: 0, expenses: -6 },
    ]);
    const owner = await list(url, scene.cast.activityOwner);
    expect([owner.totals, owner.shielded]).toEqual([
      { income: 0, expenses: -46 },
      { income: 0, expenses: 0 },
    ]);
  });

  it('counts a hidden payment as listed for the owner of the account it came from', async () => {
    const w = await scene.world();
    const holder = await createUser(scene.t, { password: null });
    const account = await createBankAccount(scene.t, holder.user.id);
    await createPayment(scene.t, {
      initiativeId: w.initiative.id,
      amountCents: -3_000,
      hidden: true,
      type: 'bank',
      bankAccountId: account.id,
    });
    const url = `/payments/initiative/${w.initiative.id}`;
    const mine = await list(url, holder);
    expect([mine.totalCount, mine.totals.expenses, mine.shielded.expenses]).toEqual([1, -30, 0]);
    const stranger = await list(url, scene.cast.user);
    expect([stranger.totalCount, stranger.totals.expenses, stranger.shielded.expenses]).toEqual([
      0, 0, -30,
    ]);
  });
});
