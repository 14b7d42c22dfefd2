import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Grant, grantBody, grantPatch } from '@helder/shared/grants';
import { centsToEuros, eurosToCents } from '@helder/shared/money';
import { isParent } from '@helder/shared/http';
import { can, editableFields, type Subject } from '@helder/shared/permissions';
import { grantOverseers, grants, initiatives, regulations } from '../../db/schema';
import { requireActor, type Ctx } from '../../http/context';
import { conflict, forbidden, notFound, uniqueViolation } from '../../http/errors';
import { audit, diff } from '../../lib/audit';
import { changedFields } from '../../lib/patch';
import { purgeInitiatives, removeStoredFiles } from '../../lib/purge';

import {
  findRegulation,
  lockVisibleUsers,
  regulationSubject,
  toPerson,
  type RegulationPath,
} from '../regulations';
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

export const grantSubject = (row: Pick<GrantRow, 'roles' | 'isOverseer'>) =>
  ({ type: 'Grant', relations: grantRelations(row) }) satisfies Subject;

async function guardUnique<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (e) {
    const index = uniqueViolation(e);
    if (index !== null) throw taken(conflictCodeOf(index));
    throw e;
  }
}

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

/** The one mapper from a grant row to the response; money in euros (server-rules §8). */
function toGrant(ctx: Ctx, row: GrantRow): Grant {
  return {
    id: row.id,
    name: row.name,
    reference: row.reference,
    budget: centsToEuros(row.budgetCents),
    income: centsToEuros(row.incomeCents),
    expenses: centsToEuros(row.expensesCents),
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
  if (!can(actor, 'create_grant', regulationSubject(regulation))) {
    throw forbidden('Only administrators and grant officers of this regulation can create grants');
  }
  const clash = await grantConflict(ctx.db, { regulationId: regulation.id, ...input });
  if (clash) throw taken(clash);
  const id = await guardUnique(() =>
    ctx.db.transaction(async (tx) => {
      // Share-lock the regulation so that a concurrent delete cannot orphan the insert.
      const [parent] = await tx
        .select({ id: regulations.id })
        .from(regulations)
        .where(eq(regulations.id, regulation.id))
        .for('key share');
      if (!parent) throw notFound('Regulation');
      const [row] = await tx
        .insert(grants)
        .values({
          regulationId: regulation.id,
          name: input.name,
          reference: input.reference,
          budgetCents: eurosToCents(input.budget),
        })
        .returning({ id: grants.id });
      await audit(tx, {
        actorId: actor.id,
        entityClass: 'Grant',
        entityId: row!.id,
        action: 'create',
        changes: diff({}, { regulation_id: regulation.id, ...input }),
      });
      return row!.id;
    }),
  );
  return readGrant(ctx, id);
}

export async function updateGrant(ctx: Ctx, path: GrantPath, input: GrantPatch): Promise<Grant> {
  const actor = requireActor(ctx);
  const row = await findGrant(ctx, path);
  const subject = grantSubject(row);
  if (!can(actor, 'edit', subject)) throw forbidden('You may not edit this grant');
  const before = {
    name: row.name,
    reference: row.reference,
    budget: centsToEuros(row.budgetCents),
  };
  const changes = changedFields(before, input, editableFields(actor, subject));
  if (Object.keys(changes).length === 0) return toGrant(ctx, row);
  const clash = await grantConflict(ctx.db, { regulationId: row.regulationId, ...changes }, row.id);
  if (clash) throw taken(clash);
  await guardUnique(() =>
    ctx.db.transaction(async (tx) => {
      const updated = await tx
        .update(grants)
        .set({
          name: changes.name,
          reference: changes.reference,
          budgetCents: changes.budget === undefined ? undefined : eurosToCents(changes.budget),
        })
        .where(eq(grants.id, row.id))
        .returning({ id: grants.id });
      if (updated.length === 0) throw notFound('Grant');
      await audit(tx, {
        actorId: actor.id,
        entityClass: 'Grant',
        entityId: row.id,
        action: 'update',
        changes: diff(before, changes),
      });
    }),
  );
  return readGrant(ctx, row.id);
}

/**
 * Deletes the grant with its overseer links and initiatives in one transaction; manual payments
 * beneath go, bank payments stay unlinked, files go after the commit (server-rules §10).
 */
export async function deleteGrant(ctx: Ctx, path: GrantPath): Promise<void> {
  const actor = requireActor(ctx);
  const row = await findGrant(ctx, path);
  if (!can(actor, 'delete', grantSubject(row))) throw forbidden('You may not delete this grant');
  const purged = await ctx.db.transaction(async (tx) => {
    const beneath = await purgeInitiatives(tx, eq(initiatives.grantId, row.id));
    const deleted = await tx
      .delete(grants)
      .where(eq(grants.id, row.id))
      .returning({ id: grants.id });
    if (deleted.length === 0) throw notFound('Grant');
    await audit(tx, {
      actorId: actor.id,
      entityClass: 'Grant',
      entityId: row.id,
      action: 'delete',
      changes: diff(
        { name: row.name, reference: row.reference, budget: centsToEuros(row.budgetCents) },
        { name: null, reference: null, budget: null },
      ),
    });
    return beneath;
  });
  await removeStoredFiles(ctx, purged.fileKeys);
}

/** Replaces the grant's overseers; unknown (or invisible) user ids → 404, nothing changed. */
export async function setOverseers(ctx: Ctx, path: GrantPath, userIds: number[]) {
  const actor = requireActor(ctx);
  const row = await findGrant(ctx, path);
  if (!can(actor, 'set_overseers', grantSubject(row))) {
    throw forbidden('You may not set the overseers of this grant');
  }
  const wanted = [...new Set(userIds)];
  await ctx.db.transaction(async (tx) => {
    // Serialises concurrent set calls on this grant and fails cleanly if it was deleted.
    const [locked] = await tx
      .select({ id: grants.id })
      .from(grants)
      .where(eq(grants.id, row.id))
      .for('no key update');
    if (!locked) throw notFound('Grant');
    const found = await lockVisibleUsers(tx, actor, wanted);
    if (found.length !== wanted.length) throw notFound('User');
    const current = await tx
      .delete(grantOverseers)
      .where(eq(grantOverseers.grantId, row.id))
      .returning({ userId: grantOverseers.userId });
    if (wanted.length > 0) {
      await tx.insert(grantOverseers).values(wanted.map((userId) => ({ grantId: row.id, userId })));
    }
    const changes = diff(
      { overseers: current.map((c) => c.userId).sort((a, b) => a - b) },
      { overseers: [...wanted].sort((a, b) => a - b) },
    );
    if (Object.keys(changes).length > 0) {
      await audit(tx, {
        actorId: actor.id,
        entityClass: 'Grant',
        entityId: row.id,
        action: 'update',
        changes,
      });
    }
  });
  const updated = await selectGrant(ctx.db, ctx.actor, row.id);
  return (updated?.overseers ?? []).map((p) => toPerson(ctx.actor, p));
}
