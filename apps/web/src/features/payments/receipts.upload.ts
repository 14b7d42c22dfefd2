/**
 * Sending dropped receipts to the inbox (docs/api-rules.md §22), ten per request as the server
 * takes them, with what a person wants to see of a long drop: how many receipts are in, the bytes
 * of the bar, and which files a refused request carried. A refused request does not stop the
 * others. The server refuses a request as a whole: a file it would refuse for its type or size is
 * left out before sending, and a request refused for one file's content (what the type and size
 * do not tell) is sent again file by file, so that one bad file does not take nine good ones down
 * with it. Files dropped while a drop is under way join its queue. Stopping, or closing the
 * inbox, aborts the request in flight and sends nothing more; what the server took stays in the
 * inbox.
 */
import { MAX_UPLOAD_BYTES } from '@helder/shared/http/client';
import { MAX_RECEIPTS_PER_REQUEST, receiptsRoutes } from '@helder/shared/receipts/client';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { isApiError } from '../../lib/api-error';
import { uploadApi } from '../../lib/upload';
import { inboxKey, scopeQuery } from './receipts.api';

/** The files of one refused request and why it was refused, or a file left out before sending. */
export interface UploadFailure {
  files: string[];
  error: unknown;
  /** Left out here: not a JPEG, PNG or PDF by its type, or larger than the server takes. */
  refused?: 'type' | 'tooLarge';
}

const RECEIPT_TYPES = new Set(['image/jpeg', 'image/png', 'application/pdf']);

/** What the server would refuse by a file's declared type or size (it checks the content too). */
function refusal(file: File): UploadFailure['refused'] {
  if (file.type !== '' && !RECEIPT_TYPES.has(file.type)) return 'type';
  if (file.size > MAX_UPLOAD_BYTES) return 'tooLarge';
  return undefined;
}

export interface UploadProgress {
  /** Receipts dropped, and those the server has taken. */
  total: number;
  sent: number;
  /** Bytes for the bar: of the requests done, plus the share of the one in flight. */
  bytes: number;
  totalBytes: number;
  failures: UploadFailure[];
  running: boolean;
  /** Stopped by the person before every file was sent. */
  stopped: boolean;
}

/** Refused for what one of its files is (type, size or pixels by content), not for the inbox. */
const refusedForAFile = (error: unknown) =>
  isApiError(error) &&
  (error.status === 413 ||
    error.status === 415 ||
    error.errors.some((fieldError) => fieldError.code === 'too_many_pixels'));

const sizeOf = (files: readonly File[]) => files.reduce((sum, file) => sum + file.size, 0);

export function useReceiptUpload(initiativeId?: number) {
  const queryClient = useQueryClient();
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const queue = useRef<File[]>([]);
  /** Files of a request refused for one of them: sent again, one per request, before the rest. */
  const alone = useRef<File[]>([]);
  const running = useRef<AbortController | null>(null);
  useEffect(() => () => running.current?.abort(), []);

  const update = (change: (old: UploadProgress) => Partial<UploadProgress>) =>
    setProgress((old) => (old === null ? old : { ...old, ...change(old) }));

  const run = async (signal: AbortSignal) => {
    let doneBytes = 0;
    while ((alone.current.length > 0 || queue.current.length > 0) && !signal.aborted) {
      const batch =
        alone.current.length > 0
          ? alone.current.splice(0, 1)
          : queue.current.splice(0, MAX_RECEIPTS_PER_REQUEST);
      const size = sizeOf(batch);
      const body = new FormData();
      for (const file of batch) body.append('files', file);
      try {
        const inbox = await uploadApi(receiptsRoutes.add, {
          query: scopeQuery(initiativeId),
          body,
          signal,
          // The request's bytes include the form's own; the bar counts the files'.
          onProgress: (loaded, total) => {
            const share = total > 0 ? Math.min(size, (loaded / total) * size) : 0;
            update(() => ({ bytes: doneBytes + share }));
          },
        });
        // The answer is the inbox itself: the new receipts show while the rest is sent.
        queryClient.setQueryData(inboxKey(initiativeId), inbox);
        update((old) => ({ sent: old.sent + batch.length }));
      } catch (error) {
        if (signal.aborted) break;
        if (batch.length > 1 && refusedForAFile(error)) {
          alone.current.push(...batch);
          update(() => ({ bytes: doneBytes }));
          continue;
        }
        const files = batch.map((file) => file.name);
        update((old) => ({ failures: [...old.failures, { files, error }] }));
      }
      doneBytes += size;
      update(() => ({ bytes: doneBytes }));
    }
    queue.current = [];
    alone.current = [];
    running.current = null;
    update(() => ({ running: false, stopped: signal.aborted }));
    // The request cut off may have arrived all the same: the inbox says.
    if (signal.aborted) void queryClient.invalidateQueries({ queryKey: inboxKey(initiativeId) });
  };

  const add = (dropped: readonly File[]) => {
    const left: UploadFailure[] = [];
    const files = dropped.filter((file) => {
      const refused = refusal(file);
      if (refused) left.push({ files: [file.name], error: null, refused });
      return !refused;
    });
    if (running.current) {
      queue.current.push(...files);
      update((old) => ({
        total: old.total + files.length,
        totalBytes: old.totalBytes + sizeOf(files),
        failures: [...old.failures, ...left],
      }));
      return;
    }
    if (dropped.length === 0) return;
    setProgress({
      total: files.length,
      sent: 0,
      bytes: 0,
      totalBytes: sizeOf(files),
      failures: left,
      running: files.length > 0,
      stopped: false,
    });
    if (files.length === 0) return;
    queue.current.push(...files);
    const controller = new AbortController();
    running.current = controller;
    void run(controller.signal);
  };

  return { progress, add, stop: () => running.current?.abort() };
}
