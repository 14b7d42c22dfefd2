import { and, eq, inArray } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import {
  activities,
  activityOwners,
  auditLog,
  initiativeOwners,
  initiatives,
  paymentAttachments,
  payments,
} from '../../db/schema';
import { pictureKeys, storeFile } from '../../lib/pictures';
import { createAttachment, createPayment, type World } from '../../test/initiative-factories';
import { callAs } from '../../test/http';
import { useCastApp } from '../../test/cast-app';

const scene = useCastApp();

/**
 * A world with pictures on the initiative and its activity, a manual payment with two
 * attachments on each, and a bank payment (with an attachment) on each.
 */
async function furnish(w: World) {
  const png = await sharp({
    create: { width: 10, height: 10, channels: 3, background: { r: 1, g: 2, b: 3 } },
  })
    .png()
    .toBuffer();
  const initiativePicture = await storeFile(
    scene.t.storage,
    `initiatives/${w.initiative.id}`,
    png,
    'image/png',
  );
  const activityPicture = await storeFile(
    scene.t.storage,
    `activities/${w.activity.id}`,
    png,
    'image/png',
  );
  await scene.t.database.db
    .update(initiatives)
    .set({ pictureKey: initiativePicture })
    .where(eq(initiatives.id, w.initiative.id));
  await scene.t.database.db
    .update(activities)
    .set({ pictureKey: activityPicture })
    .where(eq(activities.id, w.activity.id));
  const manual = await createPayment(scene.t, {
    initiativeId: w.initiative.id,
    amountCents: -1000,
  });
  const manualInActivity = await createPayment(scene.t, {
    activityId: w.activity.id,
    amountCents: -500,
  });
  const bank = await createPayment(scene.t, {
    initiativeId: w.initiative.id,
    amountCents: 700,
    type: 'bank',
  });
  const bankInActivity = await createPayment(scene.t, {
    activityId: w.activity.id,
    amountCents: -300,
    type: 'bank',
  });
  const attachments = [
    await createAttachment(scene.t, manual.id, 'png'),
    await createAttachment(scene.t, manual.id, 'pdf'),
    await createAttachment(scene.t, manualInActivity.id, 'png'),
  ];
  const kept = await createAttachment(scene.t, bankInActivity.id, 'png');
  return {
    files: [initiativePicture, activityPicture, ...attachments.map((a) => a.storageKey)],
    manual: [manual.id, manualInActivity.id],
    bank: [bank.id, bankInActivity.id],
    kept,
  };
}

const exists = async (keys: string[]) =>
  Promise.all(keys.flatMap(pictureKeys).map(async (k) => (await scene.t.storage.get(k)) !== null));

describe('DELETE /api/initiative/:id', () => {
  it('removes the initiative, its activities, links, manual payments and files; bank payments stay unlinked', async () => {
    const w = await scene.world();
    const f = await furnish(w);
    expect((await exists(f.files)).filter(Boolean).length).toBeGreaterThan(0);
    const res = await callAs(
      scene.t,
      'DELETE',
      `/initiative/${w.initiative.id}`,
      scene.cast.grantOfficer,
    );
    expect(res.statusCode).toBe(204);
    const db = scene.t.database.db;
    expect(await db.select().from(initiatives).where(eq(initiatives.id, w.initiative.id))).toEqual(
      [],
    );
    expect(await db.select().from(activities).where(eq(activities.id, w.activity.id))).toEqual([]);
    expect(
      await db
        .select()
        .from(initiativeOwners)
        .where(eq(initiativeOwners.initiativeId, w.initiative.id)),
    ).toEqual([]);
    expect(
      await db.select().from(activityOwners).where(eq(activityOwners.activityId, w.activity.id)),
    ).toEqual([]);
    expect(await db.select().from(payments).where(inArray(payments.id, f.manual))).toEqual([]);
    const bank = await db.select().from(payments).where(inArray(payments.id, f.bank));
    expect(bank.map((p) => [p.initiativeId, p.activityId])).toEqual([
      [null, null],
      [null, null],
    ]);
    const attachments = await db
      .select({ id: paymentAttachments.id })
      .from(paymentAttachments)
      .where(eq(paymentAttachments.paymentId, f.bank[1]!));
    expect(attachments).toEqual([{ id: f.kept.id }]);
    expect(await exists(f.files)).not.toContain(true);
    expect(await exists([f.kept.storageKey])).not.toContain(false);
    const [log] = await db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.entityClass, 'Initiative'),
          eq(auditLog.entityId, w.initiative.id),
          eq(auditLog.action, 'delete'),
        ),
      );
    expect(log?.changes?.activities).toEqual({ from: [w.activity.id], to: [] });
    expect(log?.changes?.deleted_payments?.from).toEqual(expect.arrayContaining(f.manual));
    expect(
      (await callAs(scene.t, 'GET', `/initiative/${w.initiative.id}`, scene.cast.admin)).statusCode,
    ).toBe(404);
  });

  it('answers 401; 403 for owners, overseers and policy officers; 404 unknown or hidden', async () => {
    const w = await scene.world();
    const hidden = await scene.world({ initiative: { hidden: true } });
    const url = `/initiative/${w.initiative.id}`;
    expect((await callAs(scene.t, 'DELETE', url, null)).statusCode).toBe(401);
    for (const caller of [
      scene.cast.owner,
      scene.cast.overseer,
      scene.cast.policyOfficer,
      scene.cast.financial,
    ]) {
      expect((await callAs(scene.t, 'DELETE', url, caller)).statusCode).toBe(403);
    }
    expect(
      (await callAs(scene.t, 'DELETE', `/initiative/${hidden.initiative.id}`, scene.cast.user))
        .statusCode,
    ).toBe(404);
    expect(
      (await callAs(scene.t, 'DELETE', '/initiative/999999', scene.cast.admin)).statusCode,
    ).toBe(404);
    expect((await callAs(scene.t, 'DELETE', url, scene.cast.admin)).statusCode).toBe(204);
  });
});

describe('deleting the sponsors above an initiative', () => {
  it.each(['grant', 'regulation', 'funder'] as const)(
    'deleting its %s removes manual payments and files too; bank payments stay unlinked',
    async (level) => {
      const w = await scene.world();
      const f = await furnish(w);
      const url = {
        grant: w.base,
        regulation: `/funder/${w.funder.id}/regulation/${w.regulation.id}`,
        funder: `/funder/${w.funder.id}`,
      }[level];
      expect((await callAs(scene.t, 'DELETE', url, scene.cast.admin)).statusCode).toBe(204);
      const db = scene.t.database.db;
      expect(await db.select().from(payments).where(inArray(payments.id, f.manual))).toEqual([]);
      const bank = await db.select().from(payments).where(inArray(payments.id, f.bank));
      expect(bank.map((p) => [p.initiativeId, p.activityId])).toEqual([
        [null, null],
        [null, null],
      ]);
      expect(await exists(f.files)).not.toContain(true);
    },
  );
});

describe('the activity-implies-initiative key', () => {
  it('refuses a payment whose activity belongs to another initiative', async () => {
    const a = await scene.world();
    const b = await scene.world();
    await expect(
      createPayment(scene.t, {
        initiativeId: b.initiative.id,
        activityId: a.activity.id,
        amountCents: 1,
      }),
    ).rejects.toThrow();
  });
});
