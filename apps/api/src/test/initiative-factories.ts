import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import type { z } from 'zod';
import { activityBody } from '@helder/shared/activities';
import { initiativeBody } from '@helder/shared/initiatives';
import { eurosToCents } from '@helder/shared/money';
import {
  activities,
  activityOwners,
  initiativeOwners,
  initiatives,
  paymentAttachments,
  payments,
} from '../db/schema';
import { initiativeColumns } from '../features/initiatives';
import { storeFile } from '../lib/pictures';
import type { TestApp } from './app';
import { createUser } from './factories';
import {
  createFunderTree,
  createOverseenGrant,
  createRegulationTree,
  type Seeding,
} from './funder-factories';
import { uniq } from './http';

/**
 * Initiative, activity, payment and attachment rows inserted straight into the database (no
 * API, no audit), each with a unique name: `const i = await createInitiative(t, grant.id)`.
 * Initiative and activity defaults are create bodies of the API, parsed by its schemas.
 */

/** A create body of `POST /funder/:funderId/regulation/:regulationId/grant/:grantId/initiative`. */
export const initiativeInput = (
  overrides: Partial<z.input<typeof initiativeBody>> = {},
): z.input<typeof initiativeBody> => ({
  name: `Initiatief ${uniq()}`,
  description: 'Samen maken we de buurt mooier.',
  purpose: 'Ontmoeting',
  target_audience: 'Buurtbewoners',
  owner: 'Stichting De Buurt',
  owner_email: 'info@debuurt.test',
  address_applicant: 'Dorpsstraat 1, Amsterdam',
  kvk_registration: '12345678',
  location: 'Amsterdam-Noord',
  budget: 5_000,
  ...overrides,
});

/** A create body of `POST /initiative/:initiativeId/activity`. */
export const activityInput = (
  overrides: Partial<z.input<typeof activityBody>> = {},
): z.input<typeof activityBody> => ({
  name: `Activiteit ${uniq()}`,
  description: 'Een middag voor de hele straat.',
  purpose: 'Verbinding',
  target_audience: 'Jong en oud',
  budget: 1_000,
  ...overrides,
});

export async function createInitiative(
  t: Seeding,
  grantId: number,
  overrides: Partial<Omit<typeof initiatives.$inferInsert, 'id' | 'grantId'>> = {},
) {
  const input = initiativeBody.parse(initiativeInput());
  const [row] = await t.database.db
    .insert(initiatives)
    .values({
      ...initiativeColumns(input),
      grantId,
      ...overrides,
    })
    .returning();
  return row!;
}

export async function createActivity(
  t: TestApp,
  initiativeId: number,
  overrides: Partial<Omit<typeof activities.$inferInsert, 'id' | 'initiativeId'>> = {},
) {
  const input = activityBody.parse(activityInput());
  const [row] = await t.database.db
    .insert(activities)
    .values({
      initiativeId,
      name: input.name,
      description: input.description,
      purpose: input.purpose,
      targetAudience: input.target_audience,
      budgetCents: eurosToCents(input.budget),
      hidden: input.hidden,
      ...overrides,
    })
    .returning();
  return row!;
}

export async function addInitiativeOwner(t: TestApp, initiativeId: number, userId: number) {
  await t.database.db.insert(initiativeOwners).values({ initiativeId, userId });
}

export async function addActivityOwner(t: TestApp, activityId: number, userId: number) {
  await t.database.db.insert(activityOwners).values({ activityId, userId });
}

/**
 * A payment of `amountCents` (signed); with `activityId` its initiative is filled in (the
 * invariant the composite key enforces). Manual unless `type: 'bank'`.
 */
export async function createPayment(
  t: TestApp,
  overrides: Partial<Omit<typeof payments.$inferInsert, 'id'>> & { amountCents: number },
) {
  let initiativeId = overrides.initiativeId ?? null;
  if (overrides.activityId && initiativeId === null) {
    const [activity] = await t.database.db
      .select({ initiativeId: activities.initiativeId })
      .from(activities)
      .where(eq(activities.id, overrides.activityId));
    initiativeId = activity!.initiativeId;
  }
  const [row] = await t.database.db
    .insert(payments)
    .values({
      bookingDate: new Date('2026-03-15T10:00:00Z'),
      route: overrides.amountCents < 0 ? 'uitgaven' : 'inkomen',
      shortUserDescription: 'Betaling',
      ...overrides,
      initiativeId,
    })
    .returning();
  return row!;
}

const PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n%%EOF\n');

/** Stores a real file (a small PNG with thumbnails, or a PDF) and links it to the payment. */
export async function createAttachment(t: TestApp, paymentId: number, kind: 'png' | 'pdf' = 'png') {
  const data =
    kind === 'pdf'
      ? PDF
      : await sharp({
          create: { width: 24, height: 16, channels: 3, background: { r: 20, g: 120, b: 60 } },
        })
          .png()
          .toBuffer();
  const key = await storeFile(
    t.storage,
    `payments/${paymentId}`,
    data,
    kind === 'pdf' ? 'application/pdf' : 'image/png',
  );
  const [row] = await t.database.db
    .insert(paymentAttachments)
    .values({ paymentId, storageKey: key })
    .returning();
  return row!;
}

/** A funder, regulation and grant with one initiative under it. */
export async function createInitiativeTree(
  t: TestApp,
  overrides: Parameters<typeof createInitiative>[2] = {},
) {
  const tree = await createFunderTree(t);
  const initiative = await createInitiative(t, tree.grant.id, overrides);
  return { ...tree, initiative };
}

/** One user per role of docs/api-rules.md §4, for tests that walk the permission matrix. */
export async function createCast(t: TestApp) {
  const make = (overrides: Parameters<typeof createUser>[1] = {}) =>
    createUser(t, { password: null, ...overrides });
  return {
    admin: await make({ role: 'administrator' }),
    financial: await make({ role: 'financial' }),
    grantOfficer: await make(),
    policyOfficer: await make(),
    overseer: await make(),
    owner: await make(),
    activityOwner: await make(),
    user: await make(),
  };
}
export type Cast = Awaited<ReturnType<typeof createCast>>;

/**
 * A grant with the cast's officers and overseer, an initiative owned by `cast.owner` and one
 * activity owned by `cast.activityOwner`; `base` is the grant's API path.
 */
export async function createWorld(
  t: TestApp,
  cast: Cast,
  overrides: { initiative?: Parameters<typeof createInitiative>[2]; activityHidden?: boolean } = {},
) {
  const { funder, regulation } = await createRegulationTree(t, {
    'grant officer': [cast.grantOfficer.user.id],
    'policy officer': [cast.policyOfficer.user.id],
  });
  const grant = await createOverseenGrant(t, regulation.id, [cast.overseer.user.id]);
  const initiative = await createInitiative(t, grant.id, overrides.initiative);
  await addInitiativeOwner(t, initiative.id, cast.owner.user.id);
  const activity = await createActivity(t, initiative.id, {
    hidden: overrides.activityHidden ?? false,
  });
  await addActivityOwner(t, activity.id, cast.activityOwner.user.id);
  return {
    funder,
    regulation,
    grant,
    initiative,
    activity,
    base: `/funder/${funder.id}/regulation/${regulation.id}/grant/${grant.id}`,
  };
}
export type World = Awaited<ReturnType<typeof createWorld>>;
