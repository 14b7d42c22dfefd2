/**
 * The stored parses of statement files (stored-statement.ts) as the imports hold them: kept for
 * the confirm, taken over by a later upload of the same file, forgotten with their account.
 */
import { randomBytes } from 'node:crypto';
import { and, desc, eq, inArray, isNotNull, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { payments, statementImports } from '../../db/schema';
import type { Ctx } from '../../http/context';
import type { CsvMapping } from '@helder/shared/bank-accounts';
import { summarize } from './stored-statement';

/**
 * Forgets the stored parses of the imports that `which` selects and returns their storage keys,
 * for removal after the commit: a revoked or deleted account, or a deleted user, leaves no copy
 * of their statements behind.
 */
async function forgetParses(tx: Executor, which: SQL | undefined): Promise<string[]> {
  const rows = await tx
    .select({ id: statementImports.id, key: statementImports.storageKey })
    .from(statementImports)
    .where(and(isNotNull(statementImports.storageKey), which));
  if (rows.length === 0) return [];
  await tx
    .update(statementImports)
    .set({ storageKey: null })
    .where(
      inArray(
        statementImports.id,
        rows.map((r) => r.id),
      ),
    );
  return rows.flatMap((r) => (r.key ? [r.key] : []));
}

/** The account's imports, including those of a file with several accounts that touched it. */
export const forgetAccountParses = (tx: Executor, accountId: number) =>
  forgetParses(
    tx,
    or(
      eq(statementImports.bankAccountId, accountId),
      inArray(
        statementImports.id,
        tx
          .selectDistinct({ id: payments.statementImportId })
          .from(payments)
          .where(eq(payments.bankAccountId, accountId)),
      ),
    ),
  );

export const forgetUserParses = (tx: Executor, userId: number) =>
  forgetParses(tx, eq(statementImports.userId, userId));

/**
 * The parse kept by the caller's last import of this very file read with this mapping, when
 * there is one: importing a file again (the usual slip) then costs no parse at all.
 */
export async function earlierParse(
  ctx: Ctx,
  userId: number,
  sha256: string,
  mapping: CsvMapping | null,
) {
  const [earlier] = await ctx.db
    .select({ id: statementImports.id, storageKey: statementImports.storageKey })
    .from(statementImports)
    .where(
      and(
        eq(statementImports.userId, userId),
        eq(statementImports.sha256, sha256),
        eq(statementImports.status, 'imported'),
        isNotNull(statementImports.storageKey),
        sql`${statementImports.csvMapping} is not distinct from ${mapping === null ? null : JSON.stringify(mapping)}::jsonb`,
      ),
    )
    .orderBy(desc(statementImports.id))
    .limit(1);
  const data = earlier?.storageKey ? await ctx.storage.get(earlier.storageKey) : null;
  const summary = data ? await summarize(data) : null;
  return summary && earlier?.storageKey
    ? { id: earlier.id, key: earlier.storageKey, summary }
    : null;
}

type PreviewValues = Omit<typeof statementImports.$inferInsert, 'storageKey'>;
const previewColumns = { id: statementImports.id, fileName: statementImports.fileName };

/** A new preview row with the parse stored beside it; the stored parse goes if the row fails. */
export async function keepParse(ctx: Ctx, stored: Buffer, values: PreviewValues) {
  const storageKey = `statements/${randomBytes(12).toString('hex')}`;
  await ctx.storage.put(storageKey, stored, 'application/gzip');
  try {
    const [row] = await ctx.db
      .insert(statementImports)
      .values({ ...values, storageKey })
      .returning(previewColumns);
    return row!;
  } catch (e) {
    await ctx.storage.delete([storageKey]);
    throw e;
  }
}

/** A new preview row that takes the earlier import's stored parse over, in one transaction. */
export async function adoptParse(
  ctx: Ctx,
  earlier: { id: number; key: string },
  values: PreviewValues,
) {
  return ctx.db.transaction(async (tx) => {
    await tx
      .update(statementImports)
      .set({ storageKey: null })
      .where(eq(statementImports.id, earlier.id));
    const [row] = await tx
      .insert(statementImports)
      .values({ ...values, storageKey: earlier.key })
      .returning(previewColumns);
    return row!;
  });
}
