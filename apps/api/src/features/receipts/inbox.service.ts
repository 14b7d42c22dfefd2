/**
 * The receipt inbox (docs/api-rules.md §22): receipts dropped on an initiative, or on the caller's
 * own payments, before they belong to a payment. Each is its uploader's alone; it is read like an
 * attachment and listed with the payments it may belong to.
 */
import { and, asc, count, eq, isNull, type SQL } from 'drizzle-orm';
import { isAdmin, type Actor, type Relation } from '@helder/shared/permissions';
import { MAX_INBOX_RECEIPTS, type InboxReceipt } from '@helder/shared/receipts';
import { receiptInbox } from '../../db/schema';
import { requireActor, type Ctx } from '../../http/context';
import { forbidden, invalid, notFound } from '../../http/errors';
import type { Upload } from '../../http/uploads';
import { signFileUrl } from '../../lib/file-urls';
import { pictureUrls, removeStoredFiles } from '../../lib/pictures';
import { findInitiative } from '../initiatives';
import { storeReceipts } from '../payments';
import { candidatesFor, rank } from './inbox.match';
import { toReading } from './receipts.service';

/** Who may edit some payment of the initiative may drop receipts on it (docs/api-rules.md §22). */
const DROPPERS: Relation[] = [
  'grant_officer',
  'overseer',
  'initiative_owner',
  'any_activity_owner',
];

/** 404 when the initiative is hidden from the caller, 403 when they may edit none of its payments. */
async function assertMayDrop(ctx: Ctx, actor: Actor, initiativeId: number | undefined) {
  if (initiativeId === undefined) return;
  const { subject } = await findInitiative(ctx, initiativeId);
  if (!isAdmin(actor) && !DROPPERS.some((r) => subject.relations.includes(r))) {
    throw forbidden('You may not add receipts to this initiative');
  }
}

const inScope = (actor: Actor, initiativeId: number | undefined): SQL =>
  and(
    eq(receiptInbox.uploadedBy, actor.id),
    initiativeId === undefined
      ? isNull(receiptInbox.initiativeId)
      : eq(receiptInbox.initiativeId, initiativeId),
  )!;

/** The caller's unmatched receipts of the scope, oldest first, with readings and candidates. */
export async function listInbox(
  ctx: Ctx,
  initiativeId: number | undefined,
): Promise<{ receipts: InboxReceipt[] }> {
  const actor = requireActor(ctx);
  await assertMayDrop(ctx, actor, initiativeId);
  const rows = await ctx.db
    .select()
    .from(receiptInbox)
    .where(inScope(actor, initiativeId))
    .orderBy(asc(receiptInbox.id))
    .limit(MAX_INBOX_RECEIPTS);
  const found = await candidatesFor(
    ctx.db,
    actor,
    rows.filter((r) => r.status === 'done').map((r) => r.id),
  );
  const now = ctx.clock();
  const sign = (key: string) => signFileUrl(ctx.fileBase, ctx.config.secretKey, key, now);
  return {
    receipts: rows.map((row) => {
      const { candidates, proposed } = rank(found.get(row.id) ?? []);
      return {
        id: row.id,
        initiative_id: row.initiativeId,
        created_at: row.createdAt.toISOString(),
        file: { id: row.id, ...pictureUrls(row.storageKey, sign) },
        reading: row.status ? toReading({ ...row, status: row.status }) : null,
        proposed_payment_id: proposed,
        candidates,
      };
    }),
  };
}

/**
 * Drops receipts in the inbox: sniffed and size-checked like attachments (docs/api-rules.md §11)
 * before any is stored, so one bad file refuses the lot. Returns the new rows' ids.
 */
export async function addToInbox(
  ctx: Ctx,
  initiativeId: number | undefined,
  files: Upload[],
): Promise<number[]> {
  const actor = requireActor(ctx);
  await assertMayDrop(ctx, actor, initiativeId);
  const uploads = files.filter((f) => f.fieldname === 'files');
  if (uploads.length === 0) {
    throw invalid('files', 'required', 'Send the files in the multipart field "files"');
  }
  const [held] = await ctx.db
    .select({ n: count() })
    .from(receiptInbox)
    .where(inScope(actor, initiativeId));
  if ((held?.n ?? 0) + uploads.length > MAX_INBOX_RECEIPTS) {
    throw invalid('files', 'inbox_full', `At most ${MAX_INBOX_RECEIPTS} unmatched receipts`);
  }
  const keys = await storeReceipts(ctx, `receipts/${actor.id}`, uploads);
  try {
    const rows = await ctx.db
      .insert(receiptInbox)
      .values(
        keys.map((storageKey) => ({
          initiativeId: initiativeId ?? null,
          uploadedBy: actor.id,
          storageKey,
        })),
      )
      .returning({ id: receiptInbox.id });
    return rows.map((r) => r.id);
  } catch (e) {
    await removeStoredFiles(ctx, keys);
    throw e;
  }
}

/**
 * Removes one of the caller's unmatched receipts; its files go after the commit. The inbox is
 * the uploader's draft: nothing in it is audited until it goes to a payment.
 */
export async function removeFromInbox(ctx: Ctx, receiptId: number) {
  const actor = requireActor(ctx);
  const [gone] = await ctx.db
    .delete(receiptInbox)
    .where(and(eq(receiptInbox.id, receiptId), eq(receiptInbox.uploadedBy, actor.id)))
    .returning({ key: receiptInbox.storageKey });
  if (!gone) throw notFound('Receipt');
  await removeStoredFiles(ctx, [gone.key]);
}
