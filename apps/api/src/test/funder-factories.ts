import type { z } from 'zod';
import { funderBody } from '@helder/shared/funders';
import { grantBody } from '@helder/shared/grants';
import { eurosToCents } from '@helder/shared/money';
import { regulationBody, type OfficerRole } from '@helder/shared/regulations';
import { funders, grantOverseers, grants, regulationOfficers, regulations } from '../db/schema';
import type { TestApp } from './app';
import { uniq } from './http';

/** What the row factories need: a database (a bench seeds one before its server starts). */
export type Seeding = Pick<TestApp, 'database'>;

/**
 * Funder, regulation and grant rows inserted straight into the database (no API, no audit), each
 * with a unique name: `const { funder, regulation, grant } = await createFunderTree(t)`. Their
 * defaults are create bodies of the API, parsed by its schemas, so a schema the defaults no
 * longer satisfy fails every test that builds a row.
 */

/** A create body of `POST /funder`. */
export const funderInput = (
  overrides: Partial<z.input<typeof funderBody>> = {},
): z.input<typeof funderBody> => ({
  name: `Fonds ${uniq()}`,
  url: 'https://fonds.test',
  ...overrides,
});

/** A create body of `POST /funder/:funderId/regulation`. */
export const regulationInput = (
  overrides: Partial<z.input<typeof regulationBody>> = {},
): z.input<typeof regulationBody> => ({
  name: `Regeling ${uniq()}`,
  description: 'Een regeling voor de buurt.',
  ...overrides,
});

/** A create body of `POST /funder/:funderId/regulation/:regulationId/grant`. */
export const grantInput = (
  overrides: Partial<z.input<typeof grantBody>> = {},
): z.input<typeof grantBody> => ({
  name: `Beschikking ${uniq()}`,
  reference: `REF-${uniq()}`,
  budget: 10_000,
  ...overrides,
});

export async function createFunder(t: Seeding, overrides: { name?: string; url?: string } = {}) {
  const [row] = await t.database.db
    .insert(funders)
    .values(funderBody.parse(funderInput(overrides)))
    .returning();
  return row!;
}

export async function createRegulation(
  t: Seeding,
  funderId: number,
  overrides: { name?: string; description?: string } = {},
) {
  const [row] = await t.database.db
    .insert(regulations)
    .values({ funderId, ...regulationBody.parse(regulationInput(overrides)) })
    .returning();
  return row!;
}

export async function createGrant(
  t: Seeding,
  regulationId: number,
  overrides: Partial<Pick<typeof grants.$inferInsert, 'name' | 'reference' | 'budgetCents'>> &
    Partial<Pick<typeof grants.$inferInsert, 'verantwoordelijk' | 'verantwoordelijkheid'>> = {},
) {
  const input = grantBody.parse(grantInput());
  const [row] = await t.database.db
    .insert(grants)
    .values({
      regulationId,
      name: input.name,
      reference: input.reference,
      budgetCents: eurosToCents(input.budget),
      ...overrides,
    })
    .returning();
  return row!;
}

export async function addOfficer(
  t: Seeding,
  regulationId: number,
  userId: number,
  role: OfficerRole,
) {
  await t.database.db.insert(regulationOfficers).values({ regulationId, userId, role });
}

export async function addOverseer(t: Seeding, grantId: number, userId: number) {
  await t.database.db.insert(grantOverseers).values({ grantId, userId });
}

/**
 * A fresh funder with one regulation, whose officers are the users given by role:
 * `createRegulationTree(t, { 'grant officer': [officer.user.id] })`.
 */
export async function createRegulationTree(
  t: Seeding,
  officers: Partial<Record<OfficerRole, number[]>> = {},
) {
  const funder = await createFunder(t);
  const regulation = await createRegulation(t, funder.id);
  for (const role of ['grant officer', 'policy officer'] as const) {
    for (const userId of officers[role] ?? []) await addOfficer(t, regulation.id, userId, role);
  }
  return { funder, regulation };
}

/** A grant under the regulation, overseen by the users of `overseerIds`. */
export async function createOverseenGrant(
  t: Seeding,
  regulationId: number,
  overseerIds: number[],
  overrides: Parameters<typeof createGrant>[2] = {},
) {
  const grant = await createGrant(t, regulationId, overrides);
  for (const userId of overseerIds) await addOverseer(t, grant.id, userId);
  return grant;
}

/** A funder with one regulation and one grant under it. */
export async function createFunderTree(t: Seeding) {
  const { funder, regulation } = await createRegulationTree(t);
  const grant = await createGrant(t, regulation.id);
  return { funder, regulation, grant };
}
