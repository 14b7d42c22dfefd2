import { and, eq } from 'drizzle-orm';
import type { Attachment } from '@helder/shared/media';
import type { Executor } from '../../db/client';
import { paymentAttachments, payments } from '../../db/schema';
import { requireActor, type Ctx } from '../../http/context';
import { invalid, notFound, unsupportedMediaType } from '../../http/errors';
import { sniff, type Upload } from '../../http/uploads';
import { signFileUrl } from '../../lib/file-urls';
import {
  headerPixels,
  MAX_ATTACHMENT_PIXELS,
  pictureUrls,
  removeStoredFiles,
  storeFile,
} from '../../lib/pictures';
import { authorize, write } from '../../lib/write';
import { answerRejection, assertNotLocked } from './payments.review-state';
import { findPayment } from './payments.service';

/** Receipts are pdf, png or jpeg, judged from their bytes (docs/api-rules.md §11). */
const ATTACHMENT_TYPES = ['application/pdf', 'image/png', 'image/jpeg'] as const;
/** Files one request may add. */
export const MAX_ATTACHMENTS_PER_REQUEST = 10;

/**
 * A receipt photo is judged by its header before anything is stored: unreadable is 415, over
 * 100 megapixels 422 (docs/api-rules.md §11).
 */
async function assertImageSize(path: string) {
  const pixels = await headerPixels(path);
  if (pixels === 0) throw unsupportedMediaType(ATTACHMENT_TYPES.join(', '));
  if (pixels > MAX_ATTACHMENT_PIXELS) {
    const limit = MAX_ATTACHMENT_PIXELS / 1_000_000;
    throw invalid('files', 'too_many_pixels', `The image is larger than ${limit} megapixels`);
  }
}

/**
 * Holds the payment for the rest of `tx` (key share): a concurrent delete waits, so no
 * attachment is written for a payment that is gone; 404 when it is gone already.
 */
export async function lockPayment(tx: Executor, paymentId: number) {
  const [locked] = await tx
    .select({ id: payments.id })
    .from(payments)
    .where(eq(payments.id, paymentId))
    .for('key share');
  if (!locked) throw notFound('Payment');
}

/**
 * Checks each upload by its content (a picture or a PDF; a picture within its pixel limit) and
 * stores them all under `folder`; when one fails, those already stored are removed again.
 */
export async function storeReceipts(ctx: Ctx, folder: string, uploads: Upload[]) {
  const types: Array<(typeof ATTACHMENT_TYPES)[number]> = [];
  for (const file of uploads) {
    const type = await sniff(file, ATTACHMENT_TYPES);
    if (type !== 'application/pdf') await assertImageSize(file.path);
    types.push(type);
  }
  const keys: string[] = [];
  try {
    for (const [i, file] of uploads.entries()) {
      keys.push(await storeFile(ctx.storage, folder, file.path, types[i]!, MAX_ATTACHMENT_PIXELS));
    }
    return keys;
  } catch (e) {
    await removeStoredFiles(ctx, keys);
    throw e;
  }
}

/**
 * Adds receipts to a payment (edit permission). Every file is sniffed before any is stored, so a
 * bad one refuses the lot; stored files whose rows do not commit are removed again.
 */
export async function addAttachments(ctx: Ctx, paymentId: number, files: Upload[]) {
  const actor = requireActor(ctx);
  const row = await findPayment(ctx, paymentId);
  authorize(actor, 'edit', row.subject, 'You may not add attachments to this payment');
  const uploads = files.filter((f) => f.fieldname === 'files');
  if (uploads.length === 0) {
    throw invalid('files', 'required', 'Send the files in the multipart field "files"');
  }
  const keys = await storeReceipts(ctx, `payments/${paymentId}`, uploads);
  try {
    const added = await write(ctx, actor, {
      run: async (tx) => {
        await lockPayment(tx, paymentId);
        // A receipt is an answer to a rejection (docs/api-rules.md §20).
        await answerRejection(tx, actor.id, paymentId);
        return tx
          .insert(paymentAttachments)
          .values(keys.map((storageKey) => ({ paymentId, storageKey })))
          .returning({ id: paymentAttachments.id, key: paymentAttachments.storageKey });
      },
      audit: (rows) => ({
        entityClass: 'Payment',
        entityId: paymentId,
        action: 'update',
        changes: { attachments: { from: null, to: rows.map((r) => r.id) } },
      }),
    });
    const now = ctx.clock();
    const sign = (key: string) => signFileUrl(ctx.fileBase, ctx.config.secretKey, key, now);
    const attachments: Attachment[] = added.map((a) => ({ id: a.id, ...pictureUrls(a.key, sign) }));
    return { attachments };
  } catch (e) {
    await removeStoredFiles(ctx, keys);
    throw e;
  }
}

/** Removes one receipt (edit permission); its files go after the commit. */
export async function removeAttachment(ctx: Ctx, paymentId: number, attachmentId: number) {
  const actor = requireActor(ctx);
  const row = await findPayment(ctx, paymentId);
  authorize(actor, 'edit', row.subject, 'You may not remove attachments of this payment');
  assertNotLocked(actor, row.subject);
  await write(ctx, actor, {
    run: async (tx) => {
      const [gone] = await tx
        .delete(paymentAttachments)
        .where(
          and(eq(paymentAttachments.id, attachmentId), eq(paymentAttachments.paymentId, paymentId)),
        )
        .returning({ key: paymentAttachments.storageKey });
      if (!gone) throw notFound('Attachment');
      return gone.key;
    },
    audit: () => ({
      entityClass: 'Payment',
      entityId: paymentId,
      action: 'update',
      changes: { attachments: { from: attachmentId, to: null } },
    }),
    files: (key) => [key],
  });
}
