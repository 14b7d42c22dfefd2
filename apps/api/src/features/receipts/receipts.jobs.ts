/**
 * Reading receipts on the job queue (docs/api-rules.md §19): an added attachment gets a queued
 * reading, and one worker per instance reads it, so the upload never waits for the OCR. A
 * receipt of the inbox (docs/api-rules.md §22) is read by the same worker onto its own row.
 */
import { eq, inArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Executor } from '../../db/client';
import { paymentAttachments, receiptInbox, receiptReadings } from '../../db/schema';
import type { Jobs } from '../../jobs/queue';
import type { Storage } from '../../lib/storage';
import { UnreadableReceipt } from './receipt-ocr';
import { receiptReader, type ReaderOptions, type ReceiptReader } from './receipt-reader';

const READ_QUEUE = 'receipt-read';
/** A read whose process died is tried again after this long. */
const READ_EXPIRE_SECONDS = 5 * 60;

/** One of the two: an attachment's receipt, or one in the inbox. */
interface ReadJob {
  attachmentId?: number;
  inboxId?: number;
}

export interface ReceiptReadings {
  /** Queues a reading of each attachment; its status is 'queued' until the job is done. */
  queue(attachmentIds: number[]): Promise<void>;
  /** Queues a reading of each inbox receipt, likewise. */
  queueInbox(inboxIds: number[]): Promise<void>;
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

type Outcome = Pick<typeof receiptReadings.$inferInsert, 'status' | 'fields' | 'error'>;

/** Where a job's receipt is stored, and where its outcome goes. */
function targetOf(db: Executor, job: ReadJob) {
  if (job.inboxId !== undefined) {
    const byId = eq(receiptInbox.id, job.inboxId);
    return {
      key: () =>
        db.select({ key: receiptInbox.storageKey }).from(receiptInbox).where(byId).then(first),
      keep: (outcome: Outcome) =>
        db
          .update(receiptInbox)
          .set({ ...outcome, updatedAt: new Date() })
          .where(byId),
    };
  }
  const attachmentId = job.attachmentId ?? 0;
  return {
    key: () =>
      db
        .select({ key: paymentAttachments.storageKey })
        .from(paymentAttachments)
        .where(eq(paymentAttachments.id, attachmentId))
        .then(first),
    keep: (outcome: Outcome) =>
      db
        .update(receiptReadings)
        .set({ ...outcome, updatedAt: new Date() })
        .where(eq(receiptReadings.attachmentId, attachmentId)),
  };
}

const first = <T>(rows: T[]) => rows[0];

/** Reads one stored receipt and keeps the outcome; a receipt removed meanwhile is skipped. */
async function readReceipt(
  { db, storage, log }: Omit<ReadingDeps, 'jobs'>,
  reader: ReceiptReader,
  job: ReadJob,
) {
  const target = targetOf(db, job);
  const stored = await target.key();
  const bytes = stored && (await storage.get(stored.key));
  if (!stored || !bytes) return;
  const type = stored.key.endsWith('.pdf') ? 'application/pdf' : 'image';
  let outcome: Outcome;
  try {
    outcome = { status: 'done', fields: await reader.read(bytes, type), error: null };
  } catch (err) {
    if (!(err instanceof UnreadableReceipt)) log.error({ err, ...job }, 'receipt read failed');
    // A failure the reader did not foresee would fail again: stored, not retried.
    const error = err instanceof UnreadableReceipt ? err.reason : 'failed';
    outcome = { status: 'failed', fields: null, error };
  }
  await target.keep(outcome);
}

/** Starts the reading worker (one read at a time: the OCR is CPU-bound) and returns the queue. */
export async function startReceiptReading(
  deps: ReadingDeps,
): Promise<ReceiptReadings & { close(): Promise<void> }> {
  const { db, jobs } = deps;
  const reader = receiptReader(deps.reader);
  await jobs.work<ReadJob>(READ_QUEUE, (job) => readReceipt(deps, reader, job), {
    concurrency: 1,
  });
  const send = (job: ReadJob, singletonKey: string) =>
    jobs.send<ReadJob>(READ_QUEUE, job, {
      singletonKey,
      retryLimit: 1,
      expireInSeconds: READ_EXPIRE_SECONDS,
    });
  return {
    async queue(attachmentIds) {
      if (attachmentIds.length === 0) return;
      await db
        .insert(receiptReadings)
        .values(attachmentIds.map((attachmentId) => ({ attachmentId, status: 'queued' as const })))
        .onConflictDoNothing();
      for (const attachmentId of attachmentIds) await send({ attachmentId }, String(attachmentId));
    },
    async queueInbox(inboxIds) {
      if (inboxIds.length === 0) return;
      await db
        .update(receiptInbox)
        .set({ status: 'queued', updatedAt: new Date() })
        .where(inArray(receiptInbox.id, inboxIds));
      for (const inboxId of inboxIds) await send({ inboxId }, `inbox:${inboxId}`);
    },
    close: () => reader.close(),
  };
}
