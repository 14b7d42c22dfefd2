import type { Worker } from 'tesseract.js';
import { parseReceipt, type ReceiptFields, type ReceiptLine } from './receipt-parse';
import {
  pdfLines,
  pictureLines,
  startOcr,
  UnreadableReceipt,
  type OcrOptions,
} from './receipt-ocr';

export interface ReceiptReader {
  /** The fields a receipt proposes; throws UnreadableReceipt when it cannot be read. */
  read(input: Buffer, type: string): Promise<ReceiptFields>;
  close(): Promise<void>;
}

export interface ReaderOptions extends OcrOptions {
  /** A read that takes longer is given up, and its worker ended. */
  timeoutMs?: number;
  /** An idle worker is ended after this long, giving its memory (~100 MB) back. */
  idleMs?: number;
}

/**
 * One OCR worker per process, started on the first picture and shared by the reads, which run
 * one at a time: each is CPU-bound, and the queue runs one per instance anyway.
 */
export function receiptReader(options: ReaderOptions = {}): ReceiptReader {
  const { timeoutMs = 60_000, idleMs = 60_000 } = options;
  let worker: Promise<Worker> | undefined;
  let idle: NodeJS.Timeout | undefined;
  let turn: Promise<unknown> = Promise.resolve();

  const end = async () => {
    const ending = worker;
    worker = undefined;
    await ending?.then((w) => w.terminate()).catch(() => {});
  };

  const lines = async (input: Buffer, type: string): Promise<ReceiptLine[]> => {
    if (type === 'application/pdf') return pdfLines(input);
    worker ??= startOcr(options);
    const started = worker;
    started.catch(() => {
      if (worker === started) worker = undefined;
    });
    return pictureLines(await started, input);
  };

  const readNow = async (input: Buffer, type: string) => {
    clearTimeout(idle);
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new UnreadableReceipt('timeout')), timeoutMs);
    });
    try {
      return parseReceipt(await Promise.race([lines(input, type), timeout]));
    } catch (err) {
      // A worker stopped halfway cannot be trusted with the next picture.
      if (err instanceof UnreadableReceipt && err.reason === 'timeout') await end();
      throw err;
    } finally {
      clearTimeout(timer);
      idle = setTimeout(() => void end(), idleMs);
      idle.unref();
    }
  };

  return {
    read(input, type) {
      const result = turn.then(() => readNow(input, type));
      turn = result.catch(() => {});
      return result;
    },
    async close() {
      clearTimeout(idle);
      await turn;
      await end();
    },
  };
}
