/**
 * What keeps statement previews from being abused (docs/api-rules.md §13): one parse per user at
 * a time, and previews that expire, so an abandoned preview does not keep a copy of someone's
 * statement in storage for ever.
 */
import { and, eq, inArray, lt } from 'drizzle-orm';
import { statementImports } from '../../db/schema';
import type { Ctx } from '../../http/context';
import { AppError } from '../../http/errors';

/** A preview may be confirmed for a day; after that the file must be uploaded again. */
const PREVIEW_TTL_MS = 24 * 60 * 60 * 1000;
/** Previews per user in PREVIEW_LIMIT_WINDOW_MS before 429: a person needs far fewer. */
export const PREVIEW_LIMIT = 30;
export const PREVIEW_LIMIT_WINDOW_MS = 10 * 60 * 1000;
/** Expired previews removed per sweep, so one request never carries a long backlog. */
const SWEEP_BATCH = 100;

/** Users whose upload is being parsed on this instance. */
const parsing = new Set<number>();

/**
 * Runs `work` as the user's only parse: a 100 MB file takes a while and much memory, so a second
 * upload meanwhile (another tab, a script) is refused rather than parsed beside it.
 */
export async function oneParseAtATime<T>(userId: number, work: () => Promise<T>): Promise<T> {
  if (parsing.has(userId)) {
    throw new AppError(429, 'RATE_LIMITED', 'Another statement of yours is being read', [
      { field: 'file', code: 'statement_busy', message: 'Wait until the other upload is done' },
    ]);
  }
  parsing.add(userId);
  try {
    return await work();
  } finally {
    parsing.delete(userId);
  }
}

export const previewExpired = (ctx: Ctx, createdAt: Date) =>
  createdAt.getTime() < ctx.clock().getTime() - PREVIEW_TTL_MS;

export const expiredPreview = () =>
  new AppError(422, 'VALIDATION_ERROR', 'Validation failed', [
    {
      field: 'file',
      code: 'statement_preview_expired',
      message: 'The preview is older than a day; upload the file again',
    },
  ]);

/** Removes the given previews' rows, then their stored parses (only rows still in preview). */
export async function dropPreviews(ctx: Ctx, ids: number[]) {
  if (ids.length === 0) return;
  const gone = await ctx.db
    .delete(statementImports)
    .where(and(inArray(statementImports.id, ids), eq(statementImports.status, 'preview')))
    .returning({ key: statementImports.storageKey });
  await ctx.storage.delete(gone.flatMap((g) => (g.key ? [g.key] : [])));
}

/**
 * Removes previews older than a day, of anyone: run on each new preview, so storage holds no
 * abandoned statement much longer than a day while previews are being made at all.
 */
export async function sweepExpiredPreviews(ctx: Ctx) {
  const cutoff = new Date(ctx.clock().getTime() - PREVIEW_TTL_MS);
  const expired = await ctx.db
    .select({ id: statementImports.id })
    .from(statementImports)
    .where(and(eq(statementImports.status, 'preview'), lt(statementImports.createdAt, cutoff)))
    .limit(SWEEP_BATCH);
  await dropPreviews(
    ctx,
    expired.map((e) => e.id),
  );
}
