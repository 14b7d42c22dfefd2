import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { isParent } from '@helder/shared/http';
import type { Subject } from '@helder/shared/permissions';
import type {
  OfficerRole,
  Regulation,
  officersBody,
  regulationBody,
  regulationPatch,
} from '@helder/shared/regulations';
import type { Executor } from '../../db/client';
import { funders, grants, regulationOfficers, regulations } from '../../db/schema';
import { requireActor, type Ctx } from '../../http/context';
import { conflict, notFound } from '../../http/errors';
import { figuresInEuros } from '../../lib/figures';
import { purgeGrants } from '../../lib/purge';
import { authorize, entityWriter, subjectLoader } from '../../lib/write';
import { findFunder } from '../funders';
import { replaceUserLinks, toPerson } from '../users';
import {
  selectGrantSummaries,
  selectOfficers,
  selectRegulation,
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
const writes = entityWriter({
  entityClass: 'Regulation',
  table: regulations,
  parent: { entityClass: 'Funder', table: funders },
  onConflict: nameTaken,
});

export const regulationSubject = (row: Pick<RegulationRow, 'roles'>) =>
  ({ type: 'Regulation', relations: toRelations(row.roles) }) satisfies Subject;

/** The regulation at the path with the actor's relations, or 404 (unknown or other funder). */
export async function findRegulation(ctx: Ctx, path: RegulationPath): Promise<RegulationRow> {
  const row = await selectRegulation(ctx.db, ctx.actor, path.regulationId);
  if (!row || !isParent(path.funderId, row.funderId)) throw notFound('Regulation');
  return row;
}

/** entity-access for Regulation: the caller's officer roles, in the row's statement. */
export const loadRegulationSubject = subjectLoader(selectRegulation, regulationSubject);

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
    review_enabled: row.reviewEnabled,
    funder: { id: row.funderId, name: row.funderName },
    grants: grantRows.map((g) => ({
      id: g.id,
      name: g.name,
      reference: g.reference,
      ...figuresInEuros(g),
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
  const id = await writes.create(ctx, actor, {
    action: 'create_regulation',
    subject: { type: 'Funder' },
    denied: 'Only administrators can create regulations',
    clash: async () =>
      (await regulationNameTaken(ctx.db, funderId, input.name)) ? nameTaken() : null,
    parentId: funderId,
    values: {
      funderId,
      name: input.name,
      description: input.description,
      reviewEnabled: input.review_enabled ?? false,
    },
    audited: { funder_id: funderId, ...input, review_enabled: input.review_enabled ?? false },
  });
  return getRegulation(ctx, { funderId, regulationId: id });
}

export async function updateRegulation(
  ctx: Ctx,
  path: RegulationPath,
  input: RegulationPatch,
): Promise<Regulation> {
  const actor = requireActor(ctx);
  const row = await findRegulation(ctx, path);
  const edited = await writes.edit(ctx, actor, row.id, {
    subject: regulationSubject(row),
    denied: 'Only administrators can edit regulations',
    before: { name: row.name, description: row.description, review_enabled: row.reviewEnabled },
    input,
    columns: ({ review_enabled, ...texts }) => ({ ...texts, reviewEnabled: review_enabled }),
    clash: async ({ name }) =>
      name !== undefined && (await regulationNameTaken(ctx.db, row.funderId, name, row.id))
        ? nameTaken()
        : null,
  });
  return edited ? getRegulation(ctx, path) : toRegulation(ctx, row);
}

/**
 * Deletes the regulation, its grants and all their links in one transaction
 * (docs/api-rules.md §10).
 */
export async function deleteRegulation(ctx: Ctx, path: RegulationPath): Promise<void> {
  const actor = requireActor(ctx);
  const row = await findRegulation(ctx, path);
  await writes.remove(ctx, actor, row.id, {
    subject: regulationSubject(row),
    denied: 'Only administrators can delete regulations',
    audited: { name: row.name, description: row.description },
    beneath: async (tx) => {
      const purged = await purgeGrants(tx, eq(grants.regulationId, row.id), actor.id);
      return { audited: { grants: purged.grants }, fileKeys: purged.fileKeys };
    },
  });
}

/**
 * Replaces the set of one officer role (the other role is untouched; a user may hold both).
 * Every id must name a user the caller can see, else 404 and nothing changes
 * (docs/api-rules.md §4).
 */
export async function setOfficers(ctx: Ctx, path: RegulationPath, input: OfficersInput) {
  const actor = requireActor(ctx);
  const row = await findRegulation(ctx, path);
  authorize(actor, 'set_officers', regulationSubject(row), 'Only administrators can set officers');
  const role: OfficerRole = input.role;
  await replaceUserLinks(
    ctx,
    actor,
    {
      entityClass: 'Regulation',
      entityId: row.id,
      parent: regulations,
      links: regulationOfficers,
      where: and(eq(regulationOfficers.regulationId, row.id), eq(regulationOfficers.role, role))!,
      row: (userId) => ({ regulationId: row.id, userId, role }),
      audited: role === 'grant officer' ? 'grant_officers' : 'policy_officers',
    },
    input.user_ids,
  );
  const officers = await selectOfficers(ctx.db, ctx.actor, row.id);
  const list = role === 'grant officer' ? officers.grantOfficers : officers.policyOfficers;
  return list.map((p) => toPerson(ctx.actor, p));
}
