/**
 * Reading receipts on the job queue (docs/api-rules.md §19): an added attachment gets a queued
 * reading, and one worker per instance reads it, so the upload never waits for the OCR.
 */
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Executor } from '../../db/client';
import { paymentAttachments, receiptReadings } from '../../db/schema';
import type { Jobs } from '../../jobs/queue';
import type { Storage } from '../../lib/storage';
import { UnreadableReceipt } from './receipt-ocr';
import { receiptReader, type ReaderOptions, type ReceiptReader } from './receipt-reader';

const READ_QUEUE = 'receipt-read';
/** A read whose process died is tried again after this long. */
const READ_EXPIRE_SECONDS = 5 * 60;

interface ReadJob {
  attachmentId: number;
}

export interface ReceiptReadings {
  /** Queues a reading of each attachment; its status is 'queued' until the job is done. */
  queue(attachmentIds: number[]): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Null without a job queue: receipts are then stored but not read. */
    receiptReadings: ReceiptReadings | null;
  }
}

export interface ReadingDeps {
  db: Executor;
  storage: Storage;
  log: FastifyBaseLogger;
  jobs: Jobs;
  reader?: ReaderOptions;
}

/** Reads one stored receipt and keeps the outcome; a receipt removed meanwhile is skipped. */
async function readReceipt(
  { db, storage, log }: Omit<ReadingDeps, 'jobs'>,
  reader: ReceiptReader,
  attachmentId: number,
) {
  const [attachment] = await db
    .select({ key: paymentAttachments.storageKey })
    .from(paymentAttachments)
    .where(eq(paymentAttachments.id, attachmentId));
  const bytes = attachment && (await storage.get(attachment.key));
  if (!attachment || !bytes) return;
  const type = attachment.key.endsWith('.pdf') ? 'application/pdf' : 'image';
  let outcome: Partial<typeof receiptReadings.$inferInsert>;
  try {
    outcome = { status: 'done', fields: await reader.read(bytes, type), error: null };
  } catch (err) {
    if (!(err instanceof UnreadableReceipt))
      log.error({ err, attachmentId }, 'receipt read failed');
    // A failure the reader did not foresee would fail again: stored, not retried.
    const error = err instanceof UnreadableReceipt ? err.reason : 'failed';
    outcome = { status: 'failed', fields: null, error };
  }
  await db
    .update(receiptReadings)
    .set({ ...outcome, updatedAt: new Date() })
    .where(eq(receiptReadings.attachmentId, attachmentId));
}

/** Starts the reading worker (one read at a time: the OCR is CPU-bound) and returns the queue. */
export async function startReceiptReading(
  deps: ReadingDeps,
): Promise<ReceiptReadings & { close(): Promise<void> }> {
  const { db, jobs } = deps;
  const reader = receiptReader(deps.reader);
  await jobs.work<ReadJob>(
    READ_QUEUE,
    ({ attachmentId }) => readReceipt(deps, reader, attachmentId),
    {
      concurrency: 1,
    },
  );
  return {
    async queue(attachmentIds) {
      if (attachmentIds.length === 0) return;
      await db
        .insert(receiptReadings)
        .values(attachmentIds.map((attachmentId) => ({ attachmentId, status: 'queued' as const })))
        .onConflictDoNothing();
      for (const attachmentId of attachmentIds) {
        await jobs.send<ReadJob>(
          READ_QUEUE,
          { attachmentId },
          {
            singletonKey: String(attachmentId),
            retryLimit: 1,
            expireInSeconds: READ_EXPIRE_SECONDS,
          },
        );
      }
    },
    close: () => reader.close(),
  };
}
