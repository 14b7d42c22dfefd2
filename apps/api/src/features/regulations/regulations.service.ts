import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { centsToEuros } from '@helder/shared/money';
import { isParent } from '@helder/shared/http';
import { can, editableFields, type Subject } from '@helder/shared/permissions';
import type {
  OfficerRole,
  Regulation,
  officersBody,
  regulationBody,
  regulationPatch,
} from '@helder/shared/regulations';
import type { Executor } from '../../db/client';
import { funders, grants, initiatives, regulationOfficers, regulations } from '../../db/schema';
import { requireActor, type Ctx } from '../../http/context';
import { conflict, forbidden, notFound, uniqueViolation } from '../../http/errors';
import { audit, diff } from '../../lib/audit';
import { changedFields } from '../../lib/patch';
import { purgeInitiatives, removeStoredFiles } from '../../lib/purge';

import { findFunder } from '../funders';
import {
  lockVisibleUsers,
  selectGrantSummaries,
  selectOfficers,
  selectRegulation,
  toPerson,
  toRelations,
  type RegulationRow,
} from './regulations.queries';

type RegulationInput = z.output<typeof regulationBody>;
type RegulationPatch = z.output<typeof regulationPatch>;
type OfficersInput = z.output<typeof officersBody>;
/** `/funder/:funderId/regulation/:regulationId`: the regulation must belong to that funder. */
export interface RegulationPath {
  funderId: number;
  regulationId: number;
}

const nameTaken = () =>
  conflict('NAME_TAKEN', 'This funder already has a regulation with this name');

export const regulationSubject = (row: Pick<RegulationRow, 'roles'>) =>
  ({ type: 'Regulation', relations: toRelations(row.roles) }) satisfies Subject;

/** The regulation at the path with the actor's relations, or 404 (unknown or other funder). */
export async function findRegulation(ctx: Ctx, path: RegulationPath): Promise<RegulationRow> {
  const row = await selectRegulation(ctx.db, ctx.actor, path.regulationId);
  if (!row || !isParent(path.funderId, row.funderId)) throw notFound('Regulation');
  return row;
}

async function regulationNameTaken(db: Executor, funderId: number, name: string, except?: number) {
  const [row] = await db
    .select({ id: regulations.id })
    .from(regulations)
    .where(
      and(
        eq(regulations.funderId, funderId),
        sql`lower(${regulations.name}) = lower(${name})`,
        except === undefined ? undefined : ne(regulations.id, except),
      ),
    )
    .limit(1);
  return row !== undefined;
}

async function guardUnique<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (e) {
    if (uniqueViolation(e) !== null) throw nameTaken();
    throw e;
  }
}

/** The response: regulation, funder, grants and both officer lists in three statements. */
async function toRegulation(ctx: Ctx, row: RegulationRow): Promise<Regulation> {
  const [grantRows, officers] = await Promise.all([
    selectGrantSummaries(ctx.db, ctx.actor, row.id),
    selectOfficers(ctx.db, ctx.actor, row.id),
  ]);
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    funder: { id: row.funderId, name: row.funderName },
    grants: grantRows.map((g) => ({
      id: g.id,
      name: g.name,
      reference: g.reference,
      budget: centsToEuros(g.budgetCents),
      income: centsToEuros(g.incomeCents),
      expenses: centsToEuros(g.expensesCents),
      initiative_count: g.initiativeCount,
      first_initiative_id: g.firstInitiativeId,
    })),
    grant_officers: officers.grantOfficers.map((p) => toPerson(ctx.actor, p)),
    policy_officers: officers.policyOfficers.map((p) => toPerson(ctx.actor, p)),
  };
}

export async function listRegulations(ctx: Ctx, funderId: number) {
  if (!(await findFunder(ctx.db, funderId))) throw notFound('Funder');
  return ctx.db
    .select({ id: regulations.id, name: regulations.name, description: regulations.description })
    .from(regulations)
    .where(eq(regulations.funderId, funderId))
    .orderBy(asc(sql`lower(${regulations.name})`), asc(regulations.id));
}

export async function getRegulation(ctx: Ctx, path: RegulationPath): Promise<Regulation> {
  return toRegulation(ctx, await findRegulation(ctx, path));
}

export async function createRegulation(
  ctx: Ctx,
  funderId: number,
  input: RegulationInput,
): Promise<Regulation> {
  const actor = requireActor(ctx);
  if (!(await findFunder(ctx.db, funderId))) throw notFound('Funder');
  if (!can(actor, 'create_regulation', { type: 'Funder' })) {
    throw forbidden('Only administrators can create regulations');
  }
  if (await regulationNameTaken(ctx.db, funderId, input.name)) throw nameTaken();
  const id = await guardUnique(() =>
    ctx.db.transaction(async (tx) => {
      // Share-lock the funder so that a concurrent delete cannot orphan the insert.
      const [funder] = await tx
        .select({ id: funders.id })
        .from(funders)
        .where(eq(funders.id, funderId))
        .for('key share');
      if (!funder) throw notFound('Funder');
      const [row] = await tx
        .insert(regulations)
        .values({ funderId, ...input })
        .returning({ id: regulations.id });
      await audit(tx, {
        actorId: actor.id,
        entityClass: 'Regulation',
        entityId: row!.id,
        action: 'create',
        changes: diff({}, { funder_id: funderId, ...input }),
      });
      return row!.id;
    }),
  );
  return getRegulation(ctx, { funderId, regulationId: id });
}

