import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { and, eq, sql } from 'drizzle-orm';
import {
  PREVIEW_DUPLICATES_SHOWN,
  type StatementPreview,
  type StatementProgress,
  type StatementResult,
} from '@helder/shared/bank-accounts';
import { centsToEuros } from '@helder/shared/money';
import type { Actor } from '@helder/shared/permissions';
import type { Executor } from '../../db/client';
import { bankAccounts, statementImports } from '../../db/schema';
import { requireActor, type Ctx } from '../../http/context';
import { forbidden, invalid, notFound } from '../../http/errors';
import type { Upload } from '../../http/uploads';
import { write } from '../../lib/write';
import { selectAccount } from './bank-accounts.queries';
import { heldLines, insertStream, storedMatches, type OwnSide } from './import-core';
import { linkTwins } from './statement-twins';
import { Twins } from './twins';
import { importProgress } from './import-progress';
import {
  dropPreviews,
  expiredPreview,
  oneParseAtATime,
  previewExpired,
  sweepExpiredPreviews,
} from './preview-limits';
import { adoptParse, earlierParse, keepParse } from './stored-parses';
import { openStored, StatementRecorder, type AccountSummary } from './stored-statement';
import {
  csvMappingSchema,
  type CsvMapping,
  type InstitutionBic,
} from '@helder/shared/bank-accounts';
import {
  bankFacts,
  createFileAccount,
  refuse,
  resolveTargets,
  type Target,
} from './statement-targets';
import { streamStatementFile } from './statements/parse';
import { StatementError } from './statements/statement';

/** Statement files up to 100 MB (a year of a busy account in CAMT.053 is far less). */
export const MAX_STATEMENT_BYTES = 100 * 1024 * 1024;

/** Only for oneself: an import creates accounts in the caller's name. */
function assertSelf(actor: Actor, userId: number) {
  if (actor.id !== userId) throw forbidden('You may only import statements for yourself');
}

/** Reads the upload once, streaming: the summary for the preview, the stored form for step two. */
async function parse(path: string, mapping: CsvMapping | undefined) {
  const recorder = new StatementRecorder();
  try {
    return recorder.finish(await streamStatementFile(path, mapping, recorder.add));
  } catch (e) {
    if (e instanceof StatementError) throw refuse(e.code, e.message, e.line);
    throw e;
  }
}

