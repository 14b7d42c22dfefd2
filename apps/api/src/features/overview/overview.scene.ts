/** The overview tests' regulation with money in it. */
import type { CastApp } from '../../test/cast-app';
import { createUser } from '../../test/factories';
import { createGrant, createOverseenGrant } from '../../test/funder-factories';
import { uniq } from '../../test/http';
import { createAttachment, createInitiative, createPayment } from '../../test/initiative-factories';

/**
 * The world's grant A (its initiative: 1000 in, 25.50 spent with a receipt and 120 without; a
 * hidden one 150 over its budget of 100, no receipt), a grant B of the same regulation with its
 * own overseer (an initiative spending 40 with a receipt) and an empty grant C.
 */
export async function moneyScene(scene: CastApp) {
  const u = uniq();
  const w = await scene.world({ initiative: { budgetCents: 50_000, name: `Buurtfeest ${u}` } });
  const pay = (initiativeId: number, amountCents: number, hidden = false) =>
    createPayment(scene.t, { initiativeId, amountCents, hidden });
  await pay(w.initiative.id, 100_000);
  await createAttachment(scene.t, (await pay(w.initiative.id, -2_550)).id);
  await pay(w.initiative.id, -12_000, true);
  const over = await createInitiative(scene.t, w.grant.id, {
    name: `Achter de schermen ${u}`,
    budgetCents: 10_000,
    hidden: true,
  });
  await pay(over.id, -25_000);
  const otherOverseer = await createUser(scene.t, { password: null });
  const grantB = await createOverseenGrant(scene.t, w.regulation.id, [otherOverseer.user.id], {
    name: 'Zzz B',
  });
  const b = await createInitiative(scene.t, grantB.id, {
    name: `Moestuin ${u}`,
    budgetCents: 20_000,
  });
  await createAttachment(scene.t, (await pay(b.id, -4_000)).id);
  const grantC = await createGrant(scene.t, w.regulation.id, { name: 'Zzzz C' });
  return { w, over, grantB, b, grantC, otherOverseer };
}
