import { inArray } from 'drizzle-orm';
import { eurosToCents } from '@helder/shared/money';
import { audit } from '../lib/audit';
import type { Tx } from './client';
import { DEMO_INITIATIVES, type Cost } from './seed-initiatives.data';
import {
  activities,
  activityOwners,
  grants,
  initiativeOwners,
  initiatives,
  payments,
} from './schema';

/**
 * Demo initiatives: a dozen neighbourhood initiatives across the six demo grants (two
 * hidden, one with hidden sponsors), two to four activities each, owners from the demo users
 * (seed keys of DEMO_USERS in seed.ts) and manual payments over 2026, so that the budget bars
 * and totals look real. A few hundred rows in all.
 */

/** A date in 2026 up to mid-November, spread deterministically by `n`. */
const dateOf = (n: number) =>
  new Date(Date.UTC(2026, n % 10, 1 + ((n * 7) % 27), 9 + (n % 8), (n * 13) % 60));

/** Inserts the demo initiatives inside the seed transaction; `userIds` maps seed keys to ids. */
export async function seedInitiatives(tx: Tx, userIds: Record<string, number>) {
  const userId = (key: string) => {
    const id = userIds[key];
    if (id === undefined) throw new Error(`seed-initiatives: no demo user with key ${key}`);
    return id;
  };
  const refs = [...new Set(DEMO_INITIATIVES.map((i) => i.grant))];
  const grantRows = await tx
    .select({ id: grants.id, reference: grants.reference })
    .from(grants)
    .where(inArray(grants.reference, refs));
  const grantId = (ref: string) => grantRows.find((g) => g.reference === ref)!.id;

  let n = 0;
  const paymentRows: Array<typeof payments.$inferInsert> = [];
  const expense = (initiativeId: number, activityId: number | null, org: string, c: Cost) =>
    paymentRows.push({
      type: 'handmatig',
      amountCents: -eurosToCents(c[2]),
      route: 'uitgaven',
      bookingDate: dateOf(++n),
      creditorName: c[1],
      debtorName: org,
      shortUserDescription: c[0],
      hidden: c[3] ?? false,
      initiativeId,
      activityId,
    });

  for (const demo of DEMO_INITIATIVES) {
    const [row] = await tx
      .insert(initiatives)
      .values({
        grantId: grantId(demo.grant),
        name: demo.name,
        description: demo.text,
        purpose: demo.purpose,
        targetAudience: demo.audience,
        owner: demo.org,
        ownerEmail: `info@${demo.org.toLowerCase().replace(/[^a-z]+/g, '')}.demo`,
        legalEntity: demo.legal ?? 'stichting',
        addressApplicant: demo.street,
        kvkRegistration: String(40_000_000 + demo.budget * 7 + demo.name.length),
        location: demo.location,
        budgetCents: eurosToCents(demo.budget),
        hidden: demo.hidden ?? false,
        hiddenSponsors: demo.hiddenSponsors ?? false,
      })
      .returning({ id: initiatives.id });
    const id = row!.id;
    await audit(tx, { actorId: null, entityClass: 'Initiative', entityId: id, action: 'create' });
    await tx
      .insert(initiativeOwners)
      .values(demo.owners.map((key) => ({ initiativeId: id, userId: userId(key) })));
    demo.income.forEach((euros, i) =>
      paymentRows.push({
        type: 'handmatig',
        amountCents: eurosToCents(euros),
        route: 'inkomen',
        bookingDate: dateOf(++n),
        creditorName: demo.org,
        debtorName: `Subsidie ${demo.grant}`,
        shortUserDescription: i === 0 ? 'Eerste tranche subsidie' : 'Tweede tranche subsidie',
        longUserDescription: `Bijdrage uit beschikking ${demo.grant}.`,
        initiativeId: id,
      }),
    );
    demo.costs.forEach((c) => expense(id, null, demo.org, c));
    for (const a of demo.activities) {
      const [act] = await tx
        .insert(activities)
        .values({
          initiativeId: id,
          name: a.name,
          description: a.text,
          purpose: demo.purpose,
          targetAudience: demo.audience,
          budgetCents: eurosToCents(a.budget),
          hidden: a.hidden ?? false,
        })
        .returning({ id: activities.id });
      await audit(tx, {
        actorId: null,
        entityClass: 'Activity',
        entityId: act!.id,
        action: 'create',
      });
      if (a.owners?.length) {
        await tx
          .insert(activityOwners)
          .values(a.owners.map((key) => ({ activityId: act!.id, userId: userId(key) })));
      }
      a.costs.forEach((c) => expense(id, act!.id, demo.org, c));
    }
  }
  await tx.insert(payments).values(paymentRows);
  return {
    initiatives: DEMO_INITIATIVES.length,
    activities: DEMO_INITIATIVES.flatMap((i) => i.activities).length,
    payments: paymentRows.length,
  };
}
