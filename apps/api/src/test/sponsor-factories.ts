import type { OfficerRole } from '@helder/shared/regulations';
import { funders, grantOverseers, grants, regulationOfficers, regulations } from '../db/schema';
import type { TestApp } from './app';
import { uniq } from './http';

/**
 * Sponsor rows inserted straight into the database (no API, no audit), each with a unique name:
 * `const { funder, regulation, grant } = await createSponsorTree(t)`.
 */

export async function createFunder(t: TestApp, overrides: { name?: string; url?: string } = {}) {
  const [row] = await t.database.db
    .insert(funders)
    .values({
      name: overrides.name ?? `Fonds ${uniq()}`,
      url: overrides.url ?? 'https://fonds.test',
    })
    .returning();
  return row!;
}

export async function createRegulation(
  t: TestApp,
  funderId: number,
  overrides: { name?: string; description?: string } = {},
) {
  const [row] = await t.database.db
    .insert(regulations)
    .values({
      funderId,
      name: overrides.name ?? `Regeling ${uniq()}`,
      description: overrides.description ?? 'Een regeling voor de buurt.',
    })
    .returning();
  return row!;
}

export async function createGrant(
  t: TestApp,
  regulationId: number,
  overrides: Partial<Pick<typeof grants.$inferInsert, 'name' | 'reference' | 'budgetCents'>> &
    Partial<Pick<typeof grants.$inferInsert, 'verantwoordelijk' | 'verantwoordelijkheid'>> = {},
) {
  const [row] = await t.database.db
    .insert(grants)
    .values({
      regulationId,
      name: `Beschikking ${uniq()}`,
      reference: `REF-${uniq()}`,
      budgetCents: 1_000_000,
      ...overrides,
    })
    .returning();
  return row!;
}

export async function addOfficer(
  t: TestApp,
  regulationId: number,
  userId: number,
  role: OfficerRole,
) {
  await t.database.db.insert(regulationOfficers).values({ regulationId, userId, role });
}

export async function addOverseer(t: TestApp, grantId: number, userId: number) {
  await t.database.db.insert(grantOverseers).values({ grantId, userId });
}

/** A funder with one regulation and one grant under it. */
export async function createSponsorTree(t: TestApp) {
  const funder = await createFunder(t);
  const regulation = await createRegulation(t, funder.id);
  const grant = await createGrant(t, regulation.id);
  return { funder, regulation, grant };
}