export async function updateRegulation(
  ctx: Ctx,
  path: RegulationPath,
  input: RegulationPatch,
): Promise<Regulation> {
  const actor = requireActor(ctx);
  const row = await findRegulation(ctx, path);
  const subject = regulationSubject(row);
  if (!can(actor, 'edit', subject)) throw forbidden('Only administrators can edit regulations');
  const before = { name: row.name, description: row.description };
  const changes = changedFields(before, input, editableFields(actor, subject));
  if (Object.keys(changes).length === 0) return toRegulation(ctx, row);
  if (
    changes.name !== undefined &&
    (await regulationNameTaken(ctx.db, row.funderId, changes.name, row.id))
  ) {
    throw nameTaken();
  }
  await guardUnique(() =>
    ctx.db.transaction(async (tx) => {
      const updated = await tx
        .update(regulations)
        .set(changes)
        .where(eq(regulations.id, row.id))
        .returning({ id: regulations.id });
      if (updated.length === 0) throw notFound('Regulation');
      await audit(tx, {
        actorId: actor.id,
        entityClass: 'Regulation',
        entityId: row.id,
        action: 'update',
        changes: diff(before, changes),
      });
    }),
  );
  return getRegulation(ctx, path);
}

/** Deletes the regulation, its grants and all their links in one transaction (§10). */
export async function deleteRegulation(ctx: Ctx, path: RegulationPath): Promise<void> {
  const actor = requireActor(ctx);
  const row = await findRegulation(ctx, path);
  if (!can(actor, 'delete', regulationSubject(row))) {
    throw forbidden('Only administrators can delete regulations');
  }
  const purged = await ctx.db.transaction(async (tx) => {
    const beneath = await purgeInitiatives(
      tx,
      inArray(
        initiatives.grantId,
        tx.select({ id: grants.id }).from(grants).where(eq(grants.regulationId, row.id)),
      ),
    );
    const gone = await tx
      .delete(grants)
      .where(eq(grants.regulationId, row.id))
      .returning({ id: grants.id });
    const deleted = await tx
      .delete(regulations)
      .where(eq(regulations.id, row.id))
      .returning({ id: regulations.id });
    if (deleted.length === 0) throw notFound('Regulation');
    await audit(tx, {
      actorId: actor.id,
      entityClass: 'Regulation',
      entityId: row.id,
      action: 'delete',
      changes: diff(
        { name: row.name, description: row.description, grants: gone.map((g) => g.id) },
        { name: null, description: null, grants: [] },
      ),
    });
    return beneath;
  });
  await removeStoredFiles(ctx, purged.fileKeys);
}

/**
 * Replaces the set of one officer role (the other role is untouched; a user may hold both).
 * Every id must name a user the caller can see, else 404 and nothing changes (server-rules §4).
 */
export async function setOfficers(ctx: Ctx, path: RegulationPath, input: OfficersInput) {
  const actor = requireActor(ctx);
  const row = await findRegulation(ctx, path);
  if (!can(actor, 'set_officers', regulationSubject(row))) {
    throw forbidden('Only administrators can set officers');
  }
  const wanted = [...new Set(input.user_ids)];
  const role: OfficerRole = input.role;
  await ctx.db.transaction(async (tx) => {
    // Serialises concurrent set calls on this regulation and fails cleanly if it was deleted.
    const [locked] = await tx
      .select({ id: regulations.id })
      .from(regulations)
      .where(eq(regulations.id, row.id))
      .for('no key update');
    if (!locked) throw notFound('Regulation');
    const found = await lockVisibleUsers(tx, actor, wanted);
    if (found.length !== wanted.length) throw notFound('User');
    const current = await tx
      .delete(regulationOfficers)
      .where(and(eq(regulationOfficers.regulationId, row.id), eq(regulationOfficers.role, role)))
      .returning({ userId: regulationOfficers.userId });
    if (wanted.length > 0) {
      await tx
        .insert(regulationOfficers)
        .values(wanted.map((userId) => ({ regulationId: row.id, userId, role })));
    }
    const from = current.map((c) => c.userId).sort((a, b) => a - b);
    const to = [...wanted].sort((a, b) => a - b);
    const field = role === 'grant officer' ? 'grant_officers' : 'policy_officers';
    const changes = diff({ [field]: from }, { [field]: to });
    if (Object.keys(changes).length > 0) {
      await audit(tx, {
        actorId: actor.id,
        entityClass: 'Regulation',
        entityId: row.id,
        action: 'update',
        changes,
      });
    }
  });
  const officers = await selectOfficers(ctx.db, ctx.actor, row.id);
  const list = role === 'grant officer' ? officers.grantOfficers : officers.policyOfficers;
  return list.map((p) => toPerson(ctx.actor, p));
}