async function sha256Of(path: string) {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/**
 * The file's accounts against what they hold: new and already imported lines (the first of
 * those with the payment each is taken for), the balance check over every line of the file.
 */
async function assess(db: Executor, targets: Array<Target & { account: AccountSummary }>) {
  return Promise.all(
    targets.map(async ({ account, accountId, iban }) => {
      const { openingBalanceCents: open, closingBalanceCents: close, lineCount } = account;
      const held = await storedMatches(db, accountId, account, PREVIEW_DUPLICATES_SHOWN);
      const newCount = lineCount - held.total;
      return {
        iban,
        holder_name: account.holderName,
        bank_account_id: accountId,
        first_date: account.firstDate,
        last_date: account.lastDate,
        line_count: lineCount,
        new_count: newCount,
        duplicate_count: lineCount - newCount,
        opening_balance: open === null ? null : centsToEuros(open),
        closing_balance: close === null ? null : centsToEuros(close),
        balance_matches: open === null || close === null ? null : open + account.sumCents === close,
        duplicates: held.shown.map((m) => ({
          payment_id: m.paymentId,
          booking_date: m.bookingDate,
          amount: centsToEuros(m.amountCents),
          counterparty: m.counterparty,
          description: m.description,
        })),
      };
    }),
  );
}

async function chosenAccount(ctx: Ctx, actor: Actor, id: number | undefined) {
  if (id === undefined) return null;
  const row = await selectAccount(ctx.db, actor, id);
  if (!row || row.ownerId !== actor.id || row.isRevoked) throw notFound('Bank account');
  return row;
}

function readMapping(text: string | undefined, saved: unknown): CsvMapping | undefined {
  if (text === undefined) {
    const ok = csvMappingSchema.safeParse(saved);
    return ok.success ? ok.data : undefined;
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw invalid('mapping', 'invalid_json', 'The mapping is not JSON');
  }
  const ok = csvMappingSchema.safeParse(json);
  if (!ok.success) throw invalid('mapping', 'invalid', ok.error.issues[0]?.message ?? 'Invalid');
  return ok.data;
}

/**
 * Step one: read the file and say what importing it would do, changing nothing but a preview
 * row and the parse kept for step two. A refused file leaves the database and storage as they
 * were. One upload of the user's is read at a time; each sweeps the expired previews away.
 */
export async function previewStatement(
  ctx: Ctx,
  userId: number,
  fields: { bank_account_id?: number; mapping?: string },
  files: Upload[],
): Promise<StatementPreview> {
  const actor = requireActor(ctx);
  assertSelf(actor, userId);
  return oneParseAtATime(actor.id, async () => {
    await sweepExpiredPreviews(ctx);
    return makePreview(ctx, userId, fields, files);
  });
}

async function makePreview(
  ctx: Ctx,
  userId: number,
  fields: { bank_account_id?: number; mapping?: string },
  files: Upload[],
): Promise<StatementPreview> {
  const actor = requireActor(ctx);
  assertSelf(actor, userId);
  const file = files.find((f) => f.fieldname === 'file');
  if (!file) throw invalid('file', 'required', 'Send the statement in the multipart field "file"');
  const chosen = await chosenAccount(ctx, actor, fields.bank_account_id);
  const mapping = readMapping(fields.mapping, chosen?.csvMapping);
  const sha256 = await sha256Of(file.path);
  const earlier = await earlierParse(ctx, actor.id, sha256, mapping ?? null);
  const read = earlier ? null : await parse(file.path, mapping);
  const summary = earlier?.summary ?? read!.summary;
  if (summary.accounts.every((a) => a.lineCount === 0) && summary.skipped.length === 0) {
    throw refuse('statement_empty', 'The file holds no transactions');
  }
  const targets = await resolveTargets(ctx.db, actor, summary.accounts, chosen, summary);
  const fetched = await linkTwins(
    ctx.db,
    async () => read?.stored ?? (await ctx.storage.get(earlier!.key)),
    targets.map((t) => ({ accountId: t.accountId, ...t.account })),
  );
  // Lines the bank link fetched already are imported, as the confirm will find.
  const accounts = (await assess(ctx.db, targets)).map((a, i) => ({
    ...a,
    new_count: a.new_count - fetched.copies[i]!,
    duplicate_count: a.duplicate_count + fetched.copies[i]!,
    ...bankFacts(targets[i]!),
  }));
  const newCount = accounts.reduce((n, a) => n + a.new_count, 0);
  const duplicateCount = accounts.reduce((n, a) => n + a.duplicate_count, 0);
  const dates = accounts.flatMap((a) => [a.first_date, a.last_date]).filter(Boolean);
  const values = {
    createdAt: ctx.clock(),
    userId: actor.id,
    bankAccountId: chosen?.id ?? null,
    fileName: file.filename.slice(0, 255) || 'statement',
    sha256,
    format: summary.format,
    flavour: summary.flavour,
    csvMapping: mapping ?? null,
    firstDate: (dates.sort()[0] as string | undefined) ?? null,
    lastDate: (dates.at(-1) as string | undefined) ?? null,
    newCount,
    duplicateCount,
    skippedCount: summary.skipped.length,
  };
  const row = read
    ? await keepParse(ctx, read.stored, values)
    : await adoptParse(ctx, earlier!, values);
  return {
    id: row.id,
    file_name: row.fileName,
    format: summary.format,
    flavour: summary.flavour,
    accounts,
    skipped: summary.skipped.map((s) => ({ line: s.line, reason: s.reason, detail: s.detail })),
    new_count: newCount,
    duplicate_count: duplicateCount,
    skipped_count: summary.skipped.length,
  };
}

async function findPreview(ctx: Ctx, userId: number, importId: number) {
  const actor = requireActor(ctx);
  assertSelf(actor, userId);
  const [row] = await ctx.db
    .select()
    .from(statementImports)
    .where(and(eq(statementImports.id, importId), eq(statementImports.userId, actor.id)));
  if (!row || row.status !== 'preview' || !row.storageKey) throw notFound('Statement preview');
  return { actor, row, storageKey: row.storageKey };
}

/**
 * Step two: the previewed file imported from its stored parse, every account and line of it in
 * one transaction, checked against the accounts as they are now (another import may have come
 * first).
 */
export async function confirmStatement(
  ctx: Ctx,
  userId: number,
  importId: number,
  bank?: InstitutionBic,
): Promise<StatementResult> {
  const { actor, row, storageKey } = await findPreview(ctx, userId, importId);
  if (previewExpired(ctx, row.createdAt)) {
    await dropPreviews(ctx, [importId]);
    throw expiredPreview();
  }
  const data = await ctx.storage.get(storageKey);
  // Gone, or stored by parsers since replaced: the file must be uploaded again.
  const stored = data ? await openStored(data) : null;
  if (!stored) throw notFound('Statement preview');
  const mapping = readMapping(undefined, row.csvMapping);
  const chosen = row.bankAccountId ? await chosenAccount(ctx, actor, row.bankAccountId) : null;
  const now = ctx.clock();
  importProgress.start(importId, actor.id);
  try {
    const result = await write(ctx, actor, {
      run: async (tx) => {
        // One import per user at a time: a double click must not race itself past the checks.
        await tx.execute(
          sql`select pg_advisory_xact_lock(hashtext('helder:statement-import'), ${actor.id})`,
        );
        const [claimed] = await tx
          .update(statementImports)
          .set({ status: 'imported', importedAt: now })
          .where(and(eq(statementImports.id, importId), eq(statementImports.status, 'preview')))
          .returning({ id: statementImports.id });
        if (!claimed) throw notFound('Statement preview');
        const targets = await resolveTargets(tx, actor, stored.summary.accounts, chosen, {
          flavour: stored.summary.flavour,
          bank,
        });
        if (targets.some((t) => bankFacts(t).bank_required)) {
          throw refuse('statement_no_bank', 'Choose the bank of the account numbers in the file');
        }
        const owns: OwnSide[] = [];
        const accountIds: number[] = [];
        for (const target of targets) {
          // An account all of whose lines were skipped is not created: it would stay empty.
          const accountId =
            target.accountId ??
            (target.account.lineCount > 0 ? await createFileAccount(tx, actor, target, now) : null);
          // Without an account there are no lines for it either: its side is never read.
          owns.push({
            accountId: accountId ?? 0,
            iban: target.iban,
            holderName: target.account.holderName,
            importId,
          });
          if (accountId === null) continue;
          accountIds.push(accountId);
          await tx
            .update(bankAccounts)
            .set({ lastSyncedAt: now, ...(mapping ? { csvMapping: mapping } : {}) })
            .where(eq(bankAccounts.id, accountId));
        }
        const lines = targets.reduce((n, t) => n + t.account.lineCount, 0);
        importProgress.total(importId, lines);
        const wanted: boolean[] = [];
        const skip: Array<Set<number>> = [];
        const twins: Array<Twins | null> = [];
        for (const [i, own] of owns.entries()) {
          const { account, accountId } = targets[i]!;
          const held = await heldLines(tx, own.accountId, account);
          wanted.push(held.total < account.lineCount);
          skip.push(held.claimed);
          // An account linked through the bank holds these days already as the link fetched them.
          const { firstDate, lastDate } = account;
          twins.push(
            accountId !== null && firstDate !== null && lastDate !== null
              ? await Twins.load(tx, accountId, 'link', firstDate, lastDate)
              : null,
          );
        }
        const progress = (n: number) => importProgress.advance(importId, n);
        let added = 0;
        if (wanted.some(Boolean)) {
          added = await insertStream(tx, owns, stored.lines(), wanted, skip, progress, twins);
        } else {
          // A file imported before has nothing new: its lines need not even be read.
          stored.close();
          progress(lines);
        }
        await tx
          .update(statementImports)
          .set({
            newCount: added,
            duplicateCount: lines - added,
            skippedCount: stored.summary.skipped.length,
            bankAccountId: accountIds[0] ?? null,
          })
          .where(eq(statementImports.id, importId));
        const unsure = twins.reduce((n, twin) => n + (twin?.unsure ?? 0), 0);
        return { added, lines, accountIds, unsure };
      },
      audit: (done) => ({
        entityClass: 'BankAccount',
        entityId: done.accountIds[0] ?? 0,
        action: 'update',
        changes: { imported_payments: { from: null, to: done.added } },
      }),
    });
    return {
      id: importId,
      new_count: result.added,
      duplicate_count: result.lines - result.added,
      skipped_count: stored.summary.skipped.length,
      possible_duplicate_count: result.unsure,
      bank_account_ids: result.accountIds,
    };
  } finally {
    importProgress.finish(importId);
  }
}

/** Where an import stands: running here (with its count so far), or as the database has it. */
export async function statementProgress(
  ctx: Ctx,
  userId: number,
  importId: number,
): Promise<StatementProgress> {
  const actor = requireActor(ctx);
  assertSelf(actor, userId);
  const live = importProgress.of(importId, actor.id);
  if (live) {
    return { id: importId, status: 'importing', line_count: live.total, done_count: live.done };
  }
  const [row] = await ctx.db
    .select({
      status: statementImports.status,
      lines: sql<number>`${statementImports.newCount} + ${statementImports.duplicateCount}`,
    })
    .from(statementImports)
    .where(and(eq(statementImports.id, importId), eq(statementImports.userId, actor.id)));
  if (!row) throw notFound('Statement import');
  const done = row.status === 'imported' ? row.lines : 0;
  return { id: importId, status: row.status, line_count: row.lines, done_count: done };
}

/** Drops a preview and its stored parse. */
export async function cancelStatement(ctx: Ctx, userId: number, importId: number) {
  const { storageKey } = await findPreview(ctx, userId, importId);
  await ctx.db.delete(statementImports).where(eq(statementImports.id, importId));
  await ctx.storage.delete([storageKey]);
}
