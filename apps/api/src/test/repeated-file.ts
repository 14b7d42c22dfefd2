import { once } from 'node:events';
import { createWriteStream } from 'node:fs';

/**
 * Writes `head`, then `piece` `times` times, then `tail` to `path`, a megabyte at a time, so that
 * a test can make a file of hundreds of megabytes without ever holding it.
 */
export async function writeRepeated(
  path: string,
  head: string,
  piece: string,
  times: number,
  tail: string,
) {
  const out = createWriteStream(path);
  const perBlock = Math.max(1, Math.floor((1024 * 1024) / piece.length));
  const block = piece.repeat(perBlock);
  const write = async (text: string) => {
    if (!out.write(text)) await once(out, 'drain');
  };
  await write(head);
  let left = times;
  for (; left >= perBlock; left -= perBlock) await write(block);
  await write(piece.repeat(left));
  await write(tail);
  out.end();
  await once(out, 'finish');
  return path;
}
