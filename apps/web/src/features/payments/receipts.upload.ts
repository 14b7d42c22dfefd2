/**
 * Sending dropped receipts to the inbox (docs/api-rules.md §22), ten per request as the server
 * takes them, with what a person wants to see of a long drop: how many receipts are in, the bytes
 * of the bar, and which files a refused request carried. A refused request does not stop the
 * others (the server refuses a request as a whole, so its files are named together). Files dropped
 * while a drop is under way join its queue. Stopping, or closing the inbox, aborts the request in
 * flight and sends nothing more; what the server took stays in the inbox.
 */
import { MAX_RECEIPTS_PER_REQUEST, receiptsRoutes } from '@helder/shared/receipts/client';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { uploadApi } from '../../lib/upload';
import { inboxKey, scopeQuery } from './receipts.api';

/** The files of one refused request, and why it was refused. */
export interface UploadFailure {
  files: string[];
  error: unknown;
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

const sizeOf = (files: readonly File[]) => files.reduce((sum, file) => sum + file.size, 0);

export function useReceiptUpload(initiativeId?: number) {
  const queryClient = useQueryClient();
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const queue = useRef<File[]>([]);
  const running = useRef<AbortController | null>(null);
  useEffect(() => () => running.current?.abort(), []);

  const update = (change: (old: UploadProgress) => Partial<UploadProgress>) =>
    setProgress((old) => (old === null ? old : { ...old, ...change(old) }));

  const run = async (signal: AbortSignal) => {
    let doneBytes = 0;
    while (queue.current.length > 0 && !signal.aborted) {
      const batch = queue.current.splice(0, MAX_RECEIPTS_PER_REQUEST);
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
        const files = batch.map((file) => file.name);
        update((old) => ({ failures: [...old.failures, { files, error }] }));
      }
      doneBytes += size;
      update(() => ({ bytes: doneBytes }));
    }
    queue.current = [];
    running.current = null;
    update(() => ({ running: false, stopped: signal.aborted }));
    // The request cut off may have arrived all the same: the inbox says.
    if (signal.aborted) void queryClient.invalidateQueries({ queryKey: inboxKey(initiativeId) });
  };

  const add = (files: readonly File[]) => {
    if (files.length === 0) return;
    queue.current.push(...files);
    if (running.current) {
      update((old) => ({
        total: old.total + files.length,
        totalBytes: old.totalBytes + sizeOf(files),
      }));
      return;
    }
    const controller = new AbortController();
    running.current = controller;
    setProgress({
      total: files.length,
      sent: 0,
      bytes: 0,
      totalBytes: sizeOf(files),
      failures: [],
      running: true,
      stopped: false,
    });
    void run(controller.signal);
  };

  return { progress, add, stop: () => running.current?.abort() };
}
