import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activities, initiatives, payments } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';
import { Rng } from '../../test/fuzz/prng';
import {
  createActivity,
  createInitiative,
  createInitiativeTree,
} from '../../test/initiative-factories';
import { repairTotals } from './initiatives.queries';

/** The kept totals that differ from the sums of the payments, per table (none, or a bug). */
async function wrongTotals(t: TestApp) {
  const result = (await t.database.db.execute(sql`
    select 'initiative' as kind, i.id from initiatives i
      left join payments p on p.initiative_id = i.id group by i.id
      having i.income_cents <> coalesce(sum(greatest(p.amount_cents, 0)), 0)
        or i.expenses_cents <> coalesce(sum(least(p.amount_cents, 0)), 0)
    union all
    select 'activity', a.id from activities a
      left join payments p on p.activity_id = a.id group by a.id
      having a.income_cents <> coalesce(sum(greatest(p.amount_cents, 0)), 0)
        or a.expenses_cents <> coalesce(sum(least(p.amount_cents, 0)), 0)`)) as {
    rows: Array<{ kind: string; id: number }>;
  };
  return result.rows;
}

let t: TestApp;
/** Three initiatives with two activities each: where payments are linked, moved and unlinked. */
const places: Array<{ initiativeId: number | null; activityId: number | null }> = [
  { initiativeId: null, activityId: null },
];
beforeAll(async () => {
  t = await createTestApp();
  const tree = await createInitiativeTree(t);
  for (const initiative of [
    tree.initiative,
    await createInitiative(t, tree.grant.id, { name: 'Tweede' }),
    await createInitiative(t, tree.grant.id, { name: 'Derde' }),
  ]) {
    places.push({ initiativeId: initiative.id, activityId: null });
    for (const name of ['A', 'B']) {
      const activity = await createActivity(t, initiative.id, { name });
      places.push({ initiativeId: initiative.id, activityId: activity.id });
    }
  }
});
afterAll(() => t?.close());

describe('kept totals', () => {
  it('follow every kind of payment write, statement by statement', async () => {
    const rng = new Rng(20261123);
    const { db } = t.database;
    const amount = () => rng.pick([-1, 1]) * rng.int(1, 100_000);
    const row = () => ({
      ...rng.pick(places),
      amountCents: amount(),
      bookingDate: new Date('2026-03-15T10:00:00Z'),
      route: 'uitgaven' as const,
    });
    const someIds = async (n: number) =>
      rng
        .shuffle((await db.select({ id: payments.id }).from(payments)).map((p) => p.id))
        .slice(0, n);

    for (let step = 0; step < 60; step++) {
      const ids = await someIds(rng.int(1, 8));
      const action = rng.weighted([
        [3, 'insert'],
        [2, 'insert many'],
        [2, 'amount'],
        [2, 'move'],
        [1, 'delete'],
        [1, 'negate initiative'],
        [1, 'rolled back'],
      ] as const);
      if (action === 'insert') await db.insert(payments).values(row());
      if (action === 'insert many') {
        await db.insert(payments).values(Array.from({ length: rng.int(2, 40) }, row));
      }
      if (action === 'amount' && ids.length > 0) {
        await db.update(payments).set({ amountCents: amount() }).where(eq(payments.id, ids[0]!));
      }
      if (action === 'move' && ids.length > 0) {
        await db.update(payments).set(rng.pick(places)).where(inArray(payments.id, ids));
      }
      if (action === 'delete' && ids.length > 0) {
        await db.delete(payments).where(inArray(payments.id, ids));
      }
      if (action === 'negate initiative') {
        const { initiativeId } = rng.pick(places.slice(1));
        await db
          .update(payments)
          .set({ amountCents: sql`-${payments.amountCents}` })
          .where(eq(payments.initiativeId, initiativeId!));
      }
      if (action === 'rolled back') {
        await db
          .transaction(async (tx) => {
            await tx.insert(payments).values(row());
            throw new Error('undo');
          })
          .catch(() => {});
      }
      expect(await wrongTotals(t), `after step ${step} (${action})`).toEqual([]);
    }

    const [{ n } = { n: 0 }] = await db
      .select({ n: sql<number>`count(*)::integer` })
      .from(payments)
      .where(sql`${payments.initiativeId} is not null`);
    expect(n).toBeGreaterThan(50);
    expect(await repairTotals(db)).toBe(0);
  });

  it('are set right again by the repair, which says how many were wrong', async () => {
    const { db } = t.database;
    const [initiativeId, activityId] = [places[1]!.initiativeId!, places[2]!.activityId!];
    await db
      .update(initiatives)
      .set({ incomeCents: sql`${initiatives.incomeCents} + 7` })
      .where(eq(initiatives.id, initiativeId));
    await db
      .update(activities)
      .set({ expensesCents: sql`${activities.expensesCents} - 7` })
      .where(eq(activities.id, activityId));
    expect(await wrongTotals(t)).toHaveLength(2);

    expect(await db.transaction((tx) => repairTotals(tx))).toBe(2);
    expect(await wrongTotals(t)).toEqual([]);
    expect(await repairTotals(db)).toBe(0);
  });
});
