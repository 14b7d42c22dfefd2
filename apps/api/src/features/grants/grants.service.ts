import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Grant, grantBody, grantPatch } from '@helder/shared/grants';
import { centsToEuros, eurosToCents } from '@helder/shared/money';
import { isParent } from '@helder/shared/http';
import type { Subject } from '@helder/shared/permissions';
import { grantOverseers, grants, initiatives, regulations } from '../../db/schema';
import { requireActor, type Ctx } from '../../http/context';
import { conflict, notFound } from '../../http/errors';
import { figuresInEuros } from '../../lib/figures';
import { purgeInitiatives } from '../../lib/purge';
import { authorize, entityWriter, subjectLoader } from '../../lib/write';
import { findRegulation, regulationSubject, type RegulationPath } from '../regulations';
import { replaceUserLinks, toPerson } from '../users';
import {
  conflictCodeOf,
  grantConflict,
  grantRelations,
  selectGrant,
  selectRegulationGrants,
  type GrantRow,
} from './grants.queries';

type GrantInput = z.output<typeof grantBody>;
type GrantPatch = z.output<typeof grantPatch>;
/** `/funder/:funderId/regulation/:regulationId/grant/:grantId`: the grant sits under that path. */
export interface GrantPath extends RegulationPath {
  grantId: number;
}

const MESSAGES = {
  REFERENCE_TAKEN: 'A grant with this reference already exists',
  NAME_TAKEN: 'This regulation already has a grant with this name',
} as const;
const taken = (code: keyof typeof MESSAGES) => conflict(code, MESSAGES[code]);
/** The 409 of a reference or name another grant holds. */
async function clashOf(ctx: Ctx, input: Parameters<typeof grantConflict>[1], exceptId?: number) {
  const clash = await grantConflict(ctx.db, input, exceptId);
  return clash ? taken(clash) : null;
}
const writes = entityWriter({
  entityClass: 'Grant',
  table: grants,
  parent: { entityClass: 'Regulation', table: regulations },
  onConflict: (index) => taken(conflictCodeOf(index)),
});

export const grantSubject = (row: Pick<GrantRow, 'roles' | 'isOverseer'>) =>
  ({ type: 'Grant', relations: grantRelations(row) }) satisfies Subject;

/** The grant at the path with the caller's relations, or 404 (unknown or under another parent). */
export async function findGrant(ctx: Ctx, path: GrantPath): Promise<GrantRow> {
  const row = await selectGrant(ctx.db, ctx.actor, path.grantId);
  if (
    !row ||
    !isParent(path.regulationId, row.regulationId) ||
    !isParent(path.funderId, row.funderId)
  ) {
    throw notFound('Grant');
  }
  return row;
}

/** entity-access for Grant: officer roles of its regulation and overseer, in the row's statement. */
export const loadGrantSubject = subjectLoader(selectGrant, grantSubject);

/** The one mapper from a grant row to the response; money in euros (docs/api-rules.md §8). */
function toGrant(ctx: Ctx, row: GrantRow): Grant {
  return {
    id: row.id,
    name: row.name,
    reference: row.reference,
    ...figuresInEuros(row),
    regulation: { id: row.regulationId, name: row.regulationName },
    funder: { id: row.funderId, name: row.funderName },
    overseers: row.overseers.map((p) => toPerson(ctx.actor, p)),
    initiatives: row.initiatives,
    ...(row.verantwoordelijk !== null ? { verantwoordelijk: row.verantwoordelijk } : {}),
    ...(row.verantwoordelijkheid !== null
      ? { verantwoordelijkheid: row.verantwoordelijkheid }
      : {}),
  };
}

async function readGrant(ctx: Ctx, id: number): Promise<Grant> {
  const row = await selectGrant(ctx.db, ctx.actor, id);
  if (!row) throw notFound('Grant');
  return toGrant(ctx, row);
}

export async function listGrants(ctx: Ctx, path: RegulationPath): Promise<Grant[]> {
  const regulation = await findRegulation(ctx, path);
  const rows = await selectRegulationGrants(ctx.db, ctx.actor, regulation.id);
  return rows.map((row) => toGrant(ctx, row));
}

export async function getGrant(ctx: Ctx, path: GrantPath): Promise<Grant> {
  return toGrant(ctx, await findGrant(ctx, path));
}

export async function createGrant(ctx: Ctx, path: RegulationPath, input: GrantInput) {
  const actor = requireActor(ctx);
  const regulation = await findRegulation(ctx, path);
  const id = await writes.create(ctx, actor, {
    action: 'create_grant',
    subject: regulationSubject(regulation),
    denied: 'Only administrators and grant officers of this regulation can create grants',
    clash: () => clashOf(ctx, { regulationId: regulation.id, ...input }),
    parentId: regulation.id,
    values: {
      regulationId: regulation.id,
      name: input.name,
      reference: input.reference,
      budgetCents: eurosToCents(input.budget),
    },
    audited: { regulation_id: regulation.id, ...input },
  });
  return readGrant(ctx, id);
}

export async function updateGrant(ctx: Ctx, path: GrantPath, input: GrantPatch): Promise<Grant> {
  const actor = requireActor(ctx);
  const row = await findGrant(ctx, path);
  const edited = await writes.edit(ctx, actor, row.id, {
    subject: grantSubject(row),
    denied: 'You may not edit this grant',
    before: { name: row.name, reference: row.reference, budget: centsToEuros(row.budgetCents) },
    input,
    columns: (changes) => ({
      name: changes.name,
      reference: changes.reference,
      budgetCents: changes.budget === undefined ? undefined : eurosToCents(changes.budget),
    }),
    clash: (changes) => clashOf(ctx, { regulationId: row.regulationId, ...changes }, row.id),
  });
  return edited ? readGrant(ctx, row.id) : toGrant(ctx, row);
}

/**
 * Deletes the grant with its overseer links and initiatives in one transaction; manual payments
 * beneath go, bank payments stay unlinked, files go after the commit (docs/api-rules.md §10).
 */
export async function deleteGrant(ctx: Ctx, path: GrantPath): Promise<void> {
  const actor = requireActor(ctx);
  const row = await findGrant(ctx, path);
  await writes.remove(ctx, actor, row.id, {
    subject: grantSubject(row),
    denied: 'You may not delete this grant',
    audited: { name: row.name, reference: row.reference, budget: centsToEuros(row.budgetCents) },
    beneath: (tx) =>
      purgeInitiatives(tx, eq(initiatives.grantId, row.id), actor.id, { cascaded: true }),
  });
}

/** Replaces the grant's overseers; unknown (or invisible) user ids → 404, nothing changed. */
export async function setOverseers(ctx: Ctx, path: GrantPath, userIds: number[]) {
  const actor = requireActor(ctx);
  const row = await findGrant(ctx, path);
  authorize(
    actor,
    'set_overseers',
    grantSubject(row),
    'You may not set the overseers of this grant',
  );
  await replaceUserLinks(
    ctx,
    actor,
    {
      entityClass: 'Grant',
      entityId: row.id,
      parent: grants,
      links: grantOverseers,
      where: eq(grantOverseers.grantId, row.id),
      row: (userId) => ({ grantId: row.id, userId }),
      audited: 'overseers',
    },
    userIds,
  );
  const updated = await selectGrant(ctx.db, ctx.actor, row.id);
  return (updated?.overseers ?? []).map((p) => toPerson(ctx.actor, p));
}
