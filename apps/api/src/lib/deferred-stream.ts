import { Readable } from 'node:stream';

/**
 * A stream whose source is made only once it is read: the code that makes it (a PDF writer and
 * its library) is loaded by the first request that needs it instead of at start, which keeps it
 * out of an idle server's memory. Destroying this stream destroys the source; its errors are
 * this stream's.
 */
export function deferredStream(load: () => Promise<Readable>): Readable {
  async function* chunks() {
    yield* await load();
  }
  return Readable.from(chunks(), { objectMode: false });
}
