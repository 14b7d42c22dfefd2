import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  Initiative,
  InitiativeListItem,
  initiativeBody,
  initiativePatch,
  initiativesQuery,
} from '@helder/shared/initiatives';
import { centsToEuros, eurosToCents } from '@helder/shared/money';
import { grants, initiatives } from '../../db/schema';
import { requireActor, type Ctx } from '../../http/context';
import { conflict, unauthenticated } from '../../http/errors';
import { figuresInEuros } from '../../lib/figures';
import { purgeInitiatives } from '../../lib/purge';
import { entityWriter, readable, subjectLoader } from '../../lib/write';
import { findGrant, grantSubject, type GrantPath } from '../grants';
import { signedPicture } from '../../lib/pictures';
import {
  initiativeNameTaken,
  selectInitiative,
  selectInitiativeAccess,
  selectInitiativePage,
  type InitiativeRow,
} from './initiatives.queries';
import { initiativeSubject, toInitiative } from './initiatives.response';

type InitiativeInput = z.output<typeof initiativeBody>;
type InitiativePatch = z.output<typeof initiativePatch>;
type ListQuery = z.output<typeof initiativesQuery>;

const nameTaken = () => conflict('NAME_TAKEN', 'An initiative with this name already exists');
const writes = entityWriter({
  entityClass: 'Initiative',
  table: initiatives,
  parent: { entityClass: 'Grant', table: grants },
  onConflict: nameTaken,
});

/** The initiative with the caller's relations, or 404 when unknown or hidden from the caller. */
export async function findInitiative(ctx: Ctx, id: number) {
  return readableInitiative(ctx, await selectInitiativeAccess(ctx.db, ctx.actor, id));
}

/** An initiative's access row (initiativeAccessColumns) as the caller may read it, or 404. */
export const readableInitiative = <R extends Parameters<typeof initiativeSubject>[0]>(
  ctx: Ctx,
  row: R | undefined,
) => readable(ctx.actor, row, initiativeSubject, 'Initiative');

/** entity-access for Initiative: hidden flag and the caller's relations in one statement. */
export const loadInitiativeSubject = subjectLoader(selectInitiativeAccess, initiativeSubject);

async function findDetail(ctx: Ctx, id: number): Promise<InitiativeRow> {
  const row = await selectInitiative(ctx.db, ctx.actor, id);
  return readable(ctx.actor, row, initiativeSubject, 'Initiative');
}

export async function listInitiatives(ctx: Ctx, query: ListQuery): Promise<InitiativeListItem[]> {
  if (query.only_mine && !ctx.actor) throw unauthenticated();
  const rows = await selectInitiativePage(ctx.db, {
    actor: ctx.actor,
    offset: query.offset,
    limit: query.limit,
    name: query.name,
    onlyMine: query.only_mine,
    after: query.after,
  });
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    owner: row.owner,
    ...(row.insider ? { owner_email: row.ownerEmail } : {}),
    hidden: row.hidden,
    ...figuresInEuros(row),
    profile_picture: row.pictureKey ? signedPicture(ctx, row.pictureKey) : null,
  }));
}

export async function getInitiative(ctx: Ctx, id: number): Promise<Initiative> {
  return toInitiative(ctx, await findDetail(ctx, id));
}

/** Creates an initiative under the grant at the path: managers of its regulation only. */
export async function createInitiative(ctx: Ctx, path: GrantPath, input: InitiativeInput) {
  const actor = requireActor(ctx);
  const grant = await findGrant(ctx, path);
  const id = await writes.create(ctx, actor, {
    action: 'create_initiative',
    subject: grantSubject(grant),
    denied: 'Only administrators and grant officers of the regulation create initiatives',
    clash: async () => ((await initiativeNameTaken(ctx.db, input.name)) ? nameTaken() : null),
    parentId: grant.id,
    values: { grantId: grant.id, ...columnsOf(input) },
    audited: { grant_id: grant.id, ...input },
  });
  return toInitiative(ctx, await findDetail(ctx, id));
}

/** API field names → columns (money in cents); test factories insert rows through it too. */
export function columnsOf(input: Partial<InitiativeInput>) {
  return {
    name: input.name,
    description: input.description,
    purpose: input.purpose,
    targetAudience: input.target_audience,
    owner: input.owner,
    ownerEmail: input.owner_email,
    legalEntity: input.legal_entity,
    addressApplicant: input.address_applicant,
    kvkRegistration: input.kvk_registration,
    location: input.location,
    budgetCents: input.budget === undefined ? undefined : eurosToCents(input.budget),
    hidden: input.hidden,
    hiddenSponsors: input.hidden_sponsors,
  } as Omit<typeof initiatives.$inferInsert, 'grantId'>;
}

/** Field-level edit (docs/api-rules.md §5–6): a changed field outside edit-fields is a 403. */
export async function updateInitiative(ctx: Ctx, id: number, input: InitiativePatch) {
  const actor = requireActor(ctx);
  const row = await findDetail(ctx, id);
  const before = {
    name: row.name,
    description: row.description,
    purpose: row.purpose,
    target_audience: row.targetAudience,
    owner: row.owner,
    owner_email: row.ownerEmail,
    legal_entity: row.legalEntity,
    address_applicant: row.addressApplicant,
    kvk_registration: row.kvkRegistration,
    location: row.location,
    budget: centsToEuros(row.budgetCents),
    hidden: row.hidden,
    hidden_sponsors: row.hiddenSponsors,
  };
  const edited = await writes.edit(ctx, actor, id, {
    subject: initiativeSubject(row),
    denied: 'You may not edit this initiative',
    before,
    input,
    columns: columnsOf,
    clash: async ({ name }) =>
      name !== undefined && (await initiativeNameTaken(ctx.db, name, id)) ? nameTaken() : null,
  });
  return toInitiative(ctx, edited ? await findDetail(ctx, id) : row);
}

/**
 * Deletes the initiative with its activities, owner links and manual payments in one
 * transaction; bank-imported payments stay, unlinked; files go after the commit
 * (docs/api-rules.md §10).
 */
export async function deleteInitiative(ctx: Ctx, id: number): Promise<void> {
  const actor = requireActor(ctx);
  const row = await findInitiative(ctx, id);
  await writes.remove(ctx, actor, id, {
    subject: row.subject,
    denied: 'You may not delete this initiative',
    audited: { name: row.name },
    beneath: async (tx) => {
      const purged = await purgeInitiatives(tx, eq(initiatives.id, id), actor.id);
      return {
        audited: {
          activities: purged.activities,
          deleted_payments: purged.deletedPayments,
          unlinked_payments: purged.unlinkedPayments,
        },
        fileKeys: purged.fileKeys,
      };
    },
  });
}
