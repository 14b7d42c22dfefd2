import { describe, expect, it } from 'vitest';
import type { PaymentListItem } from '@helder/shared/payments';
import type { SpendingResponse } from '@helder/shared/spending';
import type { Caller } from '../../test/http';
import { createPayment, type World } from '../../test/initiative-factories';
import { useCastApp } from '../../test/cast-app';

const scene = useCastApp();

const cents = (euros: number) => Math.round(euros * 100);

async function spending(url: string, caller: Caller) {
  const res = await scene.call('GET', url, caller);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<SpendingResponse>();
}

/** Every row the payment list shows the caller, and the list's own expense total. */
async function list(initiativeId: number, caller: Caller) {
  const res = await scene.call('GET', `/payments/initiative/${initiativeId}?limit=100`, caller);
  expect(res.statusCode).toBe(200);
  return res.json<{ payments: PaymentListItem[]; totals: { expenses: number } }>();
}

/** The Amsterdam month of an ISO instant, as its first day. */
const amsterdamMonth = (iso: string) =>
  `${new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Amsterdam' }).format(new Date(iso)).slice(0, 7)}-01`;

/** Income, expenses in three Amsterdam months, one hidden, one in the (hidden) activity. */
async function payments(w: World) {
  const pay = (iso: string, amountCents: number, more: object = {}) =>
    createPayment(scene.t, {
      initiativeId: w.initiative.id,
      amountCents,
      bookingDate: new Date(iso),
      ...more,
    });
  await pay('2026-01-10T10:00:00Z', 100_000);
  // 23:30 UTC on 31 January is 1 February in Amsterdam.
  await pay('2026-01-31T23:30:00Z', -1_000);
  await pay('2026-02-14T10:00:00Z', -2_550);
  await pay('2026-03-10T10:00:00Z', -4_000, { activityId: w.activity.id });
  await pay('2026-04-15T10:00:00Z', -12_000);
  await pay('2026-04-20T10:00:00Z', -999, { hidden: true });
}

describe('GET /api/initiative/:id/spending', () => {
  it('sums per Amsterdam month what the payment list shows the caller, with a running total', async () => {
    const w = await scene.world({ activityHidden: true });
    await payments(w);
    const url = `/initiative/${w.initiative.id}/spending`;

    const visitor = await spending(url, null);
    expect(visitor).toEqual({
      interval: 'month',
      periods: [
        { period: '2026-02-01', expenses: -35.5, cumulative_expenses: -35.5 },
        { period: '2026-04-01', expenses: -120, cumulative_expenses: -155.5 },
      ],
    });
    const owner = await spending(url, scene.cast.owner);
    expect(owner.periods).toEqual([
      { period: '2026-02-01', expenses: -35.5, cumulative_expenses: -35.5 },
      { period: '2026-03-01', expenses: -40, cumulative_expenses: -75.5 },
      { period: '2026-04-01', expenses: -129.99, cumulative_expenses: -205.49 },
    ]);

    for (const [caller, answer] of [
      [null, visitor],
      [scene.cast.owner, owner],
    ] as const) {
      const shown = await list(w.initiative.id, caller);
      expect(answer.periods.at(-1)!.cumulative_expenses).toBe(shown.totals.expenses);
      const perMonth = new Map<string, number>();
      for (const { payment } of shown.payments) {
        if (payment.transaction_amount >= 0) continue;
        const month = amsterdamMonth(payment.booking_date);
        perMonth.set(month, (perMonth.get(month) ?? 0) + cents(payment.transaction_amount));
      }
      expect(answer.periods.map((p) => [p.period, cents(p.expenses)])).toEqual(
        [...perMonth].sort(([a], [b]) => a.localeCompare(b)),
      );
    }
  });

  it('sums per year and per week', async () => {
    const w = await scene.world();
    await payments(w);
    const url = `/initiative/${w.initiative.id}/spending`;
    const year = await spending(`${url}?interval=year`, null);
    expect(year.periods).toEqual([
      { period: '2026-01-01', expenses: -195.5, cumulative_expenses: -195.5 },
    ]);
    const week = await spending(`${url}?interval=week`, null);
    // Weeks start on Monday: 1 February 2026 is a Sunday.
    expect(week.periods.map((p) => p.period)).toEqual([
      '2026-01-26',
      '2026-02-09',
      '2026-03-09',
      '2026-04-13',
    ]);
  });

  it('answers no periods for an initiative without expenses', async () => {
    const w = await scene.world();
    await createPayment(scene.t, { initiativeId: w.initiative.id, amountCents: 5_000 });
    expect(await spending(`/initiative/${w.initiative.id}/spending`, null)).toEqual({
      interval: 'month',
      periods: [],
    });
  });

  it('refuses an unknown interval and an initiative the caller may not see', async () => {
    const w = await scene.world({ initiative: { hidden: true } });
    const bad = await scene.call(
      'GET',
      `/initiative/${w.initiative.id}/spending?interval=day`,
      null,
    );
    expect(bad.statusCode).toBe(422);
    expect(bad.json()).toMatchObject({ code: 'VALIDATION_ERROR', errors: [{ field: 'interval' }] });
    const hidden = await scene.call('GET', `/initiative/${w.initiative.id}/spending`, null);
    expect(hidden.statusCode).toBe(404);
    const owner = await scene.call(
      'GET',
      `/initiative/${w.initiative.id}/spending`,
      scene.cast.owner,
    );
    expect(owner.statusCode).toBe(200);
  });
});
