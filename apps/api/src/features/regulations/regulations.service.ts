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
import { keptUntilChange, type Changes, type KeptUntilChange } from '../../http/kept-until-change';
import { conflict, notFound } from '../../http/errors';
import { figuresInEuros } from '../../lib/figures';
import { purgeGrants } from '../../lib/purge';
import { authorize, entityWriter, subjectLoader } from '../../lib/write';
import { findFunder } from '../funders';
import { replaceUserLinks, toPerson } from '../users';
import {
  selectGrantSummaries,
  selectRegulation,
  selectRegulationRead,
  toRelations,
  type GrantSummaryRow,
  type RegulationRead,
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

/** The grants of regulations with the figures of everyone or of the public, by regulation. */
export type KeptGrants = KeptUntilChange<string, GrantSummaryRow[]>;

/** Two views of a thousand regulations; at most 20 000 grants (about 200 bytes each) in all. */
const MAX_KEPT_VIEWS = 2_000;
const MAX_KEPT_GRANTS = 20_000;

/** The store of the GET route's figures; null (keep nothing) where nothing follows changes. */
export const keepGrants = (changes: Changes | null, seconds: number): KeptGrants | null =>
  keptUntilChange(
    changes,
    seconds,
    MAX_KEPT_VIEWS,
    (rows) => Math.max(1, rows.length),
    MAX_KEPT_GRANTS,
  );

/**
 * The regulation's grants with the figures the actor may see. Those of everyone and those of the
 * public are the same for each reader who gets them, and summing the initiatives of a grant is
 * most of the read's work: with `kept` (the GET route's) they are kept until a change. A reader
 * who oversees or owns something under the regulation gets their own, from the database.
 */
async function grantsFor(ctx: Ctx, read: RegulationRead, kept: KeptGrants | null) {
  const actor = read.view === 'public' ? null : ctx.actor;
  if (read.view === null || kept === null) return selectGrantSummaries(ctx.db, actor, read.id);
  const key = `${read.id}:${read.view}`;
  const known = kept.get(key);
  if (known) return known;
  const generation = kept.begin();
  const rows = await selectGrantSummaries(ctx.db, actor, read.id);
  kept.store(key, generation, rows);
  return rows;
}

export async function listRegulations(ctx: Ctx, funderId: number) {
  if (!(await findFunder(ctx.db, funderId))) throw notFound('Funder');
  return ctx.db
    .select({ id: regulations.id, name: regulations.name, description: regulations.description })
    .from(regulations)
    .where(eq(regulations.funderId, funderId))
    .orderBy(asc(sql`lower(${regulations.name})`), asc(regulations.id));
}

/** The regulation with its funder, grants and officers: one statement, two on a figures miss. */
export async function getRegulation(
  ctx: Ctx,
  path: RegulationPath,
  kept: KeptGrants | null = null,
): Promise<Regulation> {
  const read = await selectRegulationRead(ctx.db, ctx.actor, path.regulationId);
  if (!read || !isParent(path.funderId, read.funderId)) throw notFound('Regulation');
  const grantRows = await grantsFor(ctx, read, kept);
  return {
    id: read.id,
    name: read.name,
    description: read.description,
    review_enabled: read.reviewEnabled,
    funder: { id: read.funderId, name: read.funderName },
    grants: grantRows.map((g) => ({
      id: g.id,
      name: g.name,
      reference: g.reference,
      ...figuresInEuros(g),
      initiative_count: g.initiativeCount,
      first_initiative_id: g.firstInitiativeId,
    })),
    grant_officers: read.grantOfficers.map((p) => toPerson(ctx.actor, p)),
    policy_officers: read.policyOfficers.map((p) => toPerson(ctx.actor, p)),
  };
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
  await writes.edit(ctx, actor, row.id, {
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
  return getRegulation(ctx, path);
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
  const read = await selectRegulationRead(ctx.db, ctx.actor, row.id);
  const list = role === 'grant officer' ? read?.grantOfficers : read?.policyOfficers;
  return (list ?? []).map((p) => toPerson(ctx.actor, p));
}
