import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Funder, FunderDetail, funderBody, funderPatch } from '@helder/shared/funders';
import type { Subject } from '@helder/shared/permissions';
import type { Executor } from '../../db/client';
import { funders, grants, regulations } from '../../db/schema';
import { requireActor, type Ctx } from '../../http/context';
import { conflict, notFound } from '../../http/errors';
import { correlated } from '../../lib/initiative-sql';
import { rowPictures } from '../../lib/picture-upload';
import { signedPicture } from '../../lib/pictures';
import { purgeGrants } from '../../lib/purge';
import { entityWriter } from '../../lib/write';

type FunderInput = z.output<typeof funderBody>;
type FunderPatch = z.output<typeof funderPatch>;

/** Funders have no scoped roles: admins manage them, everyone reads (docs/api-rules.md §5). */
const FUNDER = { type: 'Funder' } as const satisfies Subject;
const nameTaken = () => conflict('NAME_TAKEN', 'A funder with this name already exists');
const writes = entityWriter({
  entityClass: 'Funder',
  table: funders,
  onConflict: nameTaken,
});

const funderColumns = {
  id: funders.id,
  name: funders.name,
  url: funders.url,
  logoKey: funders.logoKey,
};
type FunderRow = { id: number; name: string; url: string; logoKey: string | null };

/** The response shape: the logo as signed URLs of its files (docs/api-rules.md §11). */
function toFunder<Row extends FunderRow>(ctx: Ctx, { logoKey, ...row }: Row) {
  return { logo: logoKey ? signedPicture(ctx, logoKey) : null, ...row };
}

export async function findFunder(db: Executor, id: number): Promise<FunderRow | undefined> {
  const [row] = await db.select(funderColumns).from(funders).where(eq(funders.id, id));
  return row;
}

/** entity-access for Funder: without scoped roles, existence is all it needs. */
export async function loadFunderSubject(ctx: Ctx, id: number) {
  return (await findFunder(ctx.db, id)) ? FUNDER : null;
}

async function requireFunder(ctx: Ctx, id: number): Promise<FunderRow> {
  const row = await findFunder(ctx.db, id);
  if (!row) throw notFound('Funder');
  return row;
}

/** Funder names are unique case-insensitively (docs/api-rules.md §9). */
async function funderNameTaken(db: Executor, name: string, exceptId?: number) {
  const [row] = await db
    .select({ id: funders.id })
    .from(funders)
    .where(
      and(
        sql`lower(${funders.name}) = lower(${name})`,
        exceptId === undefined ? undefined : ne(funders.id, exceptId),
      ),
    )
    .limit(1);
  return row !== undefined;
}

export async function listFunders(
  ctx: Ctx,
  page: { offset?: number | undefined; limit?: number | undefined },
): Promise<Funder[]> {
  const rows = await ctx.db
    .select(funderColumns)
    .from(funders)
    .orderBy(asc(sql`lower(${funders.name})`), asc(funders.id))
    .offset(page.offset ?? 0)
    .limit(page.limit ?? 20);
  return rows.map((row) => toFunder(ctx, row));
}

export async function getFunder(ctx: Ctx, id: number): Promise<FunderDetail> {
  const [row] = await ctx.db
    .select({
      ...funderColumns,
      regulations: correlated<FunderDetail['regulations']>(sql`(
        select coalesce(json_agg(json_build_object('id', r.id, 'name', r.name)
          order by lower(r.name), r.id), '[]'::json)
        from ${regulations} r where r.funder_id = ${funders.id})`),
    })
    .from(funders)
    .where(eq(funders.id, id));
  if (!row) throw notFound('Funder');
  return toFunder(ctx, row);
}

export async function createFunder(ctx: Ctx, input: FunderInput): Promise<Funder> {
  const actor = requireActor(ctx);
  const id = await writes.create(ctx, actor, {
    action: 'create',
    subject: FUNDER,
    denied: 'Only administrators can create funders',
    clash: async () => ((await funderNameTaken(ctx.db, input.name)) ? nameTaken() : null),
    values: input,
    audited: input,
  });
  return toFunder(ctx, await requireFunder(ctx, id));
}

export async function updateFunder(ctx: Ctx, id: number, input: FunderPatch): Promise<Funder> {
  const actor = requireActor(ctx);
  const row = await requireFunder(ctx, id);
  const edited = await writes.edit(ctx, actor, id, {
    subject: FUNDER,
    denied: 'Only administrators can edit funders',
    before: { name: row.name, url: row.url },
    input,
    clash: async ({ name }) =>
      name !== undefined && (await funderNameTaken(ctx.db, name, id)) ? nameTaken() : null,
  });
  return toFunder(ctx, edited ? await requireFunder(ctx, id) : row);
}

/**
 * Deletes a funder with its regulations, grants and their officer/overseer links in one
 * transaction (the foreign keys cascade; docs/api-rules.md §10). Manual payments of the initiatives
 * beneath go, bank payments stay unlinked; pictures and attachments go after the commit.
 */
export async function deleteFunder(ctx: Ctx, id: number): Promise<void> {
  const actor = requireActor(ctx);
  const row = await requireFunder(ctx, id);
  await writes.remove(ctx, actor, id, {
    subject: FUNDER,
    denied: 'Only administrators can delete funders',
    audited: { name: row.name, url: row.url },
    beneath: async (tx) => {
      const owned = await tx
        .select({ id: regulations.id })
        .from(regulations)
        .where(eq(regulations.funderId, id))
        .orderBy(regulations.id);
      const ids = owned.map((r) => r.id);
      const purged = await purgeGrants(tx, inArray(grants.regulationId, ids), actor.id);
      const logo = row.logoKey === null ? [] : [row.logoKey];
      return {
        audited: { regulations: ids, grants: purged.grants },
        fileKeys: [...purged.fileKeys, ...logo],
      };
    },
  });
}

/**
 * The funder's logo, stored as a picture under `funders/<id>`: whoever may edit the funder
 * uploads or removes it (docs/api-rules.md §11).
 */
export const { upload: uploadFunderLogo, remove: removeFunderLogo } = rowPictures({
  entityClass: 'Funder',
  table: funders,
  slot: { property: 'logoKey', column: funders.logoKey, audited: 'logo' },
  folder: 'funders',
  find: async (ctx: Ctx, id: number) => ({
    id: (await requireFunder(ctx, id)).id,
    subject: FUNDER,
  }),
  denied: 'Only administrators can edit funders',
});
